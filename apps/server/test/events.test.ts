// The telemetry sink: the web app's beacons are counted as names and keys only, and only failures are logged
// (the funnel's counters are tested in funnel.test.ts).

import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { CSRF_COOKIE } from '../src/plugins/anti-forgery'
import {
  EVENTS_BODY_LIMIT_BYTES,
  KNOWN_EVENTS,
  OTHER,
  telemetryLogFields,
} from '../src/routes/api/events'
import { startTestApp, type TestApp } from './test-app'

const BEACON_TYPE = 'text/plain;charset=UTF-8'

let testApp: TestApp
let token: string

beforeEach(async () => {
  testApp = await startTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '0' })
  token = (await testApp.app.inject({ method: 'GET', url: '/api/csrf' })).json<{ token: string }>()
    .token
})
afterEach(async () => {
  await testApp.close()
})

function send(
  payload: string,
  contentType = 'application/json',
  headers: Record<string, string> = { 'x-csrf-token': token },
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: {
      cookie: `${CSRF_COOKIE}=${token}`,
      'content-type': contentType,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload,
  })
}

/** What sendBeacon sends: a string body (text/plain), the token in the body, no custom header. */
function beacon(body: Record<string, unknown>, extra: Record<string, string> = {}) {
  return send(JSON.stringify({ ...body, csrf: token }), BEACON_TYPE, extra)
}

function telemetryLines(): Record<string, unknown>[] {
  return testApp
    .logLines()
    .filter((line) => line.msg === 'telemetry event')
    .map(({ event, step, messageKey, applicationId }) =>
      Object.fromEntries(
        Object.entries({ event, step, messageKey, applicationId }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
    )
}

test('a JSON event with the header token is counted and answered 204 with no body', async () => {
  const response = await send(JSON.stringify({ event: 'Started', category: 'Application form' }))
  expect(response.statusCode).toBe(204)
  expect(response.body).toBe('')
  expect(testApp.app.eventCounter.snapshot()).toEqual({ Started: 1 })
  // Analytics are counted, not logged (decision 2112).
  expect(telemetryLines()).toEqual([])
})

test('a beacon (text/plain JSON, token in the body, no header) is accepted', async () => {
  const response = await beacon({ event: 'Submit', step: 'submit' })
  expect(response.statusCode).toBe(204)
  expect(testApp.app.eventCounter.snapshot()).toEqual({ Submit: 1 })
})

test('an empty x-csrf-token header counts as none, so the body token decides', async () => {
  const response = await beacon({ event: 'Started' }, { 'x-csrf-token': '' })
  expect(response.statusCode).toBe(204)
})

test('the web client’s own body (a JSON Blob with a timestamp) is accepted and the extra field dropped', async () => {
  const body = { event: 'Load Error', category: 'Application form', step: '/address/2' }
  const response = await send(JSON.stringify({ ...body, at: new Date().toISOString() }))
  expect(response.statusCode).toBe(204)
  expect(telemetryLines()).toEqual([{ event: 'Load Error', step: '/address/2' }])
})

test.each<[string, () => Record<string, unknown>]>([
  ['a body token that differs from the cookie', () => ({ csrf: `${token}x` })],
  ['a forged body token', () => ({ csrf: `${token.split('.')[0]}.forged` })],
  ['no token at all', () => ({})],
])('a beacon with %s is refused with 403', async (_name, extra) => {
  const response = await send(JSON.stringify({ event: 'Started', ...extra() }), BEACON_TYPE, {})
  expect(response.statusCode).toBe(403)
  expect(response.json()).toEqual({ error: 'Forbidden' })
  expect(testApp.app.eventCounter.snapshot()).toEqual({})
})

test('a beacon sent cross-site is refused even with the right token', async () => {
  const response = await beacon({ event: 'Started' }, { 'sec-fetch-site': 'cross-site' })
  expect(response.statusCode).toBe(403)
})

test('the body token is accepted by the telemetry sink only, not by other writes', async () => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/application/${randomUUID()}`,
    headers: { cookie: `${CSRF_COOKIE}=${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ csrf: token }),
  })
  expect(response.statusCode).toBe(403)
})

