// Proxies and hosts (decisions 1572, 1573): the attacks of a client that lies about its host, its site or its
// address. Each test sends the attack and checks it is refused, or that what the client claimed is kept
// only as the client's.

import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { withBrowserSecret } from '../faults/support/browser-secret'
import { findApplication } from '../src/repositories/application-repository'
import { HOST_MESSAGES } from '../src/plugins/allowed-hosts'
import { HTTPS_ONLY } from '../src/plugins/back-office-front-end'
import { SUBMISSION_MESSAGES } from '../src/routes/api/submission'
import {
  applicationUrl,
  partialPayload,
  startEngineApp,
  submissionUrl,
  validSubmission,
  writeHeaders,
  type EngineApp,
} from './submission-test-helpers'
import { makeWebDist, startTestApp, type TestApp } from './test-app'
import { openSqlite } from './test-databases'

const sqlite = { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite } as const
const HARBOURLEND_KEY = 'aff-hrbl-5c81e2'
const PRODUCTION = {
  NODE_ENV: 'production',
  FORECOURT_SECRET: 'x'.repeat(48),
  FORECOURT_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
  RETENTION_JOB: 'off',
  MAIL_TRANSPORT: 'file',
  DELIVERY_WORKER: 'off',
}

let testApp: TestApp | undefined
let engineApp: EngineApp | undefined
afterEach(async () => {
  await testApp?.close()
  await engineApp?.close()
  testApp = undefined
  engineApp = undefined
})

const otherBrand = {
  error: 'Invalid application',
  errors: [{ field: 'affiliateKey', message: SUBMISSION_MESSAGES.otherBrand }],
}

test.each(
  (
    [
      ['an unknown host, in development', {}, 'evil.example', 421],
      ['a *.localhost host, in production', PRODUCTION, 'harbourlend.localhost:3000', 421],
      ['localhost, in production', PRODUCTION, 'localhost', 421],
      ['a brand domain, in production', PRODUCTION, 'www.harbourlend.example', 200],
      [
        'a brand domain with a port and a trailing dot',
        PRODUCTION,
        'harbourlend.example.:443',
        200,
      ],
      // Served, but the back-office host answers only the back office's API.
      ['the back-office host', PRODUCTION, 'backoffice.localhost', 404],
      [
        'a host of ALLOWED_HOSTS',
        { ...PRODUCTION, ALLOWED_HOSTS: 'api.example.net' },
        'API.example.net',
        200,
      ],
      [
        'an IPv6 address of ALLOWED_HOSTS',
        { ...PRODUCTION, ALLOWED_HOSTS: '2001:db8::5' },
        '[2001:db8::5]:443',
        200,
      ],
      ['any host with ALLOWED_HOSTS=*', { ...PRODUCTION, ALLOWED_HOSTS: '*' }, 'evil.example', 200],
      ['a *.localhost host, in development', {}, 'scorepal.localhost:3000', 200],
      ['127.0.0.1, in development', {}, '127.0.0.1:3000', 200],
    ] as const
  ).map(([name, env, host, status]) => ({ name, env, host, status })),
)('$name: GET /api/ip → $status', async ({ env, host, status }) => {
  testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off', ...env })
  const response = await testApp.app.inject({ method: 'GET', url: '/api/ip', headers: { host } })
  expect(response.statusCode).toBe(status)
  if (status === 421) expect(response.json()).toEqual({ error: HOST_MESSAGES.misdirected })
})

test('the probes answer whatever the host: a load balancer asks by address', async () => {
  testApp = await startTestApp(PRODUCTION)
  for (const url of ['/api/health', '/api/ready']) {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { host: '10.0.0.5:3000' },
    })
    expect(response.statusCode).toBe(200)
  }
})

test('in production the back office over plain HTTP: pages go to https://, calls are refused, no cookie is set', async () => {
  testApp = await startTestApp(PRODUCTION)
  const host = 'backoffice.localhost'
  const page = await testApp.app.inject({ method: 'GET', url: '/enrol', headers: { host } })
  expect(page.statusCode).toBe(308)
  expect(page.headers.location).toBe('https://backoffice.localhost/enrol')
  const signIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/back-office/sign-in',
    headers: { host, 'content-type': 'application/json' },
    payload: { email: 'ann@broker.example', password: 'x'.repeat(12), code: '123456' },
  })
  expect(signIn.statusCode).toBe(403)
  expect(signIn.json()).toEqual({ error: HTTPS_ONLY })
  expect(signIn.headers['set-cookie']).toBeUndefined()
  // The probes still answer over HTTP on that host, and a proxy that ended TLS is believed when trusted.
  const health = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { host } })
  expect(health.statusCode).toBe(200)
  await testApp.close()
  testApp = await startTestApp({ ...PRODUCTION, TRUST_PROXY: '1' })
  const viaProxy = await testApp.app.inject({
    method: 'GET',
    url: '/api/back-office/session',
    headers: { host, 'x-forwarded-proto': 'https' },
  })
  expect(viaProxy.statusCode).toBe(401)
})

test('an 8,000-character Host is refused with 431', async () => {
  testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off' })
  const host = `${'a'.repeat(7990)}.localhost`
  const response = await testApp.app.inject({ method: 'GET', url: '/api/ip', headers: { host } })
  expect(response.statusCode).toBe(431)
  expect(response.json()).toEqual({ error: HOST_MESSAGES.tooLong })
})

