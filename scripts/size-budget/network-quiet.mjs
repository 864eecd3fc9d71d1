// When a page has fetched what it fetches by itself. Playwright's `networkidle` (no request for
// 500 ms) is not enough on a busy machine: a page still parsing its entry, or whose idle callbacks
// (the product's prefetches, decision 1402) have not run yet, makes no request for 500 ms and looks
// done. So: the network quiet, then an idle callback of our own in the page (idle callbacks run in
// the order they were asked for, so the page's own have run by then), the network quiet again, and
// so on until a round started no request.

/**
 * Follows the context's requests from the start, so that `quiet()` can wait until none has been in
 * flight for `quietMs` (a route change starts new ones, so the document's load event says nothing).
 * @param {{ on: Function }} context a Playwright browser context (or anything with its events)
 * @param {() => number} [now]
 */
export function trackRequests(context, now = Date.now) {
  const inFlight = new Set()
  let lastChange = now()
  let started = 0
  context.on('request', (request) => {
    inFlight.add(request)
    started += 1
    lastChange = now()
  })
  const ended = (request) => {
    inFlight.delete(request)
    lastChange = now()
  }
  context.on('requestfinished', ended)
  context.on('requestfailed', ended)
  return {
    /** How many requests have started so far. */
    started: () => started,
    /** No request in flight, and none started or ended for `quietMs`. */
    isQuiet: (quietMs) => inFlight.size === 0 && now() - lastChange >= quietMs,
    async quiet({ quietMs, timeoutMs, pollMs = 100 }) {
      const deadline = now() + timeoutMs
      while (!this.isQuiet(quietMs)) {
        if (now() > deadline) {
          throw new Error(`The network was not quiet for ${quietMs} ms within ${timeoutMs} ms`)
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
  }
}

/**
 * Resolves once the network has been quiet for `quietMs` after an idle moment of the page, and no
 * request started from that idle moment on (a request the idle moment started may be reported a
 * little later: the quiet period after it gives it time to show).
 * @param {{ evaluate: Function }} page a Playwright page
 * @param {ReturnType<typeof trackRequests>} requests its context's tracker
 */
export async function settle(page, requests, { quietMs, timeoutMs, idleTimeoutMs = 5000 }) {
  const deadline = Date.now() + timeoutMs
  let before
  for (;;) {
    await requests.quiet({ quietMs, timeoutMs: Math.max(0, deadline - Date.now()) })
    if (requests.started() === before) return
    if (Date.now() > deadline) throw new Error(`The page did not settle within ${timeoutMs} ms`)
    before = requests.started()
    await page.evaluate(
      (timeout) =>
        new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout })),
      idleTimeoutMs,
    )
  }
}
