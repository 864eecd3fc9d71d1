// The state a page is rendered from, as React's server snapshot.

import type { ApplicationState } from '@forecourt/domain/state/application-state'
import type { ApplicationStore } from '#lib/session-store'

/**
 * Makes `state` the store's state and its server snapshot. zustand's `useStore` hands
 * `getInitialState()` to `useSyncExternalStore` as the server snapshot, which React reads both when
 * rendering on the server and while hydrating in the browser. The page is rendered from the
 * start-up state, not from the state the store was created with (that has no brand yet), so both
 * sides must read the start-up state there: otherwise every brand but the default would hydrate
 * against the default brand's text and React would discard the pre-rendered markup.
 */
export function renderFromState(store: ApplicationStore, state: ApplicationState): void {
  store.setState(state, true)
  store.getInitialState = () => state
}
