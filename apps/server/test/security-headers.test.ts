import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { contentSecurityPolicy, inlineStyleHashes } from '../src/plugins/security-headers'
import { makeWebDist, startTestApp, type TestApp } from './test-app'

const EXPECTED_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self' https://www.googletagmanager.com/gtm.js",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' https://www.googletagmanager.com",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join(';'),
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // helmet's defaults for the rest.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
}

let testApp: TestApp
let removeDist: () => Promise<void>
beforeAll(async () => {
  const dist = await makeWebDist()
  removeDist = dist.cleanup
  testApp = await startTestApp({ WEB_DIST_DIR: dist.dir })
})
afterAll(async () => {
  await testApp.close()
  await removeDist()
})

test.each<[string, string, string, number]>([
  ['an API answer', '/api/health', 'application/json', 200],
  ['an API error', '/api/stock/bad_id', 'application/json', 400],
  ['an unknown API address', '/api/nope', 'application/json', 404],
  ['the page', '/', 'text/html', 200],
  ['a client route', '/some/deep/route', 'text/html', 200],
  ['a built file', '/assets/index-B4x9Qk2d.js', '*/*', 200],
  ['a vehicle picture', '/vehicles/demo-car-1.svg', 'image/*', 200],
])('%s carries every security header', async (_name, url, accept, status) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { host: 'scorepal.localhost:3000', accept },
  })
  expect(response.statusCode).toBe(status)
  for (const [name, value] of Object.entries(EXPECTED_HEADERS)) {
    expect(response.headers[name], name).toBe(value)
  }
})

test('the policy allows no inline script and no plain-http upgrade rule that would break local brands', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/' })
  const policy = String(response.headers['content-security-policy'])
  expect(policy).not.toContain("'unsafe-inline'")
  expect(policy).not.toContain("'unsafe-eval'")
  expect(policy).not.toContain('upgrade-insecure-requests')
})

test('a refusal of a host not served carries every security header too', async () => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/ip',
    headers: { host: 'evil.example' },
  })
  expect(response.statusCode).toBe(421)
  for (const [name, value] of Object.entries(EXPECTED_HEADERS)) {
    expect(response.headers[name], name).toBe(value)
  }
})

test('the server does not announce what it runs on', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/health' })
  expect(response.headers['x-powered-by']).toBeUndefined()
  expect(response.headers['server']).toBeUndefined()
})

test('contentSecurityPolicy() writes exactly the header helmet sends', () => {
  expect(contentSecurityPolicy()).toBe(EXPECTED_HEADERS['content-security-policy'])
})

test('contentSecurityPolicy(hashes) adds the hashes to style-src only', () => {
  const policy = contentSecurityPolicy(["'sha256-abc='", "'sha256-def='"])
  expect(policy).toBe(
    EXPECTED_HEADERS['content-security-policy'].replace(
      "style-src 'self'",
      "style-src 'self' 'sha256-abc=' 'sha256-def='",
    ),
  )
})

test('inlineStyleHashes names each <style> element by the SHA-256 of its exact text', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  const html =
    '<html><head><style>body{margin:0}</style><link rel="stylesheet" href="/a.css">' +
    '<style>:root{--brand-colour:#00703C}\n</style></head><body><p>style</p></body></html>'
  expect(inlineStyleHashes(html)).toEqual([
    sha('body{margin:0}'),
    sha(':root{--brand-colour:#00703C}\n'),
  ])
  expect(inlineStyleHashes('<html><head></head></html>')).toEqual([])
})
