import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEMO_VEHICLES } from '../src/db/seed-demo-stock'
import { contentSecurityPolicy } from '../src/plugins/security-headers'
import { acceptsHtml, VEHICLE_IMAGES_DIR } from '../src/plugins/static-front-end'
import { temporaryFolder } from './test-databases'
import { makeWebDist, startTestApp, TEST_INDEX_HTML, type TestApp } from './test-app'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const HOST = 'milebroker.localhost:3000'

// A build with pre-rendered start pages for two brands (the default and milebroker) and compressed
// copies, as `npm run build` writes them; scorepal's page is missing, as after a failed pre-render.
const THEME = {
  carfinance: ':root{--brand-colour:#00703C}',
  milebroker: ':root{--brand-colour:#6B2C91}',
} as const
const SHARED_CSS = 'body{margin:0}'
const startPage = (brand: keyof typeof THEME) =>
  `<!doctype html><html lang="en-GB" data-brand="${brand}"><head><title>Start ${brand}</title>` +
  `<style>${SHARED_CSS}</style><style>${THEME[brand]}</style></head><body>` +
  `<div id="root" data-prerendered-brand="${brand}" data-prerendered-path="/"><h1>${brand}</h1></div></body></html>`
// A question's page, as the build writes one per brand for a deep link (decision 1941): the
// question's heading, its chunks as modulepreload links, and the script that holds it back when the
// guard will move on from it (decision 2156).
const QUESTION_CSS = '.parts{display:flex}'
const HOLD_SCRIPT =
  '(function(){document.documentElement.setAttribute("data-deep-link-hold","")})()'
const questionPage = (brand: keyof typeof THEME, path: string, heading: string) =>
  `<!doctype html><html lang="en-GB" data-brand="${brand}"><head><title>${heading} – ${brand}</title>` +
  `<style>${SHARED_CSS}</style>` +
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/question-screen-Q1.js">` +
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/date-of-birth-screen-D2.js">` +
  `<style>${QUESTION_CSS}</style><style>${THEME[brand]}</style><script>${HOLD_SCRIPT}</script></head><body>` +
  `<div id="root" data-prerendered-brand="${brand}" data-prerendered-path="${path}"><h1>${heading}</h1></div></body></html>`
