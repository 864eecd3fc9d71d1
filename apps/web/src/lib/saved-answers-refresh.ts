// Once a link to continue was sent (or opened) in this tab, the answers behind it follow the applicant:
// the state is sent again as it changes, at most once every 2 s with a trailing send, like the partial
// save (docs/requirements.md#save-and-come-back-later). A reload in the same tab carries on.

import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { postJson } from './api'

const FLAG = 'forecourt.saved-for-later'
export const REFRESH_INTERVAL_MS = 2000

let stop: (() => void) | undefined

export function wasSavedForLater(): boolean {
  try {
    return sessionStorage.getItem(FLAG) === '1'
  } catch {
    return false
  }
}

export interface RefreshDeps {
  getState: () => ApplicationState
  subscribe: (listener: (state: ApplicationState) => void) => () => void
  post?: (url: string, body: unknown) => Promise<unknown>
  intervalMs?: number
}

/** Starts keeping the saved answers up to date (once per page); marks the tab so a reload does too. */
export function startSavedAnswersRefresh(deps: RefreshDeps): void {
  try {
    sessionStorage.setItem(FLAG, '1')
  } catch {
    // Storage blocked: refreshed until the page is left.
  }
  if (stop !== undefined) return
  const post = deps.post ?? ((url: string, body: unknown) => postJson(url, body))
  const intervalMs = deps.intervalMs ?? REFRESH_INTERVAL_MS
  let lastSent = JSON.stringify(deps.getState())
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false

  const send = () => {
    const state = deps.getState()
    if (state.isLocked || state.applicationSubmitOk) return
    const body = JSON.stringify(state)
    if (body === lastSent) return
    lastSent = body
    post(`/api/saved-answers/${encodeURIComponent(state.GUID)}`, { state }).catch(
      (error: unknown) => {
        lastSent = ''
        console.warn(
          `Saved answers not refreshed: ${error instanceof Error ? error.message : String(error)}`,
        )
      },
    )
  }
  const onChange = () => {
    if (timer !== undefined) {
      pending = true
      return
    }
    send()
    const tick = () => {
      if (!pending) {
        timer = undefined
        return
      }
      pending = false
      send()
      timer = setTimeout(tick, intervalMs)
    }
    timer = setTimeout(tick, intervalMs)
  }
  const unsubscribe = deps.subscribe(onChange)
  stop = () => {
    unsubscribe()
    clearTimeout(timer)
    stop = undefined
  }
}

/** Tests, and start-new: stops refreshing and forgets the mark. */
export function stopSavedAnswersRefresh(): void {
  stop?.()
  try {
    sessionStorage.removeItem(FLAG)
  } catch {
    // Nothing was kept.
  }
}
