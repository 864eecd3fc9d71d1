// Work that must not compete with the screen being shown: run it once the browser is idle.

/** The longest wait for an idle moment: a page that is never idle still gets the work done. */
export const IDLE_TIMEOUT_MS = 2000
/** Without requestIdleCallback (Safari before 18), a pause after the render stands in for idle. */
export const IDLE_FALLBACK_DELAY_MS = 200

/** Runs `work` when the browser is next idle; the returned function cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, IDLE_FALLBACK_DELAY_MS)
  return () => clearTimeout(timer)
}
