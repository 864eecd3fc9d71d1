// A question's page is also rendered at build time (src/prerender/), for a deep link: for a new
// visitor, whose deep-link guard would turn them away, and without the applicant's answers. The guard
// lets the page show the question there, the progress bar draws its frame only, and the browser's
// own render replaces the page (docs/decisions/1941).
import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * True while React renders on the server, where it reads a store's server snapshot. React reads it
 * while hydrating too: the start page hydrates, and no user of this hook is on it; a question's
 * page is never hydrated (prerender/first-render.ts).
 */
export function usePrerendering(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  )
}
