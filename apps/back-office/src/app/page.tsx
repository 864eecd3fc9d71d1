// What a user hears on a route change: the page title names the screen (never anyone's personal
// data), and focus moves to the screen's heading, so a screen reader announces the new page.

import { useEffect, useRef, type ReactNode } from 'react'

export const SERVICE_NAME = 'Forecourt back office'

/** '<screen> – Forecourt back office', prefixed 'Error: ' while a form shows errors. */
export function pageTitle(screen: string, hasErrors = false): string {
  return `${hasErrors ? 'Error: ' : ''}${screen} – ${SERVICE_NAME}`
}

export function usePageTitle(screen: string, hasErrors = false): void {
  useEffect(() => {
    document.title = pageTitle(screen, hasErrors)
  }, [screen, hasErrors])
}

// Set by the router when the address changes inside the app; the next heading to appear takes focus.
// A screen may show its heading only once its data has loaded, so the focus waits for it.
let focusPending = false

export function markRouteChange(): void {
  focusPending = true
}

/**
 * The h1 of a screen: it takes focus when it appears after a route change, or when `focusKey`
 * changes (a record's heading stays while its parts change under it).
 */
export function PageHeading({
  children,
  caption,
  focusKey,
  className = 'page-heading',
}: {
  children: ReactNode
  caption?: ReactNode
  focusKey?: string
  className?: string
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focusPending || !ref.current) return
    focusPending = false
    try {
      window.scrollTo({ top: 0, left: 0 })
    } catch {
      // No layout in tests.
    }
    ref.current.focus({ preventScroll: true })
  }, [focusKey])
  return (
    <h1 ref={ref} className={className} tabIndex={-1}>
      {caption ? <span className="page-heading__caption">{caption}</span> : null}
      {children}
    </h1>
  )
}
