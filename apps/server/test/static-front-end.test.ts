import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEMO_VEHICLES } from '../src/db/seed-demo-stock'
import { acceptsHtml, VEHICLE_IMAGES_DIR } from '../src/plugins/static-front-end'
import { makeWebDist, startTestApp, TEST_INDEX_HTML, type TestApp } from './test-app'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const HOST = 'milebroker.localhost:3000'

let built: TestApp
let notBuilt: TestApp
let removeDist: () => Promise<void>
beforeAll(async () => {
  const dist = await makeWebDist()
  removeDist = dist.cleanup
  built = await startTestApp({ WEB_DIST_DIR: dist.dir })
  notBuilt = await startTestApp()
})
afterAll(async () => {
  await built.close()
  await notBuilt.close()
  await removeDist()
})

const get = (app: TestApp, url: string, accept = BROWSER_ACCEPT) =>
  app.app.inject({ method: 'GET', url, headers: { host: HOST, accept } })

test.each(['/', '/index.html'])(
  '%s serves the built index.html, revalidated every time',
  async (url) => {
    const response = await get(built, url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(TEST_INDEX_HTML)
  },
)

test('hashed files under /assets/ are cached for a year and never revalidated', async () => {
  const response = await get(built, '/assets/index-B4x9Qk2d.js', '*/*')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(response.body).toBe('console.log("app")\n')
})

test('built files outside /assets/ have no hash in their name, so they are revalidated', async () => {
  const response = await get(built, '/brands/carfinance.svg', 'image/*')
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('no-cache')
})

test.each(['/some/deep/route', '/date-of-birth', '/address/2', '/privacy-policy?utm_source=mail'])(
  'a page the client router owns (%s) gets index.html with 200',
  async (url) => {
    const response = await get(built, url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(TEST_INDEX_HTML)
  },
)

test('HEAD of a client route answers like GET, without a body', async () => {
  const response = await built.app.inject({
    method: 'HEAD',
    url: '/some/deep/route',
    headers: { accept: BROWSER_ACCEPT },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(response.body).toBe('')
})

test.each<[string, string, string]>([
  ['a request that does not ask for HTML', '/some/deep/route', 'application/json'],
  ['a request that accepts anything but HTML in particular', '/some/deep/route', '*/*'],
  ['a request that refuses HTML', '/some/deep/route', 'text/html;q=0'],
  ['a missing script', '/assets/index-gone.js', BROWSER_ACCEPT],
  ['a missing picture', '/vehicles/demo-car-99.svg', BROWSER_ACCEPT],
])('%s gets 404 JSON instead of index.html', async (_name, url, accept) => {
  const response = await get(built, url, accept)
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: 'Not found' })
})

test('a form post to a page address is not a navigation: 404 JSON', async () => {
  const response = await built.app.inject({
    method: 'POST',
    url: '/contact',
    headers: { accept: BROWSER_ACCEPT },
  })
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: 'Not found' })
})

test('/api/nope is 404 JSON even for a browser navigation', async () => {
  const response = await get(built, '/api/nope')
  expect(response.statusCode).toBe(404)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(response.json()).toEqual({ error: 'Not found' })
})

test.each(['/', '/some/deep/route'])(
  'without a built front end, %s answers 503 saying how to build it',
  async (url) => {
    const response = await get(notBuilt, url)
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Front end not built: run npm run build')
  },
)

test('without a built front end the API still works', async () => {
  const response = await get(notBuilt, '/api/stock/demo-car-1', 'application/json')
  expect(response.statusCode).toBe(200)
})

test('/vehicles/demo-car-1.svg is served as an SVG picture, whether or not the front end is built', async () => {
  const file = await readFile(join(VEHICLE_IMAGES_DIR, 'demo-car-1.svg'), 'utf8')
  for (const app of [built, notBuilt]) {
    const response = await get(app, '/vehicles/demo-car-1.svg', 'image/*')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['cache-control']).toBe('public, max-age=86400')
    expect(response.body).toBe(file)
  }
})

test('every demo vehicle picture exists, is an SVG with a title, and carries no script or style', async () => {
  for (const vehicle of DEMO_VEHICLES) {
    const response = await get(notBuilt, `/vehicles/${vehicle.id}.svg`, 'image/*')
    expect(response.statusCode, vehicle.id).toBe(200)
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(response.body).toMatch(/<title id="title">Drawing of an? [^<]+<\/title>/)
    // Opened directly, the picture gets the page's policy (no inline script or style).
    expect(response.body).not.toMatch(/<script|<style|style=|on[a-z]+=/i)
  }
})

test.each<[string | undefined, boolean]>([
  [undefined, false],
  ['', false],
  ['*/*', false],
  ['application/json', false],
  ['text/html', true],
  ['TEXT/HTML', true],
  [BROWSER_ACCEPT, true],
  ['application/json, text/html;q=0.5', true],
  ['text/html;q=0', false],
  ['text/html; q=0.0', false],
  ['text/html-fragment', false],
])('the Accept header %o asks for HTML: %s', (accept, expected) => {
  expect(acceptsHtml(accept)).toBe(expected)
})
