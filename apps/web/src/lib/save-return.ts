// Save and come back later (docs/requirements.md#save-and-come-back-later): the calls behind the save
// screen and the page a link opens. The link's token is kept in this tab's session storage only while
// the page needs it, so the address bar can drop it at once (decision 1821). Once a link was sent or
// opened in a tab, the answers behind it follow the applicant: the state is sent again as it changes, at
// most once every 2 s with a trailing send, like the partial save (decision 1822).

import type { Brand } from '@forecourt/domain/brands/brand'
import { applicationSecretHeaders } from '@forecourt/domain/application-secret/application-secret'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { ApiError, postJson, type ApiAnswer, type ApiUrl, type PostRoute } from './api'
import type { CheckRefusal, LinkCheck, SavedForLater, SentSinceAnswer } from './api-types'
import { markSavedForLater } from './saved-for-later-flag'

const TOKEN_KEY = 'forecourt.link-token'

export type { LinkCheck, SavedForLater } from './api-types'

export type SaveOutcome =
  | { kind: 'sent'; sent: SavedForLater }
  | { kind: 'refused'; status: number | null; message: string | undefined }

async function answerOf(error: unknown): Promise<{ status: number | null; body: unknown }> {
  if (error instanceof ApiError) return { status: error.status, body: error.body }
  return { status: null, body: undefined }
}

function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { error } = body as Partial<Record<keyof CheckRefusal, unknown>>
  return typeof error === 'string' ? error : undefined
}

export async function saveForLater(
  state: ApplicationState,
  brand: Brand,
  email: string,
  screen: string,
): Promise<SaveOutcome> {
  try {
    const sent = await postJson<'POST /api/save-and-return/:applicationKey'>(
      `/api/save-and-return/${encodeURIComponent(state.GUID)}`,
      { email, screen, state, payload: toPartialPayload(state, { brand, now: new Date() }) },
      // Every write under a key carries the secret of the browser that started it (decision 1801).
      { headers: applicationSecretHeaders(state.applicationSecret) },
    )
    return { kind: 'sent', sent }
  } catch (error) {
    const { status, body } = await answerOf(error)
    return { kind: 'refused', status, message: errorText(body) }
  }
}

/** The application behind the link has been sent since: it is with the broker (decision 2134). */
export interface SentSince {
  kind: 'submitted'
  reference: string
}

export type OpenOutcome =
  { kind: 'check'; check: LinkCheck } | { kind: 'expired' } | SentSince | { kind: 'error' }

function sentSince(status: number | null, body: unknown): SentSince | undefined {
  if (status !== 409 || typeof body !== 'object' || body === null) return undefined
  const { status: state, reference } = body as Partial<Record<keyof SentSinceAnswer, unknown>>
  return state === 'submitted' && typeof reference === 'string'
    ? { kind: 'submitted', reference }
    : undefined
}

/** The routes that open a link: each answers what its check asks for. */
export type OpenRoute =
  | 'POST /api/continue/open'
  | 'POST /api/application-status/open'
  | 'POST /api/joint-confirmation/open'

export async function openLink(url: ApiUrl<OpenRoute>, token: string): Promise<OpenOutcome> {
  try {
    const answer = await postJson<OpenRoute>(url, { token })
    return { kind: 'check', check: answer.check }
  } catch (error) {
    const { status, body } = await answerOf(error)
    return status === 410 ? { kind: 'expired' } : (sentSince(status, body) ?? { kind: 'error' })
  }
}

export type CheckOutcome<T> =
  | { kind: 'open'; answer: T }
  | {
      kind: 'wrong'
      message: string
      /** The field the server named, when it named one. */ field?: string
    }
  | { kind: 'expired' }
  | { kind: 'error' }

function errorField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { errors } = body as Partial<Record<keyof CheckRefusal, unknown>>
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined
  if (typeof first !== 'object' || first === null) return undefined
  const { field } = first as Partial<
    Record<keyof NonNullable<CheckRefusal['errors']>[number], unknown>
  >
  return typeof field === 'string' ? field : undefined
}

/** Sends a link's check, or an answer given through a link, to route `R`; its answer is `R`'s. */
export async function checkLink<R extends PostRoute = never>(
  url: NoInfer<ApiUrl<R>>,
  body: object,
): Promise<CheckOutcome<ApiAnswer<R>>> {
  const outcome = await checkResumeLink<R>(url, body)
  return outcome.kind === 'submitted' ? { kind: 'error' } : outcome
}

/** checkLink for a link to continue, whose application may have been sent since. */
export async function checkResumeLink<R extends PostRoute = never>(
  url: NoInfer<ApiUrl<R>>,
  body: object,
): Promise<CheckOutcome<ApiAnswer<R>> | SentSince> {
  try {
    return { kind: 'open', answer: await postJson<R>(url, body) }
  } catch (error) {
    const { status, body: answer } = await answerOf(error)
    if (status === 410) return { kind: 'expired' }
    const sent = sentSince(status, answer)
    if (sent !== undefined) return sent
    const message = errorText(answer)
    if (status === 400 && message !== undefined) {
      const field = errorField(answer)
      return field === undefined ? { kind: 'wrong', message } : { kind: 'wrong', message, field }
    }
    return { kind: 'error' }
  }
}

export type NewLinkOutcome =
  { kind: 'requested'; message: string } | { kind: 'refused'; message: string | undefined }

/** The routes that send a new link, which answer alike. */
export type NewLinkRoute =
  | 'POST /api/continue/new-link'
  | 'POST /api/application-status/new-link'
  | 'POST /api/joint-confirmation/new-link'

export async function requestNewLink(
  url: ApiUrl<NewLinkRoute>,
  token: string,
  email: string,
): Promise<NewLinkOutcome> {
  try {
    const answer = await postJson<NewLinkRoute>(url, { token, email })
    return { kind: 'requested', message: answer.message }
  } catch (error) {
    const { body } = await answerOf(error)
    return { kind: 'refused', message: errorText(body) }
  }
}

export function keepToken(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token)
  } catch {
    // Storage blocked: the page keeps working until it is reloaded.
  }
}

export function keptToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

export function forgetToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY)
  } catch {
    // Nothing was kept.
  }
}

// --- The answers behind a link follow the applicant ---

export const REFRESH_INTERVAL_MS = 2000

let stop: (() => void) | undefined

export interface RefreshDeps {
  getState: () => ApplicationState
  subscribe: (listener: (state: ApplicationState) => void) => () => void
  post?: (url: ApiUrl<'POST /api/saved-answers/:applicationKey'>, body: unknown) => Promise<unknown>
  intervalMs?: number
}

/** Starts keeping the saved answers up to date (once per page); marks the tab so a reload does too. */
export function startSavedAnswersRefresh(deps: RefreshDeps): void {
  markSavedForLater(true)
  if (stop !== undefined) return
  const post =
    deps.post ??
    ((url, body) =>
      postJson<'POST /api/saved-answers/:applicationKey'>(url, body, {
        headers: applicationSecretHeaders(deps.getState().applicationSecret),
      }))
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
  markSavedForLater(false)
}
