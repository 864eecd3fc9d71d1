import { render } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { App } from '#app/App'
import type { Session } from '#lib/types'

/** Options for findBy queries that wait for a lazily loaded screen on a busy machine. */
export const LAZY = { timeout: 15_000 }

/**
 * The whole app at `path`. `session` starts it signed in (or out, with null); left out, the app asks
 * the (fake) API as it does in the browser.
 */
export function renderApp(path: string, session?: Session | null) {
  const location = memoryLocation({ path, record: true })
  const result = render(
    <Router hook={location.hook}>
      <App initialSession={session} />
    </Router>,
  )
  return { ...result, location, navigate: location.navigate }
}
