import type { ReactNode } from 'react'

/**
 * The h1 of every screen. tabIndex -1 lets the router move focus to it on a route change, so
 * screen readers announce the new step.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="screen-heading" tabIndex={-1}>
      {children}
    </h1>
  )
}
