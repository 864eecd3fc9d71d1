import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, test } from 'vitest'
import { launchBrowser } from './browser.mjs'
import { gzipSize } from './bundle.mjs'
import { summariseScripts, walkJourney } from './journey-walk.mjs'

test('a script fetched twice counts once; sizes and encodings add up over the addresses', () => {
  const summary = summariseScripts([
    { url: 'http://a.localhost:1/assets/index.js', gzip: 800, sent: 700, encoding: 'br' },
    { url: 'http://a.localhost:1/assets/screen.js', gzip: 300, sent: 260, encoding: 'br' },
    // Preloaded, then imported: the second response comes from the cache.
    { url: 'http://a.localhost:1/assets/screen.js', gzip: 300, sent: 0, encoding: 'br' },
    { url: 'http://a.localhost:1/assets/late.js', gzip: 50, sent: 60, encoding: 'gzip' },
  ])
  assert.deepEqual(
    summary.scripts.map((script) => script.url),
    [
      'http://a.localhost:1/assets/index.js',
      'http://a.localhost:1/assets/screen.js',
      'http://a.localhost:1/assets/late.js',
    ],
  )
  assert.equal(summary.gzip, 1150)
  assert.equal(summary.sent, 1020)
  assert.deepEqual(summary.encodings, ['br', 'gzip'])
})

// A small site walked as the size budget walks the product: a start page whose cookie button adds a
// script from another host, a question page, and a thank-you page that fetches one more script
// when idle, as the product fetches the code of later screens, after 1.5 s of work that keeps the
// page from being idle while the network is quiet.
const SCRIPTS = {
  '/assets/entry.js': `export const entry = '${'entry '.repeat(400)}'\n`,
  '/assets/question.js': `export const question = '${'question '.repeat(100)}'\n`,
  '/assets/late.js': `export const late = '${'late '.repeat(50)}'\n`,
}

const page = (title, body, scripts = ['/assets/entry.js']) =>
  `<!doctype html><html lang="en"><title>${title}</title>` +
  scripts.map((src) => `<script type="module" src="${src}"></script>`).join('') +
  `<main>${body}</main></html>`

const PAGES = {
  '/': page(
    'Start',
    '<h1>Start</h1><button id="accept">Accept analytics cookies</button>' +
      '<a href="/question">Start your application</a>' +
      '<script type="module">document.getElementById("accept").onclick = () => {' +
      'const s = document.createElement("script"); s.src = "https://www.googletagmanager.com/gtm.js?id=GTM-TEST";' +
      'document.head.append(s) }</script>',
  ),
  '/question': page('Question', '<h1>Question</h1><a href="/complete">Continue</a>', [
    '/assets/entry.js',
    '/assets/question.js',
    '/assets/missing.js',
  ]),
  '/complete': page(
    'Thank you',
    '<h1>Thank you for your application</h1>' +
      '<script type="module">setTimeout(() => { const end = Date.now() + 1500; ' +
      'while (Date.now() < end); requestIdleCallback(() => import("/assets/late.js")) }, 200)</script>',
  ),
}

let server
let port
let browser
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasChromium = existsSync(chromiumPath)
if (!hasChromium)
  console.warn(`⚠ No Chromium at ${chromiumPath}: the walk's browser test is skipped`)

beforeAll(async () => {
  if (!hasChromium) return
  server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname
    if (PAGES[path] !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[path])
    } else if (SCRIPTS[path] !== undefined) {
      // Compressed at level 1: what is sent differs from the gzip -9 figure the budget counts.
      const body = gzipSync(SCRIPTS[path], { level: 1 })
      response
        .writeHead(200, {
          'content-type': 'text/javascript',
          'content-encoding': 'gzip',
          'content-length': body.length,
          'cache-control': 'max-age=60',
        })
        .end(body)
    } else {
      response.writeHead(404, { 'content-type': 'text/javascript' }).end('// not here')
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = server.address().port
  browser = await launchBrowser()
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()))
})

const helpers = { stubThankYouPages: async () => {} }

test.skipIf(!hasChromium)(
  "a walk counts every script of the brand host once, the thank-you page's late one included",
  async () => {
    const journey = {
      id: 'test-journey',
      label: 'carfinance',
      name: 'a test journey',
      walk: (walked) => walked.getByRole('link', { name: 'Continue' }).click(),
    }
    const walk = await walkJourney(browser, { journey, port, helpers, quietMs: 600 })
    const origin = `http://carfinance.localhost:${port}`
    assert.deepEqual(walk.scripts.map((script) => script.url).sort(), [
      `${origin}/assets/entry.js`,
      `${origin}/assets/late.js`,
      `${origin}/assets/question.js`,
    ])
    for (const script of walk.scripts) {
      const source = SCRIPTS[new URL(script.url).pathname]
      assert.equal(script.gzip, gzipSize(source), script.url)
      assert.equal(script.sent, gzipSync(source, { level: 1 }).length, script.url)
      assert.equal(script.encoding, 'gzip')
    }
    assert.equal(
      walk.gzip,
      Object.values(SCRIPTS).reduce((sum, source) => sum + gzipSize(source), 0),
    )
    assert.deepEqual(walk.encodings, ['gzip'])
    assert.deepEqual(walk.foreign, ['https://www.googletagmanager.com/gtm.js?id=GTM-TEST'])
    assert.equal(walk.host, 'carfinance.localhost')
    assert.equal(walk.pages, 3)
  },
  30_000,
)

test.skipIf(!hasChromium)(
  'a walk that does not reach the thank-you page fails and says where it stopped',
  async () => {
    const journey = { id: 'stuck', label: 'carfinance', name: 'stuck', walk: async () => {} }
    await assert.rejects(
      walkJourney(browser, { journey, port, helpers, arriveWithinMs: 500 }),
      new RegExp(
        `^Error: Walking stuck on carfinance\\.localhost failed at http://carfinance\\.localhost:${port}/question: `,
      ),
    )
  },
  30_000,
)