const DATE_OF_BIRTH = questionPage('milebroker', '/date-of-birth', 'What is your date of birth?')
const FIRST_ADDRESS = questionPage('milebroker', '/address/1', 'What is your address?')
const ASSET = `console.log(${JSON.stringify('a hashed script, long enough to be worth compressing '.repeat(20))})\n`
const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`

async function makePrerenderedDist(): Promise<string> {
  const dir = await temporaryFolder('forecourt-web-dist-')
  await mkdir(join(dir, 'assets'))
  await mkdir(join(dir, 'prerendered', 'milebroker', 'address'), { recursive: true })
  const files: Record<string, string> = {
    'index.html': TEST_INDEX_HTML,
    'assets/index-C0mpr3ss.js': ASSET,
    'prerendered/carfinance.html': startPage('carfinance'),
    'prerendered/milebroker.html': startPage('milebroker'),
    // Only milebroker's questions: carfinance's are missing, as after a failed pre-render.
    'prerendered/milebroker/date-of-birth.html': DATE_OF_BIRTH,
    'prerendered/milebroker/address/1.html': FIRST_ADDRESS,
  }
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), content)
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(content))
    await writeFile(join(dir, `${name}.gz`), gzipSync(content))
  }
  return dir
}

let built: TestApp
let notBuilt: TestApp
let prerendered: TestApp
let removeDist: () => Promise<void>
let prerenderedDist: string
beforeAll(async () => {
  const dist = await makeWebDist()
  removeDist = dist.cleanup
  prerenderedDist = await makePrerenderedDist()
  built = await startTestApp({ WEB_DIST_DIR: dist.dir })
  notBuilt = await startTestApp()
  prerendered = await startTestApp({ WEB_DIST_DIR: prerenderedDist })
})
afterAll(async () => {
  await built.close()
  await notBuilt.close()
  await prerendered.close()
  await removeDist()
  await rm(prerenderedDist, { recursive: true, force: true })
})

const get = (app: TestApp, url: string, accept = BROWSER_ACCEPT) =>
  app.app.inject({ method: 'GET', url, headers: { host: HOST, accept } })

test.each(['/', '/index.html'])(
  'without pre-rendered pages, %s serves the built index.html, revalidated every time',
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

const fromHost = (host: string, url = '/', headers: Record<string, string> = {}) =>
  prerendered.app.inject({
    method: 'GET',
    url,
    headers: { host, accept: BROWSER_ACCEPT, ...headers },
  })

test.each<[string, string, keyof typeof THEME]>([
  ['its own brand', 'milebroker.localhost:3000', 'milebroker'],
  ['the default brand', 'carfinance.localhost:3000', 'carfinance'],
  ['an unknown host: the default brand', 'nosuchbrand.localhost', 'carfinance'],
  ['a production host of the brand', 'WWW.MileBroker.Example', 'milebroker'],
])('/ on %s gets that brand’s pre-rendered start page', async (_name, host, brand) => {
  const response = await fromHost(host)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(response.headers['cache-control']).toBe('no-cache')
  expect(response.body).toBe(startPage(brand))
})

test.each([
  [
    'the apply host, whose modal and example the default brand’s page lacks',
    'apply.localhost:3000',
  ],
  ['a horsebox host, whose headline names the horsebox', 'horsebox.localhost:3000'],
  ['a brand’s van host', 'milebroker.vans.localhost:3000'],
])('/ on %s gets index.html, rendered in the browser', async (_name, host) => {
  const response = await fromHost(host)
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(TEST_INDEX_HTML)
  expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy())
})

test('/ with a query string is still the start screen: the pre-rendered page', async () => {
  const response = await fromHost('milebroker.localhost', '/?utm_source=mail&loan-amount=9000')
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(startPage('milebroker'))
})

test('the pre-rendered page’s policy allows exactly its own inline styles and still no inline script', async () => {
  const response = await fromHost('milebroker.localhost')
  const policy = String(response.headers['content-security-policy'])
  expect(policy).toBe(contentSecurityPolicy([hash(SHARED_CSS), hash(THEME.milebroker)]))
  expect(policy).toContain(`style-src 'self' ${hash(SHARED_CSS)} ${hash(THEME.milebroker)};`)
  // The tag manager's container loader only, nothing else on its origin (decision 1574).
  expect(policy).toContain("script-src 'self' https://www.googletagmanager.com/gtm.js;")
  expect(policy).not.toContain('unsafe')
})

test('a brand whose page the build did not write gets index.html and the shared policy', async () => {
  const response = await fromHost('scorepal.localhost')
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(TEST_INDEX_HTML)
  expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy())
})

test.each(['/address/2', '/privacy-policy', '/contact', '/date-of-birth/'])(
  'any other page (%s) stays client-rendered: index.html, on a brand host too',
  async (url) => {
    const response = await fromHost('milebroker.localhost', url)
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(TEST_INDEX_HTML)
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy())
  },
)

test.each<[string, string, string]>([
  ['/date-of-birth', DATE_OF_BIRTH, 'What is your date of birth?'],
  ['/date-of-birth?utm_source=mail', DATE_OF_BIRTH, 'What is your date of birth?'],
  ['/address/1', FIRST_ADDRESS, 'What is your address?'],
])(
  'a deep link to a question (%s) gets the brand’s pre-rendered page: its heading, its preloads, its own policy',
  async (url, page, heading) => {
    const response = await fromHost('milebroker.localhost:3000', url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(page)
    expect(response.body).toContain(`<h1>${heading}</h1>`)
    expect(response.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/question-screen-Q1.js">',
    )
    // Its styles by their hashes, and its one inline script by its own: no other inline script runs.
    expect(response.headers['content-security-policy']).toBe(
      contentSecurityPolicy(
        [hash(SHARED_CSS), hash(QUESTION_CSS), hash(THEME.milebroker)],
        [hash(HOLD_SCRIPT)],
      ),
    )
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' https://www.googletagmanager.com/gtm.js ${hash(HOLD_SCRIPT)};`,
    )
    // Another brand has another page at the same address.
    expect(String(response.headers['vary']).split(/,\s*/)).toContain('Host')
  },
)

