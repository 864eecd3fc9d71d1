// Personal data never reaches the logs (docs/requirements.md#security). Canary values — a name, an
// email address, a phone number, a postcode, client addresses — go through every endpoint wherever an
// applicant's data travels (bodies, query strings, headers, cookies), along the success paths and every
// refusal (400, 403, 404, 409, 413, 415, 429) and the address provider's failures; afterwards no log line
// holds any of them, in any case, nor from a path a client filled with them.

import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { CSRF_COOKIE } from '../src/plugins/anti-forgery'
import { startFakeLender } from './fake-lender'
import { startFakePostcodeApi, type FakePostcodeApi } from './fake-postcode-api'
import { makeWebDist, startTestApp, type TestApp } from './test-app'
import { withBrowserSecret } from '../faults/support/browser-secret'

const FIRST_NAME = 'Zyxcanary'
const LAST_NAME = 'Qwertyson'
const EMAIL = 'zyxcanary.qwertyson@example.com'
const PHONE = '07911 734826'
const POSTCODE = 'KT19 9QX'
const CLIENT_IP = '203.0.113.77'
const FLOODING_CLIENT_IP = '203.0.113.78'
const ADDRESS_API_KEY = 'ak_zyxcanary_key_4471'

/** Searched for case-insensitively, in every spelling a value might be logged in. */
const CANARIES = [
  FIRST_NAME,
  LAST_NAME,
  EMAIL,
  'zyxcanary.qwertyson%40example.com',
  PHONE,
  PHONE.replace(' ', ''),
  '7911734826',
  POSTCODE,
  POSTCODE.replace(' ', ''),
  'KT19+9QX',
  'KT19%209QX',
  CLIENT_IP,
  FLOODING_CLIENT_IP,
  ADDRESS_API_KEY,
]

const QUERY = `?email=${encodeURIComponent(EMAIL)}&name=${FIRST_NAME}+${LAST_NAME}&phone=${encodeURIComponent(PHONE)}&gclid=${FIRST_NAME}`

const HEADERS = {
  'user-agent': `${FIRST_NAME}Browser/1.0`,
  referer: `https://www.example.com/?name=${LAST_NAME}`,
  'x-forwarded-for': CLIENT_IP,
}

function findCanaries(logText: string): string[] {
  const text = logText.toLowerCase()
  return CANARIES.filter((canary) => text.includes(canary.toLowerCase()))
}

function canaryState(key: string) {
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  Object.assign(state.form, {
    firstName: FIRST_NAME,
    lastName: LAST_NAME,
    email: EMAIL,
    contactNumber: PHONE,
    remoteAddress: CLIENT_IP,
    userAgent: HEADERS['user-agent'],
    gclid: FIRST_NAME,
    referrer: HEADERS.referer,
  })
  const [first, ...rest] = state.form.addresses
  state.form.addresses = [{ ...first!, street: `${LAST_NAME} Road`, postcode: POSTCODE }, ...rest]
  return state
}

const canarySubmission = (key: string) =>
  toFullSubmissionPayload(canaryState(key), { brand: brands.carfinance, now: new Date() })
const canaryPartial = (key: string) =>
  toPartialPayload(canaryState(key), { brand: brands.carfinance, now: new Date() })

let testApp: TestApp
let addressApp: TestApp
let fakeApi: FakePostcodeApi
let cleanupWebDist: () => Promise<void>

beforeAll(async () => {
  const webDist = await makeWebDist()
  cleanupWebDist = webDist.cleanup
  testApp = await startTestApp({
    WEB_DIST_DIR: webDist.dir,
    TRUST_PROXY: 'loopback',
    // Room for every request below from one client; a second client floods to reach 429.
    RATE_LIMIT_WRITES_PER_MINUTE: '40',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '40',
  })
  fakeApi = await startFakePostcodeApi({
    apiKey: ADDRESS_API_KEY,
    postcodes: {
      [POSTCODE.replace(' ', '')]: [
        {
          udprn: 99000001,
          postcode: POSTCODE,
          building_name: `${LAST_NAME} House`,
          building_number: '',
          sub_building_name: '',
          thoroughfare: `${FIRST_NAME} Street`,
          dependant_locality: '',
          post_town: 'EPSOM',
          county: '',
          line_1: `${LAST_NAME} House`,
          line_2: `${FIRST_NAME} Street`,
          line_3: '',
        },
      ],
    },
  })
  addressApp = await startTestApp({
    ADDRESS_PROVIDER: 'ideal-postcodes',
    ADDRESS_API_KEY,
    ADDRESS_API_URL: fakeApi.url,
    ADDRESS_API_TIMEOUT_MS: '200',
    TRUST_PROXY: 'loopback',
  })
})

