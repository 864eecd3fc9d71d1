// A whole journey as a browser fetches it (decision 1971): Chromium opens the brand's `/` in a fresh
// context (empty cache), walks the journey to the thank-you page with the end-to-end helpers, and
// waits there until the page has been idle and the network quiet, so that the code fetched ahead
// while idle counts too. Every JavaScript response is recorded once per address, with the gzip size of its body
// (level 9, as every figure of the budget; the same bytes as the .gz the build writes beside it) and
// the bytes actually sent (the encoded body, in the encoding the server chose).
import { gzipSize } from './bundle.mjs'
import { settle, trackRequests } from './network-quiet.mjs'

const isJavaScript = (contentType) => /\b(java|ecma)script\b/i.test(contentType ?? '')

/** The thank-you page, where every journey ends (the demo brands' own pages are on our origin). */
const THANK_YOU_PATH = '/complete'
const THANK_YOU_HEADING = 'Thank you for your application'

/**
 * One figure per address: a module preloaded and then imported, or fetched by two screens, is one
 * download. Sums the gzip sizes and the bytes sent, and says which encodings the server used.
 * @param {{ url: string, gzip: number, sent: number, encoding: string }[]} responses
 */
export function summariseScripts(responses) {
  const byUrl = new Map()
  for (const response of responses) {
    if (!byUrl.has(response.url)) byUrl.set(response.url, response)
  }
  const scripts = [...byUrl.values()]
  return {
    scripts,
    gzip: scripts.reduce((sum, each) => sum + each.gzip, 0),
    sent: scripts.reduce((sum, each) => sum + each.sent, 0),
    encodings: [...new Set(scripts.map((each) => each.encoding))].sort(),
  }
}

/**
 * Walks `journey` (scripts/size-budget/journeys.mjs) on `http://<label>.localhost:<port>` and returns
 * the JavaScript fetched, from the first request of `/` to the thank-you page once quiet.
 * @param {import('playwright-core').Browser} browser
 * @param {{ journey: import('./journeys.mjs').Journey, port: number, helpers: object,
 *   quietMs?: number, arriveWithinMs?: number }} options `helpers`: the e2e helpers the journey's walk
 *   uses; `arriveWithinMs`: from the walk's end to the thank-you page (the sending screen waits 5 s).
 */
export async function walkJourney(
  browser,
  { journey, port, helpers, quietMs = 1500, arriveWithinMs = 20_000 },
) {
  const host = `${journey.label}.localhost`
  const origin = `http://${host}:${port}`
  const context = await browser.newContext()
  const requests = trackRequests(context)
  const started = Date.now()
  try {
    const page = await context.newPage()
    const pending = []
    const paths = []
    context.on('response', (response) => {
      if (!isJavaScript(response.headers()['content-type']) || response.status() !== 200) return
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => ({
            url: response.url(),
            gzip: gzipSize(body),
            sent: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'none',
          }),
          () => ({ url: response.url(), unread: true }),
        ),
      )
    })
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname)
    })
    // Another host's script (the brand's tag manager container, once analytics cookies are accepted)
    // is not the product's JavaScript, and this machine may not reach it: refused and counted.
    const foreign = []
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        foreign.push(route.request().url())
        return route.abort('blockedbyclient')
      },
    )
    await helpers.stubThankYouPages(page)
    const document = await page.goto(`${origin}/`)
    if (document?.status() !== 200) throw new Error(`${origin}/ answered ${document?.status()}`)
    // Accepting analytics cookies loads the code that adds the tag manager: the journey that fetches more.
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click()
    await page.getByRole('link', { name: 'Start your application' }).click()
    await journey.walk(page, helpers)
    await page.waitForURL(`${origin}${THANK_YOU_PATH}`, { timeout: arriveWithinMs })
    await page
      .getByRole('heading', { level: 1, name: THANK_YOU_HEADING })
      .waitFor({ timeout: arriveWithinMs })
    await settle(page, requests, { quietMs, timeoutMs: 30_000 })
    const loaded = await Promise.all(pending)
    const unread = loaded.filter((each) => each.unread).map((each) => each.url)
    if (unread.length > 0) throw new Error(`Could not read ${unread.join(', ')}`)
    return {
      id: journey.id,
      name: journey.name,
      host,
      ...summariseScripts(loaded),
      pages: new Set(paths).size,
      foreign,
      seconds: (Date.now() - started) / 1000,
    }
  } catch (error) {
    const where = context.pages()[0]?.url() ?? 'no page'
    throw new Error(`Walking ${journey.id} on ${host} failed at ${where}: ${firstLine(error)}`, {
      cause: error,
    })
  } finally {
    await context.close()
  }
}

function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split('\n')[0]
}
