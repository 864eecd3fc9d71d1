// The anti-forgery pair (docs/requirements.md#calls, docs/requirements.md#security): a signed token in a host-only cookie,
// echoed in the x-csrf-token header on every write under /api.

import type { FastifyInstance } from 'fastify'
import { afterEach, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import {
  antiForgeryHeaders,
  createAntiForgery,
  CSRF_COOKIE,
  SECURE_CSRF_COOKIE,
} from '../src/plugins/anti-forgery'
import { makeWebDist, startTestApp, type TestApp } from './test-app'

const SECRET = 'a-test-secret-of-at-least-32-characters'

let testApp: TestApp | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await testApp?.close()
  testApp = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function appWithWriteRoutes(env: Record<string, string> = {}): Promise<TestApp> {
  testApp = await startTestApp({ FORECOURT_SECRET: SECRET, ...env })
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    testApp.app.route({ method, url: '/api/write-for-test', handler: async () => ({ ok: true }) })
  }
  return testApp
}

async function tokenFrom(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf' })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

function forgedToken(token: string): string {
  const [nonce = ''] = token.split('.')
  return `${nonce}.${'A'.repeat(43)}`
}

test('GET /api/csrf answers a token and sets it as a host-only, readable, strict cookie over http', async () => {
  const { app } = await appWithWriteRoutes()
  const response = await app.inject({ method: 'GET', url: '/api/csrf' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  const { token } = response.json<{ token: string }>()
  expect(token).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/)
  expect(response.headers['set-cookie']).toBe(`${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict`)
})

test('over HTTPS behind a trusted proxy the cookie is __Host- prefixed and Secure', async () => {
  const { app } = await appWithWriteRoutes({ TRUST_PROXY: 'loopback' })
  const response = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: { 'x-forwarded-proto': 'https' },
  })
  const { token } = response.json<{ token: string }>()
  expect(SECURE_CSRF_COOKIE).toBe('__Host-forecourt-csrf')
  expect(response.headers['set-cookie']).toBe(
    `__Host-forecourt-csrf=${token}; Path=/; Secure; SameSite=Strict`,
  )
})

test('X-Forwarded-Proto from a proxy that is not trusted is ignored', async () => {
  const { app } = await appWithWriteRoutes()
  const response = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: { 'x-forwarded-proto': 'https' },
  })
  expect(response.headers['set-cookie']).toMatch(/^forecourt-csrf=[^;]+; Path=\/; SameSite=Strict$/)
})

test.each([
  ['1', '192.0.2.10', true],
  ['10.0.0.0/8', '10.1.2.3', true],
  // Proxies are trusted, but this client reached the server without one.
  ['10.0.0.0/8', '192.0.2.10', false],
])(
  'with TRUST_PROXY=%s, a page served over HTTPS through %s gets a Secure cookie: %s',
  async (trustProxy, remoteAddress, secure) => {
    const { app } = await appWithWriteRoutes({ TRUST_PROXY: trustProxy })
    const response = await app.inject({
      method: 'GET',
      url: '/api/csrf',
      remoteAddress,
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(String(response.headers['set-cookie']).includes('; Secure;')).toBe(secure)
  },
)

test('a valid token in the cookie and the header lets every write method through', async () => {
  const { app } = await appWithWriteRoutes()
  const token = await tokenFrom(app)
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const response = await app.inject({
      method,
      url: '/api/write-for-test',
      headers: { cookie: `${CSRF_COOKIE}=${token}`, 'x-csrf-token': token },
      payload: { any: 'thing' },
    })
    expect(response.statusCode, method).toBe(200)
    expect(response.json()).toEqual({ ok: true })
  }
})

test.each<[string, (token: string) => Record<string, string>, string]>([
  ['no header', (token) => ({ cookie: `${CSRF_COOKIE}=${token}` }), 'no token sent'],
  ['no cookie', (token) => ({ 'x-csrf-token': token }), 'no token cookie'],
  ['no cookie and no header', () => ({}), 'no token cookie'],
  [
    'a header that differs from the cookie',
    (token) => ({ cookie: `${CSRF_COOKIE}=${token}`, 'x-csrf-token': `${token}x` }),
    'token does not match cookie',
  ],
  [
    'a forged signature in both',
    (token) => ({
      cookie: `${CSRF_COOKIE}=${forgedToken(token)}`,
      'x-csrf-token': forgedToken(token),
    }),
    'token signature invalid',
  ],
  [
    'a made-up token in both',
    () => ({ cookie: `${CSRF_COOKIE}=attacker`, 'x-csrf-token': 'attacker' }),
    'token signature invalid',
  ],
  [
    'a valid pair sent cross-site',
    (token) => ({
      cookie: `${CSRF_COOKIE}=${token}`,
      'x-csrf-token': token,
      'sec-fetch-site': 'cross-site',
    }),
    'cross-site request',
  ],
])(
  'a write with %s is refused with 403 and the reason is logged, not the token',
  async (_name, headers, reason) => {
    const { app, logLines, logText } = await appWithWriteRoutes()
    const token = await tokenFrom(app)
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/api/write-for-test',
        headers: { 'content-type': 'application/json', ...headers(token) },
        payload: '{}',
      })
      expect(response.statusCode, method).toBe(403)
      expect(response.json()).toEqual({ error: 'Forbidden' })
    }
    const refusals = logLines().filter((line) => line.msg === 'anti-forgery check failed')
    expect(refusals.map((line) => line.reason)).toEqual([reason, reason])
    expect(logText()).not.toContain(token.split('.')[0])
  },
)