afterAll(async () => {
  await testApp?.close()
  await addressApp?.close()
  await fakeApi?.close()
  await cleanupWebDist?.()
})

async function tokenHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: `/api/csrf${QUERY}`, headers: HEADERS })
  const { token } = response.json<{ token: string }>()
  return { ...HEADERS, cookie: `${CSRF_COOKIE}=${token}`, 'x-csrf-token': token }
}

function json(body: unknown): string {
  return JSON.stringify(body)
}

test('no canary reaches the log from any endpoint, success or refusal', async () => {
  const { app } = testApp
  const write = await tokenHeaders(app)
  const key = randomUUID()
  const partialKey = randomUUID()
  const submission = canarySubmission(key)
  const expectations: [InjectOptions, number][] = [
    // Submission: stored, replayed, conflicting, invalid, malformed, too large, wrong type.
    [{ method: 'POST', url: `/api/submission/${key}${QUERY}`, payload: json(submission) }, 201],
    [{ method: 'POST', url: `/api/submission/${key}${QUERY}`, payload: json(submission) }, 201],
    [
      {
        method: 'POST',
        url: `/api/submission/${key}`,
        payload: json({ ...submission, lastName: `${LAST_NAME}-Smith` }),
      },
      409,
    ],
    [
      {
        method: 'POST',
        url: `/api/submission/${randomUUID()}`,
        payload: json({
          ...canarySubmission(randomUUID()),
          email: `${FIRST_NAME}@`,
          contactNumber: '0',
        }),
      },
      400,
    ],
    [
      {
        method: 'POST',
        url: `/api/submission/${randomUUID()}`,
        payload: `{"firstName": "${FIRST_NAME}", "email": "${EMAIL}"`,
      },
      400,
    ],
    [
      {
        method: 'POST',
        url: `/api/submission/${randomUUID()}`,
        payload: json({ firstName: FIRST_NAME, padding: `${EMAIL} `.repeat(3000) }),
      },
      413,
    ],
    [
      {
        method: 'POST',
        url: `/api/submission/${randomUUID()}`,
        headers: { 'content-type': 'application/xml' },
        payload: `<name>${FIRST_NAME} ${LAST_NAME}</name>`,
      },
      415,
    ],
    [
      {
        method: 'POST',
        url: `/api/submission/not-a-key${QUERY}`,
        payload: json(submission),
      },
      400,
    ],
    // Partial save: saved, then after submission left alone, and a bad key.
    [
      {
        method: 'POST',
        url: `/api/application/${partialKey}${QUERY}`,
        payload: json(canaryPartial(partialKey)),
      },
      202,
    ],
    [{ method: 'POST', url: `/api/application/${key}`, payload: json(canaryPartial(key)) }, 200],
    [
      {
        method: 'POST',
        url: `/api/application/not-a-key${QUERY}`,
        payload: json(canaryPartial(partialKey)),
      },
      400,
    ],
    [
      {
        method: 'POST',
        url: `/api/application/${randomUUID()}`,
        payload: json({ ...canaryPartial(partialKey), email: { value: EMAIL } }),
      },
      400,
    ],
    // Address lookup, stock, client address.
    [
      {
        method: 'GET',
        url: `/api/address?postcode=${encodeURIComponent(POSTCODE)}&name=${FIRST_NAME}`,
      },
      200,
    ],
    [{ method: 'GET', url: `/api/address?postcode=${FIRST_NAME}+${LAST_NAME}` }, 400],
    [{ method: 'GET', url: `/api/stock/no-such-vehicle${QUERY}` }, 404],
    [{ method: 'GET', url: `/api/stock/not%20an%20id${QUERY}` }, 400],
    [{ method: 'GET', url: `/api/ip${QUERY}&format=json` }, 200],
    // Telemetry: canaries in every field, known and unknown, and as a beacon.
    [
      {
        method: 'POST',
        url: `/api/events${QUERY}`,
        payload: json({
          event: `${FIRST_NAME} ${LAST_NAME}`,
          category: EMAIL,
          label: PHONE,
          step: `/${LAST_NAME}`,
          messageKey: POSTCODE,
          email: EMAIL,
        }),
      },
      204,
    ],
    [
      {
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-csrf-token': '' },
        payload: json({
          event: 'Validation Error',
          label: `Please enter ${EMAIL}`,
          csrf: write['x-csrf-token'],
        }),
      },
      204,
    ],
    [
      {
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: `{"event": "${FIRST_NAME}"`,
      },
      400,
    ],
    [{ method: 'POST', url: '/api/events', payload: json({ event: EMAIL.repeat(3) }) }, 400],
    // The rest of the API, pages and files.
    [{ method: 'GET', url: `/api/openapi.json${QUERY}` }, 200],
    [{ method: 'GET', url: `/api/health${QUERY}` }, 200],
    [{ method: 'GET', url: `/api/ready${QUERY}` }, 200],
    [{ method: 'GET', url: `/api/nowhere/at-all${QUERY}` }, 404],
    [{ method: 'PUT', url: `/api/submission/${key}${QUERY}`, payload: json(submission) }, 404],
    [{ method: 'GET', url: `/no-such-picture.png${QUERY}` }, 404],
    [
      {
        method: 'GET',
        url: `/personal${QUERY}`,
        headers: { accept: 'text/html' },
      },
      200,
    ],
    [{ method: 'GET', url: `/date-of-birth${QUERY}`, headers: { accept: 'text/html' } }, 200],
  ]

  const forged: [InjectOptions, number][] = [
    // Anti-forgery refusals: no token, a made-up one, a cross-site request.
    [
      { method: 'POST', url: `/api/submission/${randomUUID()}${QUERY}`, payload: json(submission) },
      403,
    ],
    [
      {
        method: 'POST',
        url: `/api/application/${partialKey}`,
        headers: { cookie: `${CSRF_COOKIE}=${FIRST_NAME}`, 'x-csrf-token': FIRST_NAME },
        payload: json(canaryPartial(partialKey)),
      },
      403,
    ],
    [
      {
        method: 'POST',
        url: '/api/events',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
        payload: json({ event: 'Started', label: EMAIL, csrf: FIRST_NAME }),
      },
      403,
    ],
  ]

  for (const [options, status] of expectations) {
    const response = await app.inject({
      ...options,
      headers: withBrowserSecret(String(options.url), {
        'content-type': 'application/json',
        ...write,
        ...options.headers,
      }),
    })
    expect(response.statusCode, `${options.method} ${options.url}`).toBe(status)
  }
  for (const [options, status] of forged) {
    const response = await app.inject({
      ...options,
      headers: { 'content-type': 'application/json', ...HEADERS, ...options.headers },
    })
    expect(response.statusCode, `${options.method} ${options.url}`).toBe(status)
  }

  // 429: another client floods writes and lookups, carrying the canaries.
  const flood = { ...write, 'x-forwarded-for': FLOODING_CLIENT_IP }
  let limited = { writes: 0, lookups: 0 }
  for (let i = 0; i < 45; i++) {
    const written = await app.inject({
      method: 'POST',
      url: `/api/application/${partialKey}${QUERY}`,
      headers: withBrowserSecret(`/api/application/${partialKey}`, {
        'content-type': 'application/json',
        ...flood,
      }),
      payload: json(canaryPartial(partialKey)),
    })
    const looked = await app.inject({
      method: 'GET',
      url: `/api/address?postcode=${encodeURIComponent(POSTCODE)}&email=${EMAIL}`,
      headers: flood,
    })
    limited = {
      writes: limited.writes + (written.statusCode === 429 ? 1 : 0),
      lookups: limited.lookups + (looked.statusCode === 429 ? 1 : 0),
    }
  }
  expect(limited).toEqual({ writes: 5, lookups: 5 })

  // The canaries did arrive: the log is searched after real work, not an empty one.
  const completed = testApp.logLines().filter((line) => line.msg === 'request completed')
  expect(completed.length).toBeGreaterThanOrEqual(expectations.length + forged.length + 90)
  expect(findCanaries(testApp.logText())).toEqual([])
})

