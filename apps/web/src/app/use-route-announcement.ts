// What a screen reader user hears on a route change (docs/requirements.md#accessibility): the page title names the step,
// focus moves to the screen's heading, and the page starts at the top.

import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { useBrand } from '#brand/use-brand'

/** '<screen title> – <brand trading name>'. */
export function pageTitle(screenTitle: string | undefined, tradingName: string): string {
  return screenTitle ? `${screenTitle} – ${tradingName}` : tradingName
}

/**
 * Sets the page title for the current route and tells whether the current screen was reached by
 * navigating inside the app. The page's first screen leaves focus where the browser put it, so
 * the skip link stays the first stop; every later screen takes focus to its heading.
 */
export function useRouteAnnouncement(screenTitle: string | undefined): { navigated: boolean } {
  const brand = useBrand()
  const [location] = useLocation()
  // "Storing information from previous renders": counts location changes without an effect.
  const [seen, setSeen] = useState({ location, changes: 0 })
  if (seen.location !== location) setSeen({ location, changes: seen.changes + 1 })

  useEffect(() => {
    // A redirect renders no screen: keep the title until the screen it leads to is known.
    if (screenTitle) document.title = pageTitle(screenTitle, brand.tradingName)
  }, [screenTitle, brand.tradingName, location])

  return { navigated: seen.changes > 0 || seen.location !== location }
}

/**
 * Moves focus to the first h1 inside `container`, making it focusable by script if a control
 * drew it (a label or legend can be a screen's heading), and scrolls to the top of the page.
 */
export function focusScreenHeading(container: ParentNode | null = document): boolean {
  const heading = container?.querySelector<HTMLElement>('h1')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  scrollToTop()
  heading.focus({ preventScroll: true })
  return true
}

function scrollToTop(): void {
  try {
    window.scrollTo({ top: 0, left: 0 })
  } catch {
    // Environments without layout (tests) have nothing to scroll.
  }
}