test('two Host headers are refused with 400', async () => {
  testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off' })
  await testApp.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = testApp.app.server.address() as AddressInfo
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
    socket.write(
      'GET /api/ip HTTP/1.1\r\nHost: carfinance.localhost\r\nHost: harbourlend.localhost\r\nConnection: close\r\n\r\n',
    )
  })
  expect(answer).toMatch(/^HTTP\/1\.1 400 /)
  expect(answer).toContain(JSON.stringify({ error: HOST_MESSAGES.twoHosts }))
})

test('`/` varies by Host, and says so to caches', async () => {
  const dist = await makeWebDist()
  try {
    testApp = await startTestApp({ WEB_DIST_DIR: dist.dir, RETENTION_JOB: 'off' })
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'milebroker.localhost', accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(String(response.headers.vary).toLowerCase().split(/,\s*/)).toContain('host')
  } finally {
    await dist.cleanup()
  }
})

test('a submission carrying another brand’s affiliate key is refused on this brand’s site', async () => {
  engineApp = await startEngineApp(sqlite)
  const body = validSubmission()
  const answer = await engineApp.post(submissionUrl(body.submissionKey), body, {
    host: 'harbourlend.localhost:3000',
  })
  expect(answer.statusCode).toBe(400)
  // Refused, and kept for the broker under its reference (decision 1504).
  expect(answer.json()).toEqual({
    ...otherBrand,
    error: 'Invalid submission',
    submissionKey: body.submissionKey,
    reference: applicationReference(body.submissionKey),
    status: 'needs-attention',
  })
  // On its own brand's site it is accepted.
  const own = await engineApp.post(submissionUrl(body.submissionKey), body, {
    host: 'carfinance.localhost:3000',
  })
  expect(own.statusCode).toBe(201)
})

test('a partial save carrying another brand’s affiliate key is refused on this brand’s site', async () => {
  engineApp = await startEngineApp(sqlite)
  const key = randomUUID()
  const answer = await engineApp.post(
    applicationUrl(key),
    { ...partialPayload(key), affiliateKey: HARBOURLEND_KEY },
    { host: 'milebroker.localhost' },
  )
  expect(answer.statusCode).toBe(400)
  expect(answer.json()).toEqual(otherBrand)
  expect(await findApplication(engineApp.database.db, key, undefined)).toBeUndefined()
})

test('X-Forwarded-Host chooses the brand only when a trusted proxy sent it', async () => {
  engineApp = await startEngineApp(sqlite, { TRUST_PROXY: '10.0.0.0/8' })
  const headers = await writeHeaders(engineApp.app)
  const save = (remoteAddress: string) => {
    const key = randomUUID()
    return engineApp!.app.inject({
      method: 'POST',
      url: applicationUrl(key),
      remoteAddress,
      headers: withBrowserSecret(applicationUrl(key), {
        ...headers,
        'content-type': 'application/json',
        host: 'carfinance.localhost',
        'x-forwarded-host': 'harbourlend.localhost',
      }),
      payload: JSON.stringify({ ...partialPayload(key), affiliateKey: HARBOURLEND_KEY }),
    })
  }
  // A client on the internet claiming another site is still on the site it reached.
  const spoofed = await save('192.0.2.10')
  expect(spoofed.statusCode).toBe(400)
  expect(spoofed.json()).toEqual(otherBrand)
  // The proxy in front says which site the applicant reached.
  expect((await save('10.1.2.3')).statusCode).toBe(202)
})

test('a page on another origin of ours (CORS_ORIGINS) saves into its own brand only', async () => {
  engineApp = await startEngineApp(sqlite, { CORS_ORIGINS: 'https://www.harbourlend.example' })
  const key = randomUUID()
  const origin = { origin: 'https://www.harbourlend.example', host: 'localhost:3000' }
  const carfinance = await engineApp.post(applicationUrl(key), partialPayload(key), origin)
  expect(carfinance.statusCode).toBe(400)
  expect(carfinance.json()).toEqual(otherBrand)
  const harbourlend = await engineApp.post(
    applicationUrl(key),
    { ...partialPayload(key), affiliateKey: HARBOURLEND_KEY },
    origin,
  )
  expect(harbourlend.statusCode).toBe(202)
})

test.each([
  ['a submission', submissionUrl, (key: string) => validSubmission(key), 201],
  ['a partial save', applicationUrl, (key: string) => partialPayload(key), 202],
])(
  '%s: the server stamps the address it saw and the time received; the page’s address is kept as its own',
  async (_name, url, payload, status) => {
    engineApp = await startEngineApp(sqlite)
    const headers = await writeHeaders(engineApp.app)
    const key = randomUUID()
    const before = Date.now()
    const response = await engineApp.app.inject({
      method: 'POST',
      url: url(key),
      remoteAddress: '198.51.100.4',
      headers: withBrowserSecret(url(key), { ...headers, 'content-type': 'application/json' }),
      payload: JSON.stringify({ ...payload(key), remoteAddress: '203.0.113.9' }),
    })
    expect(response.statusCode).toBe(status)
    const stored = await findApplication(engineApp.database.db, key, undefined)
    expect(stored?.payload.remoteAddress).toBe('198.51.100.4')
    expect(stored?.payload.clientRemoteAddress).toBe('203.0.113.9')
    const received = Date.parse(String(stored?.payload.dateReceived))
    expect(received).toBeGreaterThanOrEqual(before - 1)
    expect(received).toBeLessThanOrEqual(Date.now())
  },
)