test('no canary reaches the log from the postcode API adapter, answering or failing', async () => {
  const { app } = addressApp
  const lookup = () =>
    app.inject({
      method: 'GET',
      url: `/api/address?postcode=${encodeURIComponent(POSTCODE)}&email=${EMAIL}`,
      headers: HEADERS,
    })
  const found = await lookup()
  expect(found.statusCode).toBe(200)
  expect(found.body).toContain(`${LAST_NAME} House`)
  const statuses: number[] = []
  for (const behaviour of ['server-error', 'not-json', 'no-result', 'bare-404', 'stall'] as const) {
    fakeApi.behaviour = behaviour
    statuses.push((await lookup()).statusCode)
  }
  fakeApi.behaviour = 'normal'
  expect(statuses.every((status) => status >= 400)).toBe(true)
  // Every lookup reached the fake with the canary postcode and key.
  expect(fakeApi.requests.length).toBeGreaterThanOrEqual(6)
  expect(findCanaries(addressApp.logText())).toEqual([])
})

test('no canary reaches the log from lender delivery, delivered or failed', async () => {
  const secret = () => `whsec_${randomBytes(32).toString('base64')}`
  const accepting = { secret: secret() }
  const failing = { secret: secret() }
  const lender = await startFakeLender(accepting)
  const down = await startFakeLender({ ...failing, alwaysStatus: 500 })
  const deliveryApp = await startTestApp({
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: [
        { id: 'accepting', url: lender.url, ...accepting },
        { id: 'failing', url: down.url, ...failing },
      ],
    }),
    FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
  })
  try {
    const { app } = deliveryApp
    const key = randomUUID()
    const response = await app.inject({
      method: 'POST',
      url: `/api/submission/${key}${QUERY}`,
      headers: withBrowserSecret(`/api/submission/${key}`, {
        'content-type': 'application/json',
        ...(await tokenHeaders(app)),
      }),
      payload: json(canarySubmission(key)),
    })
    expect(response.statusCode).toBe(201)
    await vi.waitFor(
      () => {
        expect(lender.accepted.get(key)?.body).toMatchObject({ firstName: FIRST_NAME })
        expect(down.received.length).toBeGreaterThan(0)
        expect(deliveryApp.logText()).toContain('delivery attempt')
      },
      { timeout: 15_000, interval: 50 },
    )
    expect(findCanaries(deliveryApp.logText())).toEqual([])
  } finally {
    await deliveryApp.close()
    await lender.close()
    await down.close()
  }
}, 30_000)