test.each(['same-origin', 'same-site', 'none'])(
  'Sec-Fetch-Site: %s with a valid pair passes',
  async (site) => {
    const { app } = await appWithWriteRoutes()
    const token = await tokenFrom(app)
    const response = await app.inject({
      method: 'POST',
      url: '/api/write-for-test',
      headers: { cookie: `${CSRF_COOKIE}=${token}`, 'x-csrf-token': token, 'sec-fetch-site': site },
    })
    expect(response.statusCode).toBe(200)
  },
)

test('over HTTPS only the __Host- cookie counts, not a plain one planted over http', async () => {
  const { app } = await appWithWriteRoutes({ TRUST_PROXY: 'loopback' })
  const token = await tokenFrom(app)
  const send = (cookieName: string) =>
    app.inject({
      method: 'POST',
      url: '/api/write-for-test',
      headers: {
        'x-forwarded-proto': 'https',
        cookie: `${cookieName}=${token}`,
        'x-csrf-token': token,
      },
    })
  expect((await send(CSRF_COOKIE)).statusCode).toBe(403)
  expect((await send(SECURE_CSRF_COOKIE)).statusCode).toBe(200)
})

test('tokens are signed with FORECOURT_SECRET: another instance with the same secret accepts them', async () => {
  const same = createAntiForgery(SECRET)
  const other = createAntiForgery('another-secret-of-at-least-32-characters')
  const token = createAntiForgery(SECRET).issue()
  expect(same.isSigned(token)).toBe(true)
  expect(other.isSigned(token)).toBe(false)
  expect(same.isSigned(forgedToken(token))).toBe(false)
  expect(same.isSigned(`${token}.extra`)).toBe(false)
  expect(same.isSigned('')).toBe(false)
  expect(same.issue()).not.toBe(token)
})

test('without FORECOURT_SECRET the app still signs and checks tokens (a random secret)', async () => {
  testApp = await startTestApp()
  testApp.app.post('/api/write-for-test', async () => ({ ok: true }))
  const headers = await antiForgeryHeaders(testApp.app)
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/write-for-test',
    headers,
  })
  expect(response.statusCode).toBe(200)
})

test('a token issued under another secret is refused', async () => {
  const { app } = await appWithWriteRoutes()
  const token = createAntiForgery('another-secret-of-at-least-32-characters').issue()
  const response = await app.inject({
    method: 'POST',
    url: '/api/write-for-test',
    headers: { cookie: `${CSRF_COOKIE}=${token}`, 'x-csrf-token': token },
  })
  expect(response.statusCode).toBe(403)
})

test('GET /api/csrf keeps a valid cookie the request already has, and replaces an invalid one', async () => {
  const { app } = await appWithWriteRoutes()
  const token = await tokenFrom(app)
  const kept = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: { cookie: `${CSRF_COOKIE}=${token}` },
  })
  expect(kept.json()).toEqual({ token })
  expect(kept.headers['set-cookie']).toBeUndefined()

  const replaced = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: { cookie: `${CSRF_COOKIE}=${forgedToken(token)}` },
  })
  const fresh = replaced.json<{ token: string }>().token
  expect(fresh).not.toBe(forgedToken(token))
  expect(replaced.headers['set-cookie']).toBe(`${CSRF_COOKIE}=${fresh}; Path=/; SameSite=Strict`)
})

test('every HTML page carries the cookie; scripts, pictures and API answers do not', async () => {
  const webDist = await makeWebDist()
  cleanups.push(webDist.cleanup)
  const { app } = await appWithWriteRoutes({ WEB_DIST_DIR: webDist.dir })
  const html = { accept: 'text/html,application/xhtml+xml' }
  for (const url of ['/', '/date-of-birth', '/address/2', '/index.html']) {
    const response = await app.inject({ method: 'GET', url, headers: html })
    expect(response.statusCode, url).toBe(200)
    expect(response.headers['content-type'], url).toMatch(/^text\/html/)
    const [cookie] = response.cookies
    expect(cookie, url).toMatchObject({ name: CSRF_COOKIE, path: '/', sameSite: 'Strict' })
    expect(createAntiForgery(SECRET).isSigned(cookie!.value), url).toBe(true)
  }
  for (const url of ['/assets/index-B4x9Qk2d.js', '/vehicles/demo-car-1.svg', '/api/health']) {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode, url).toBe(200)
    expect(response.headers['set-cookie'], url).toBeUndefined()
  }
})