test.each<[string, string]>([
  ['a brand whose questions the build did not write', 'carfinance.localhost:3000'],
  ['the apply host (decision 1531)', 'apply.localhost:3000'],
  ['a horsebox host (decision 1531)', 'horsebox.localhost:3000'],
  ['a van host of the brand', 'milebroker.vans.localhost:3000'],
])('a deep link on %s gets index.html and the shared policy', async (_name, host) => {
  const response = await fromHost(host, '/date-of-birth')
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(TEST_INDEX_HTML)
  expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy())
})

test.each<[string, string]>([
  ['br, gzip', 'br'],
  ['gzip', 'gzip'],
])(
  'a question’s page asked with Accept-Encoding %o comes as %s, varying by host and encoding',
  async (acceptEncoding, encoding) => {
    const response = await fromHost('milebroker.localhost', '/date-of-birth', {
      'accept-encoding': acceptEncoding,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(String(response.headers['vary']).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['host', 'accept-encoding']),
    )
    expect(decoders[encoding]!(response.rawPayload).toString('utf8')).toBe(DATE_OF_BIRTH)
  },
)

test('HEAD of a question answers like GET, without a body', async () => {
  const response = await prerendered.app.inject({
    method: 'HEAD',
    url: '/date-of-birth',
    headers: { host: 'milebroker.localhost', accept: BROWSER_ACCEPT },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(response.headers['content-security-policy']).toContain(hash(QUESTION_CSS))
  expect(response.body).toBe('')
})

test.each([
  '/prerendered/milebroker.html',
  '/prerendered/milebroker.html.br',
  '/prerendered/milebroker/date-of-birth.html',
  '/index.html.gz',
])('%s has no address of its own: 404', async (url) => {
  const response = await fromHost('milebroker.localhost', url, { accept: '*/*' })
  expect(response.statusCode).toBe(404)
})

test('HEAD / answers like GET, without a body', async () => {
  const response = await prerendered.app.inject({
    method: 'HEAD',
    url: '/',
    headers: { host: 'milebroker.localhost', accept: BROWSER_ACCEPT },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(response.headers['content-security-policy']).toContain(hash(THEME.milebroker))
  expect(response.body).toBe('')
})

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  none: (body) => body,
}

test.each<[string, string, string, string, string]>([
  ['/', 'br, gzip, deflate', 'br', startPage('milebroker'), 'no-cache'],
  ['/', 'gzip', 'gzip', startPage('milebroker'), 'no-cache'],
  ['/', 'identity', 'none', startPage('milebroker'), 'no-cache'],
  ['/index.html', 'gzip, br', 'br', TEST_INDEX_HTML, 'no-cache'],
  ['/assets/index-C0mpr3ss.js', 'br', 'br', ASSET, 'public, max-age=31536000, immutable'],
  [
    '/assets/index-C0mpr3ss.js',
    'gzip;q=1, br;q=0',
    'gzip',
    ASSET,
    'public, max-age=31536000, immutable',
  ],
  ['/assets/index-C0mpr3ss.js', '', 'none', ASSET, 'public, max-age=31536000, immutable'],
])(
  '%s asked with Accept-Encoding %o comes as %s, same content, same cache rule',
  async (url, acceptEncoding, encoding, content, cacheControl) => {
    const response = await fromHost('milebroker.localhost', url, {
      'accept-encoding': acceptEncoding,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding === 'none' ? undefined : encoding)
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(response.headers['cache-control']).toBe(cacheControl)
    expect(response.headers['content-type']).toMatch(
      url.endsWith('.js') ? /javascript/ : /^text\/html/,
    )
    expect(decoders[encoding]!(response.rawPayload).toString('utf8')).toBe(content)
  },
)
