/* global window, document, location, requestAnimationFrame, MutationObserver, Element */
// Runs inside the page (Playwright's addInitScript, before the app's own scripts): times every press
// of a button or link that moves the journey on, from the press to the next screen's heading being
// painted, with the page's own clock.
//
// The press: the first capturing pointerdown, keydown (Enter or Space) or click on the control. The
// heading: a MutationObserver sees a new (or newly worded) visible h1; the paint is taken as the
// first task after the next animation frame, which runs once that frame has been drawn.
// JavaScript requests between the two come from the page's resource timing entries: a screen's own
// chunk has finished loading before the screen can render, so its entry is there at paint time.
// Each result goes to the Node side through the `__benchReport` binding.

/** The controls that move on to the next screen; their texts are the product's (docs/requirements.md#screens-and-routes, docs/requirements.md#validation). */
export const PRESS_LABELS = ['Continue', 'Submit application', 'Start your application']

/** @param {string[]} labels */
export function installContinueProbe(labels) {
  const TIMEOUT_MS = 10_000
  performance.setResourceTimingBufferSize(100_000)
  let pending

  const scriptsBetween = (from, to) =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= from && entry.startTime <= to)
      .map((entry) => new URL(entry.name))
      .filter((url) => /\.m?js$/.test(url.pathname))
      .map((url) => url.pathname)

  const report = (record) => {
    pending = undefined
    if (typeof window.__benchReport === 'function') void window.__benchReport(record)
  }

  const onPress = (event) => {
    if (pending) return
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return
    const control = event.target instanceof Element ? event.target.closest('button, a') : null
    const label = control?.textContent?.trim() ?? ''
    if (!labels.includes(label)) return

    const pressedAt = performance.now()
    performance.mark('bench:pressed')
    const heading = document.querySelector('h1')
    const headingText = heading?.textContent ?? ''
    const from = location.pathname
    const press = { label, from, pressedAt, sawLoading: false }
    pending = press

    const observer = new MutationObserver(check)
    const timer = setTimeout(() => {
      observer.disconnect()
      report({ ...press, to: location.pathname, error: `no new heading within ${TIMEOUT_MS} ms` })
    }, TIMEOUT_MS)

    function check() {
      // The route's Suspense fallback: the screen's code was not there yet.
      if (document.querySelector('.loading[role="status"]')) press.sawLoading = true
      const h1 = document.querySelector('h1')
      if (!h1 || (h1 === heading && h1.textContent === headingText) || !h1.checkVisibility()) {
        return
      }
      observer.disconnect()
      clearTimeout(timer)
      const appearedAt = performance.now()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          const paintedAt = performance.now()
          performance.mark('bench:heading-painted')
          performance.measure('bench:continue-to-heading', 'bench:pressed', 'bench:heading-painted')
          report({
            ...press,
            to: location.pathname,
            heading: h1.textContent?.trim() ?? '',
            appearedMs: appearedAt - pressedAt,
            ms: paintedAt - pressedAt,
            scripts: scriptsBetween(pressedAt, paintedAt),
          })
        }
        channel.port2.postMessage(null)
      })
    }

    observer.observe(document, { childList: true, subtree: true, characterData: true })
  }

  for (const type of ['pointerdown', 'keydown', 'click']) {
    window.addEventListener(type, onPress, { capture: true })
  }
}