test('a page revalidated from the browser cache (304) carries the cookie too', async () => {
  const webDist = await makeWebDist()
  cleanups.push(webDist.cleanup)
  const { app } = await appWithWriteRoutes({ WEB_DIST_DIR: webDist.dir })
  const first = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
  const etag = String(first.headers.etag)
  const revalidated = await app.inject({
    method: 'GET',
    url: '/',
    headers: { accept: 'text/html', 'if-none-match': etag },
  })
  expect(revalidated.statusCode).toBe(304)
  expect(revalidated.cookies).toMatchObject([{ name: CSRF_COOKIE, path: '/', sameSite: 'Strict' }])
  const script = await app.inject({
    method: 'GET',
    url: '/assets/index-B4x9Qk2d.js',
    headers: {
      accept: '*/*',
      'if-none-match': String(
        (await app.inject({ method: 'GET', url: '/assets/index-B4x9Qk2d.js' })).headers.etag,
      ),
    },
  })
  expect(script.statusCode).toBe(304)
  expect(script.headers['set-cookie']).toBeUndefined()
})

test('the token a page set passes the write check, as the browser would send it', async () => {
  const webDist = await makeWebDist()
  cleanups.push(webDist.cleanup)
  const { app } = await appWithWriteRoutes({ WEB_DIST_DIR: webDist.dir })
  const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
  const [cookie] = page.cookies
  const response = await app.inject({
    method: 'POST',
    url: '/api/write-for-test',
    headers: {
      cookie: `${cookie!.name}=${cookie!.value}`,
      'x-csrf-token': cookie!.value,
      'sec-fetch-site': 'same-origin',
    },
  })
  expect(response.statusCode).toBe(200)
})

test('reads are not checked', async () => {
  const { app } = await appWithWriteRoutes()
  const response = await app.inject({
    method: 'GET',
    url: '/api/stock/demo-car-1',
    headers: { 'sec-fetch-site': 'cross-site' },
  })
  expect(response.statusCode).toBe(200)
})

test('a malformed or oversized write body gets its own 400 or 413 before the check', async () => {
  const { app } = await appWithWriteRoutes()
  const badJson = await app.inject({
    method: 'POST',
    url: '/api/write-for-test',
    headers: { 'content-type': 'application/json' },
    payload: '{"a":',
  })
  expect(badJson.statusCode).toBe(400)
  const tooBig = await app.inject({
    method: 'POST',
    url: '/api/write-for-test',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
  })
  expect(tooBig.statusCode).toBe(413)
})

test('without FORECOURT_SECRET the server warns once it listens; with it, it does not', async () => {
  for (const [env, warned] of [
    [{}, true],
    [{ FORECOURT_SECRET: SECRET }, false],
  ] as const) {
    const running = await startTestApp(env)
    try {
      await running.app.listen({ host: '127.0.0.1', port: 0 })
      // onListen hooks run just after listen() resolves.
      await new Promise((resolve) => setTimeout(resolve, 100))
      const warnings = running.logLines().filter((line) => line.level === 40)
      expect(warnings.map((line) => line.msg)).toEqual(
        warned
          ? [
              'FORECOURT_SECRET is not set: anti-forgery tokens use a random secret that changes at every start',
            ]
          : [],
      )
    } finally {
      await running.close()
    }
  }
})

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

test.each<[Record<string, string>, string[]]>([
  [
    { NODE_ENV: 'production', MAIL_TRANSPORT: 'file', FORECOURT_DATA_IN_CLEAR: 'yes' },
    [
      'FORECOURT_SECRET must be set in production: 32 or more random characters (for example from `openssl rand -base64 48`)',
    ],
  ],
  [
    { FORECOURT_SECRET: 'short-secret-hunter2' },
    ['FORECOURT_SECRET must be at least 32 characters long (it has 20)'],
  ],
  [
    {
      NODE_ENV: 'production',
      FORECOURT_SECRET: SECRET,
      MAIL_TRANSPORT: 'file',
      FORECOURT_DATA_IN_CLEAR: 'yes',
    },
    [],
  ],
  [{ NODE_ENV: 'development' }, []],
  [{ NODE_ENV: 'test' }, []],
])('FORECOURT_SECRET in %o: %o', (env, problems) => {
  expect(problemsOf(env)).toEqual(problems)
})

test('a FORECOURT_SECRET problem never echoes the secret', () => {
  expect(problemsOf({ FORECOURT_SECRET: 'short-secret-hunter2' }).join('\n')).not.toContain(
    'hunter2',
  )
})