// A client may put anything in a path: the request log writes a matched route's pattern, and a path no
// route matched only as the page that answered it names it (src/logging.ts), never as it came.
test('a canary in a path segment is not logged', async () => {
  const { app } = testApp
  const before = testApp.logLines().length
  const html = { ...HEADERS, accept: 'text/html' }
  const requests: InjectOptions[] = [
    { method: 'GET', url: `/api/stock/${EMAIL}`, headers: HEADERS },
    { method: 'GET', url: `/api/${FIRST_NAME}/${encodeURIComponent(PHONE)}`, headers: HEADERS },
    { method: 'GET', url: `/${FIRST_NAME}-${LAST_NAME}`, headers: html },
    { method: 'GET', url: `/date-of-birth/${EMAIL}`, headers: html },
    { method: 'GET', url: `/continue/${EMAIL}/${LAST_NAME}`, headers: html },
    { method: 'GET', url: `/assets/${EMAIL}.js`, headers: HEADERS },
    { method: 'POST', url: `/${POSTCODE.replace(' ', '')}`, headers: HEADERS, payload: '{}' },
    {
      method: 'OPTIONS',
      url: `/api/${EMAIL}`,
      headers: { ...HEADERS, origin: 'http://localhost' },
    },
    {
      method: 'GET',
      url: `/applications/${EMAIL}`,
      headers: { ...html, host: 'backoffice.localhost' },
    },
  ]
  for (const request of requests) await app.inject(request)
  const lines = testApp.logLines().slice(before)
  const paths = lines.map((line) => (line.req as { path?: string } | undefined)?.path)
  expect(paths.filter((path) => path !== undefined)).toHaveLength(requests.length)
  expect(paths).toContain('[unmatched]')
  expect(findCanaries(lines.map((line) => JSON.stringify(line)).join('\n'))).toEqual([])
})
