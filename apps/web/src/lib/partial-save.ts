// The partial application (§4 Submission, §7): once first name, last name, email and contact
// number are all present, the mapped payload is saved in the background to
// {partials host}/api/application/{GUID}, and saved again 2 s after the answers stop changing.
// Never once the application is being submitted; a failure is only logged, without personal data
// (§8; docs/decisions/1306).

import type { Brand } from '@forecourt/domain/brands/brand'
import { isReadyForPartialSave, toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import type { ApplicationState } from '@forecourt/domain/state/application-state'

export const PARTIAL_SAVE_DEBOUNCE_MS = 2000

/** Origin of the partial-save API; '' means the page's own origin. */
export const PARTIALS_HOST = (
  (import.meta.env.VITE_PARTIALS_HOST as string | undefined) || ''
).replace(/\/+$/, '')

export interface PartialSaveDeps {
  getState: () => ApplicationState
  subscribe: (listener: (state: ApplicationState) => void) => () => void
  brandFor: (state: ApplicationState) => Brand
  post: (url: string, body: unknown) => Promise<unknown>
  now: () => Date
  host?: string
  debounceMs?: number
}

/** The partial save's address: the application key is the GUID, the submission's key too. */
export function partialSaveUrl(guid: string, host: string = PARTIALS_HOST): string {
  return `${host}/api/application/${encodeURIComponent(guid)}`
}

function isSubmitting(state: ApplicationState): boolean {
  return state.isLocked || state.applicationSubmitOk
}

/**
 * Watches the application and saves it as described above. Saves go one at a time, in order, so
 * the last one to arrive holds the latest answers. Returns the function that stops watching.
 */
export function startPartialSave(deps: PartialSaveDeps): () => void {
  const host = deps.host ?? PARTIALS_HOST
  const debounceMs = deps.debounceMs ?? PARTIAL_SAVE_DEBOUNCE_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastSaved = ''
  let queue: Promise<void> = Promise.resolve()

  const save = () => {
    timer = undefined
    const state = deps.getState()
    if (isSubmitting(state) || !isReadyForPartialSave(state.form)) return
    const payload = toPartialPayload(state, { brand: deps.brandFor(state), now: deps.now() })
    const body = JSON.stringify(payload)
    if (body === lastSaved) return
    lastSaved = body
    const url = partialSaveUrl(state.GUID, host)
    queue = queue.then(async () => {
      if (isSubmitting(deps.getState())) return
      try {
        await deps.post(url, payload)
      } catch (error) {
        // Saved again with the next change.
        if (lastSaved === body) lastSaved = ''
        console.warn(
          `Partial save failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    })
  }

  const schedule = (state: ApplicationState) => {
    if (isSubmitting(state)) {
      clearTimeout(timer)
      timer = undefined
      return
    }
    if (!isReadyForPartialSave(state.form)) return
    clearTimeout(timer)
    timer = setTimeout(save, debounceMs)
  }

  const unsubscribe = deps.subscribe(schedule)
  // A reload with contact details already given saves what the page starts with.
  schedule(deps.getState())
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}
