// The React tree of the page, the same on the server that pre-renders `/` and in the browser that
// hydrates it: hydration needs both to build the very same tree, or React throws the markup away.

import { StrictMode, useEffect } from 'react'
import { Router } from 'wouter'
import { App } from '#app/app'

/**
 * `ssrPath` is the path the server renders for (it has no `location`); the browser leaves it out
 * and the router reads the real address. `afterFirstRender` runs once the first render's effects
 * have run, the screen's included (its effect comes after theirs).
 */
export function PageRoot({
  ssrPath,
  afterFirstRender,
}: {
  ssrPath?: string
  afterFirstRender?: () => void
}) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <App />
        {afterFirstRender ? <AfterFirstRender run={afterFirstRender} /> : null}
      </Router>
    </StrictMode>
  )
}

function AfterFirstRender({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}
