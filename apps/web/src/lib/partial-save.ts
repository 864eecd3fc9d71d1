// The partial application: once first name, last name, email and contact number are all present,
// the mapped payload is saved in the background to {partials host}/api/application/{GUID}. The
// first save goes at once; while answers keep changing, at most one every 2 s (a throttle with a
// trailing save, so the last answers are always sent); and once more, with keepalive, when the
// page is hidden or left. Never once the application is being submitted; a failure is only
// logged, without personal data (docs/decisions/1536-partial-save-throttled.md).

import { applicationSecretHeaders } from '@forecourt/domain/application-secret/application-secret'
import type { Brand } from '@forecourt/domain/brands/brand'
import { isReadyForPartialSave, toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import type { ApiUrl } from './api'

export const PARTIAL_SAVE_INTERVAL_MS = 2000

/** Origin of the partial-save API; '' means the page's own origin. */
export const PARTIALS_HOST = (
  (import.meta.env.VITE_PARTIALS_HOST as string | undefined) || ''
).replace(/\/+$/, '')

export interface PartialSaveDeps {
  getState: () => ApplicationState
  subscribe: (listener: (state: ApplicationState) => void) => () => void
  brandFor: (state: ApplicationState) => Brand
  post: (
    url: PartialSaveUrl,
    body: unknown,
    options: { keepalive: boolean; headers: Record<string, string> },
  ) => Promise<unknown>
  now: () => Date
  /** Calls the listener when the page is hidden or left; returns the function that stops it. */
  onPageHidden: (listener: () => void) => () => void
  host?: string
  intervalMs?: number
}

/** The partial save's address: the application key is the GUID, the submission's key too. */
/** Where the partial save is sent: the API's own origin, or the one its host names. */
export type PartialSaveUrl = ApiUrl<'POST /api/application/:applicationKey'>

export function partialSaveUrl(guid: string, host: string = PARTIALS_HOST): PartialSaveUrl {
  return `${host}/api/application/${encodeURIComponent(guid)}`
}

/**
 * The browser's signals that the page may not come back: hidden (another tab, the app switcher, a
 * phone locked), which is the last moment a mobile browser reliably runs script, and pagehide
 * (closed, reloaded, navigated away), for browsers that leave without hiding first.
 */
export function whenPageHidden(listener: () => void): () => void {
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') listener()
  }
  document.addEventListener('visibilitychange', onVisibilityChange)
  window.addEventListener('pagehide', listener)
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange)
    window.removeEventListener('pagehide', listener)
  }
}

function isSubmitting(state: ApplicationState): boolean {
  return state.isLocked || state.applicationSubmitOk
}

/**
 * Watches the application and saves it as described above. Saves made while the page is open go
 * one at a time, in order, so the last one to arrive holds the latest answers. Returns the
 * function that stops watching.
 */
export function startPartialSave(deps: PartialSaveDeps): () => void {
  const host = deps.host ?? PARTIALS_HOST
  const intervalMs = deps.intervalMs ?? PARTIAL_SAVE_INTERVAL_MS
  /** Set for `intervalMs` after each save sent: changes meanwhile wait for its end. */
  let coolDown: ReturnType<typeof setTimeout> | undefined
  /** A change arrived during the cool-down: save when it ends. */
  let changedMeanwhile = false
  let lastSent = ''
  let queue: Promise<void> = Promise.resolve()

  /** The payload to send now, or undefined when there is nothing (new) to save. */
  type Save = {
    url: PartialSaveUrl
    payload: unknown
    body: string
    headers: Record<string, string>
  }
  const unsaved = (): Save | undefined => {
    const state = deps.getState()
    if (isSubmitting(state) || !isReadyForPartialSave(state.form)) return undefined
    const payload = toPartialPayload(state, { brand: deps.brandFor(state), now: deps.now() })
    const body = JSON.stringify(payload)
    // Many state changes are not answers: the same body is not sent twice.
    if (body === lastSent) return undefined
    return {
      url: partialSaveUrl(state.GUID, host),
      payload,
      body,
      // Binds the write to this browser (decision 1801).
      headers: applicationSecretHeaders(state.applicationSecret),
    }
  }

  const send = ({ url, payload, body, headers }: Save, keepalive: boolean) => {
    lastSent = body
    const attempt = async () => {
      try {
        await deps.post(url, payload, { keepalive, headers })
      } catch (error) {
        // Sent again with the next change.
        if (lastSent === body) lastSent = ''
        console.warn(
          `Partial save failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
    if (keepalive) {
      // The page is going: this one cannot wait for a save still on its way. That one was sent
      // earlier with older answers, and the server keeps whichever arrives last.
      void attempt()
      return
    }
    queue = queue.then(async () => {
      // A later save, sent or waiting behind this one, carries newer answers: this one is moot.
      if (lastSent === body && !isSubmitting(deps.getState())) await attempt()
    })
  }

  const saveNow = (): boolean => {
    const next = unsaved()
    if (!next) return false
    send(next, false)
    coolDown = setTimeout(endCoolDown, intervalMs)
    return true
  }

  function endCoolDown() {
    coolDown = undefined
    if (!changedMeanwhile) return
    changedMeanwhile = false
    // The trailing save: the answers given during the cool-down.
    saveNow()
  }

  const stopCoolDown = () => {
    clearTimeout(coolDown)
    coolDown = undefined
    changedMeanwhile = false
  }

  const onChange = (state: ApplicationState) => {
    if (isSubmitting(state)) return stopCoolDown()
    if (!isReadyForPartialSave(state.form)) return
    if (coolDown !== undefined) {
      changedMeanwhile = true
      return
    }
    saveNow()
  }

  const onHidden = () => {
    const next = unsaved()
    if (!next) return
    // Sent now, so the trailing save has nothing left to send.
    changedMeanwhile = false
    send(next, true)
  }

  const unsubscribe = deps.subscribe(onChange)
  const stopListening = deps.onPageHidden(onHidden)
  // A reload with contact details already given saves what the page starts with.
  onChange(deps.getState())
  return () => {
    unsubscribe()
    stopListening()
    stopCoolDown()
  }
}
