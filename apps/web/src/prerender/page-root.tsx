// The React tree of the page, the same on the server that pre-renders `/` and in the browser that
// hydrates it: hydration needs both to build the very same tree, or React throws the markup away.

import { StrictMode } from 'react'
import { Router } from 'wouter'
import { App } from '#app/app'

/**
 * `ssrPath` is the path the server renders for (it has no `location`); the browser leaves it out
 * and the router reads the real address.
 */
export function PageRoot({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <App />
      </Router>
    </StrictMode>
  )
}