test.each<[string, string, string, number, string]>([
  ['malformed JSON under text/plain', '{"event":', BEACON_TYPE, 400, 'Body is not valid JSON'],
  ['an empty text/plain body', '', BEACON_TYPE, 400, 'Body is not valid JSON'],
  [
    'malformed JSON under application/json',
    '{"event":',
    'application/json',
    400,
    "Body is not valid JSON but content-type is set to 'application/json'",
  ],
  [
    'a JSON string instead of an object',
    '"Started"',
    'application/json',
    400,
    'body must be object',
  ],
  [
    'no event',
    '{"step":"submit"}',
    'application/json',
    400,
    "body must have required property 'event'",
  ],
  [
    'an empty event',
    '{"event":""}',
    'application/json',
    400,
    'body/event must NOT have fewer than 1 characters',
  ],
  [
    'an event name of 65 characters',
    JSON.stringify({ event: 'E'.repeat(65) }),
    'application/json',
    400,
    'body/event must NOT have more than 64 characters',
  ],
  [
    'an object as the event',
    '{"event":{"name":"Started"}}',
    'application/json',
    400,
    'body/event must be string',
  ],
  [
    'a form post',
    'event=Started',
    'application/x-www-form-urlencoded',
    415,
    'Unsupported Media Type',
  ],
  [
    `a body over ${EVENTS_BODY_LIMIT_BYTES} bytes`,
    JSON.stringify({ event: 'Started', label: 'x'.repeat(EVENTS_BODY_LIMIT_BYTES) }),
    BEACON_TYPE,
    413,
    'Request body is too large',
  ],
])('%s is refused with a clear JSON message', async (_name, payload, type, status, message) => {
  const response = await send(payload, type)
  expect(response.statusCode).toBe(status)
  expect(response.json<{ error: string }>().error).toContain(message)
  expect(testApp.app.eventCounter.snapshot()).toEqual({})
})

test('events are counted per name; names the app never sends share one count', async () => {
  for (const event of [
    'Started',
    'Validation Error',
    'Validation Error',
    'Mystery',
    'Other thing',
  ]) {
    expect((await beacon({ event })).statusCode).toBe(204)
  }
  expect(testApp.app.eventCounter.snapshot()).toEqual({
    Started: 1,
    'Validation Error': 2,
    [OTHER]: 2,
  })
})

test('failures are logged with the event, step and message key, never other values; analytics are not logged', async () => {
  const guid = randomUUID()
  await beacon({
    event: 'Validation Error',
    category: 'Application form',
    label: 'Please try again. That email address doesn’t look right.',
    step: 'contact',
    messageKey: 'email.invalid',
  })
  await beacon({ event: 'Submission Error', label: guid, step: 'submit' })
  await beacon({ event: 'Load Error', step: 'modal:terms' })
  expect(telemetryLines()).toEqual([
    { event: 'Submission Error', step: 'submit', applicationId: guid },
    { event: 'Load Error', step: 'modal:terms' },
  ])
})

test.each<[string, Record<string, string>, Record<string, string>]>([
  ['an unknown event name', { event: 'jane@example.com' }, { event: OTHER }],
  [
    'a step that is no route of the journey',
    { event: 'Load Error', step: '/jane-smith' },
    { event: 'Load Error', step: OTHER },
  ],
  [
    'a message key that does not exist',
    { event: 'Validation Error', messageKey: 'SW1A 1AA' },
    { event: 'Validation Error', messageKey: OTHER },
  ],
  [
    'a label that is not an application id',
    { event: 'Submission Error', label: 'Jane Smith 07700 900123' },
    { event: 'Submission Error' },
  ],
  [
    'an entry number beyond any history',
    { event: 'Load Error', step: '/address/123' },
    { event: 'Load Error', step: OTHER },
  ],
])('%s is logged as a placeholder, not as sent', (_name, body, logged) => {
  expect(telemetryLogFields(body as { event: string })).toEqual(logged)
})

test('every event name the web app sends is known', () => {
  expect([...KNOWN_EVENTS].sort()).toEqual(
    [
      'Load Error',
      'Page View',
      'Started',
      'Step Viewed',
      'Submission Error',
      'Submit',
      'Submit Error',
      'Validation Error',
    ].sort(),
  )
})
