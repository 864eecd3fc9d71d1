// Work that can wait for the applicant: run once, at their first press of a pointer or key. What loads
// before the first input is what the start page's budget counts (quality.md, Performance).

const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const

/** Calls `work` once, at the first pointerdown or keydown anywhere on the page. */
export function onFirstInput(work: () => void): void {
  const once = () => {
    for (const name of FIRST_INPUT_EVENTS) window.removeEventListener(name, once, true)
    work()
  }
  for (const name of FIRST_INPUT_EVENTS) {
    window.addEventListener(name, once, { capture: true, passive: true })
  }
}
