// CORS is closed by default (no Access-Control-* header anywhere); CORS_ORIGINS opens the API to the
// listed origins only, with credentials, for a submissions host on another origin of the same site.

import { afterEach, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { antiForgeryHeaders } from '../src/plugins/anti-forgery'
import { startTestApp, type TestApp } from './test-app'

const APPLY = 'https://apply.example.com'
const PARTNER = 'https://partner.example.com:8443'
const EVIL = 'https://evil.example'

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.close()
  testApp = undefined
})

function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith('access-control-')),
  )
}

const preflight = (
  origin: string,
  url = '/api/submission/0b9d3c52-2c7e-4d1e-9a55-0b8f1c8d6a11',
) => ({
  method: 'OPTIONS' as const,
  url,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type, x-csrf-token',
  },
})

test('closed by default: no answer carries an Access-Control header, whoever asks', async () => {
  testApp = await startTestApp()
  const { app } = testApp
  for (const origin of [EVIL, APPLY]) {
    for (const url of ['/api/stock/demo-car-1', '/api/ip', '/api/csrf', '/api/nowhere', '/']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin } })
      expect(corsHeaders(response.headers), `${origin} ${url}`).toEqual({})
    }
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { origin },
      payload: { event: 'Started' },
    })
    expect(corsHeaders(response.headers)).toEqual({})
  }
})

test('closed by default: a preflight from another origin gets no allow headers', async () => {
  testApp = await startTestApp()
  const response = await testApp.app.inject(preflight(EVIL))
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: 'Not found' })
  expect(corsHeaders(response.headers)).toEqual({})
})

test('with CORS_ORIGINS a listed origin may read answers, with credentials', async () => {
  testApp = await startTestApp({ CORS_ORIGINS: `${APPLY}, ${PARTNER}/` })
  for (const origin of [APPLY, PARTNER]) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/stock/demo-car-1',
      headers: { origin },
    })
    expect(response.statusCode).toBe(200)
    expect(corsHeaders(response.headers)).toEqual({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'retry-after',
    })
    expect(response.headers.vary).toBe('Origin')
  }
})

test('with CORS_ORIGINS any other origin still gets no Access-Control header', async () => {
  testApp = await startTestApp({ CORS_ORIGINS: APPLY })
  for (const origin of [
    EVIL,
    'http://apply.example.com',
    'https://apply.example.com.evil.example',
  ]) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/stock/demo-car-1',
      headers: { origin },
    })
    expect(corsHeaders(response.headers), origin).toEqual({})
    expect(response.headers.vary).toBe('Origin')
    const refusedPreflight = await testApp.app.inject(preflight(origin))
    expect(refusedPreflight.statusCode).toBe(204)
    expect(corsHeaders(refusedPreflight.headers), origin).toEqual({})
  }
})

test('with CORS_ORIGINS a listed origin gets its preflight allowed', async () => {
  testApp = await startTestApp({ CORS_ORIGINS: APPLY })
  const response = await testApp.app.inject(preflight(APPLY))
  expect(response.statusCode).toBe(204)
  expect(response.body).toBe('')
  expect(corsHeaders(response.headers)).toEqual({
    'access-control-allow-origin': APPLY,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'retry-after',
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': 'content-type, x-csrf-token, x-application-secret',
    'access-control-max-age': '600',
  })
})

test('with CORS_ORIGINS a write from a listed origin of the same site passes the anti-forgery check', async () => {
  testApp = await startTestApp({ CORS_ORIGINS: APPLY })
  const headers = await antiForgeryHeaders(testApp.app)
  const write = (site: string) =>
    testApp!.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...headers, origin: APPLY, 'sec-fetch-site': site },
      payload: { event: 'Started' },
    })
  const sameSite = await write('same-site')
  expect(sameSite.statusCode).toBe(204)
  expect(sameSite.headers['access-control-allow-origin']).toBe(APPLY)
  // Another site is never trusted for writes, listed or not (and its browser would not send the
  // SameSite=Strict cookie anyway).
  expect((await write('cross-site')).statusCode).toBe(403)
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

test.each<[string, string[]]>([
  ['*', ['CORS_ORIGINS cannot be *: list the origins, because the API allows them credentials']],
  [
    'https://apply.example.com/form',
    [
      'CORS_ORIGINS must be a comma-separated list of origins such as https://apply.example.com, without a path (not understood: "https://apply.example.com/form")',
    ],
  ],
  [
    'apply.example.com, ftp://files.example.com',
    [
      'CORS_ORIGINS must be a comma-separated list of origins such as https://apply.example.com, without a path (not understood: "apply.example.com", "ftp://files.example.com")',
    ],
  ],
  [
    ',',
    [
      'CORS_ORIGINS must be a comma-separated list of origins such as https://apply.example.com, without a path (not understood: ",")',
    ],
  ],
])('CORS_ORIGINS=%s is refused clearly', (value, problems) => {
  expect(problemsOf({ CORS_ORIGINS: value })).toEqual(problems)
})

test('CORS_ORIGINS entries are read as origins', () => {
  expect(
    loadConfig({ CORS_ORIGINS: 'https://Apply.Example.com/, http://localhost:5173' }).corsOrigins,
  ).toEqual(['https://apply.example.com', 'http://localhost:5173'])
})
