// The full submission (docs/requirements.md#submission, docs/requirements.md#calls): the payload from the domain's mapper, POSTed once per
// application to {submissions host}/api/submission/{GUID} with the anti-forgery header and
// `keepalive`, so it outlives the redirect. The server is idempotent on the key, so a retry with
// the same body is never a second application: network failures, 5xx, 429 and a 403 that a new
// anti-forgery token did not cure are retried with backoff for as long as the page is open, and
// one more attempt leaves with the page even when another is still on its way (docs/decisions/1303,
// 1304, 1451). A refusal (another 4xx) ends the sending: the applicant is asked to get in touch
// (decision 1523). So does a 409: another application was already sent under this key (a duplicated
// tab whose copy was changed), and the server kept this one beside it for the broker (decision 1802);
// and a 403 for want of the application's secret, which sending again would not cure (decision 1801).

import {
  APPLICATION_SECRET_REFUSED,
  applicationSecretHeaders,
  toBase64Url,
} from '@forecourt/domain/application-secret/application-secret'
import { applicationReference as referenceFromKey } from '@forecourt/domain/reference/application-reference'
import type { Brand } from '@forecourt/domain/brands/brand'
import { normaliseEmail } from '@forecourt/domain/fields/email'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { track as trackEvent, type AnalyticsEvent } from './analytics'
import type { SubmissionAnswer, WriteRefusal } from './api-types'
import { CSRF_HEADER, readCsrfToken } from './csrf'
import { saveReference, saveSentBody, savedSentBody } from './submitted-reference'

/** Origin of the submissions API; '' means the page's own origin. */
export const SUBMISSIONS_HOST = (
  (import.meta.env.VITE_SUBMISSIONS_HOST as string | undefined) || ''
).replace(/\/+$/, '')

export const RETRY_FIRST_DELAY_MS = 1000
export const RETRY_MAX_DELAY_MS = 30_000
/** One attempt that has not answered by then is abandoned and retried. */
export const ATTEMPT_TIMEOUT_MS = 20_000

export const SUBMISSION_ERROR: AnalyticsEvent['event'] = 'Submission Error'
export const SUBMISSION_CATEGORY = 'Application form'

/**
 * 'sending' until an answer settles it; 'received' once the server has the application (a 2xx);
 * 'refused' for a 409 (another application under this key), a 403 for want of the application's
 * secret, and any other 4xx but 403, 408 and 429, which sending again would not change.
 */
export type SubmissionPhase = 'sending' | 'received' | 'refused'

export interface SubmissionStatus {
  phase: SubmissionPhase
  /** The reference to quote: the server's, or the same one worked out here while it is unknown. */
  reference: string | null
  attempts: number
  /** The server kept a refused application for the broker to follow up ('needs-attention'). */
  keptForFollowUp: boolean
}

export interface SubmissionDeps {
  getState: () => ApplicationState
  apply: (mutator: (draft: ApplicationState) => void) => void
  brand: Brand
  fetch: typeof fetch
  track: (event: AnalyticsEvent) => void
  now: () => Date
  host: string
}

export interface Submission {
  getStatus: () => SubmissionStatus
  subscribe: (listener: () => void) => () => void
  /**
   * The page is about to be left (the thank-you redirect): an application not yet received counts
   * as a failed send, and one more keepalive attempt goes out, even beside one still on its way.
   */
  leaving: () => void
}

export function submissionUrl(guid: string, host: string = SUBMISSIONS_HOST): string {
  return `${host}/api/submission/${encodeURIComponent(guid)}`
}

/**
 * The label of a 'Submission Error' event: a random id of that one event, never the application's key,
 * which would let anyone who reads the analytics write to the application (decision 1801).
 */
export function newEventId(
  fill: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) =>
    globalThis.crypto.getRandomValues(bytes),
): string {
  return toBase64Url(fill(new Uint8Array(12)))
}

/** 1 s after the first failure, then 2 s, 4 s, 8 s… never more than 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_DELAY_MS)
}

/** Statuses worth sending the same request again for: the server may answer differently later. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408
}

/** The `e` parameter of the thank-you address: base64 of the email's UTF-8 bytes. */
export function encodeEmail(email: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(email)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Where the applicant goes 5 s after arriving on /submit: the brand's thank-you address, with `e`
 * (percent-encoded, so a '+' in the base64 survives query parsing) unless the brand turns it off
 * (decision 1525), or null when the brand has none and /complete on our own origin is shown.
 */
export function thankYouAddress(brand: Brand, email: string): string | null {
  if (!brand.thankYouUrl) return null
  const url = new URL(brand.thankYouUrl)
  const normalised = normaliseEmail(email)
  if (normalised && brand.emailInThankYouUrl !== false) {
    url.searchParams.set('e', encodeEmail(normalised))
  }
  return url.toString()
}

/**
 * The reference the server gives an application (FC-7K2M-9QXD-R4TB), worked out here by the same domain
 * function (decision 1576) so the page can show it before the server answers. Null without a GUID.
 * Kept a promise for its callers; the work itself is synchronous.
 */
export function applicationReference(guid: string): Promise<string | null> {
  return Promise.resolve(guid ? referenceFromKey(guid) : null)
}

// One submission per application GUID for the page's lifetime: React's strict mode runs effects
// twice, and /submit and /complete both ask for it.
const submissions = new Map<string, Submission>()
const registryListeners = new Set<() => void>()

/** Calls `listener` whenever a submission starts (for useSyncExternalStore). */
export function subscribeSubmissions(listener: () => void): () => void {
  registryListeners.add(listener)
  return () => void registryListeners.delete(listener)
}

/**
 * Locks the application (isLocked: nothing may change what is sent), builds the payload once and
 * sends it until the server has it or refuses it. A second call for the same GUID returns the
 * first submission.
 */
export function submitApplication(deps: SubmissionDeps): Submission {
  const guid = deps.getState().GUID
  const existing = submissions.get(guid)
  if (existing) return existing
  const submission = startSubmission(deps, guid)
  submissions.set(guid, submission)
  registryListeners.forEach((listener) => listener())
  return submission
}

/** The submission of this GUID already under way on this page, if any. */
export function submissionInProgress(guid: string): Submission | undefined {
  return submissions.get(guid)
}

/** Tests only: forget every submission of this page. */
export function forgetSubmissions(): void {
  submissions.clear()
}

function startSubmission(deps: SubmissionDeps, guid: string): Submission {
  deps.apply((draft) => void (draft.isLocked = true))
  // Built once: every retry sends the very same body, which the server answers as a replay.
  const secretHeaders = applicationSecretHeaders(deps.getState().applicationSecret)
  // A reload while sending sends the body the page sent before, not one built again (decision 1802).
  const body =
    savedSentBody(guid) ??
    JSON.stringify(
      toFullSubmissionPayload(deps.getState(), {
        brand: deps.brand,
        now: deps.now(),
        agreeTerms: true,
      }),
    )
  saveSentBody(guid, body)
  const url = submissionUrl(guid, deps.host)
  const listeners = new Set<() => void>()
  let status: SubmissionStatus = {
    phase: 'sending',
    reference: null,
    attempts: 0,
    keptForFollowUp: false,
  }
  /** Attempts sent and not yet answered: more than one only once the page is leaving. */
  let inFlight = 0
  let leavingAttempt = false
  let failures = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let tokenRefreshed = false
  let failureRecorded = false

  const setStatus = (change: Partial<SubmissionStatus>) => {
    status = { ...status, ...change }
    listeners.forEach((listener) => listener())
  }

  const recordFailure = () => {
    if (failureRecorded) return
    failureRecorded = true
    deps.track({ event: SUBMISSION_ERROR, category: SUBMISSION_CATEGORY, label: newEventId() })
  }

  const received = (reference: string | null, duplicate: boolean) => {
    if (reference) saveReference(guid, reference)
    deps.apply((draft) => {
      draft.applicationSubmitOk = true
      draft.isDuplicate = duplicate
    })
    setStatus({ phase: 'received', ...(reference ? { reference } : {}) })
  }

  const refused = (answer: ServerAnswer) => {
    if (answer.reference) saveReference(guid, answer.reference)
    setStatus({
      phase: 'refused',
      keptForFollowUp: answer.status === 'needs-attention',
      ...(answer.reference ? { reference: answer.reference } : {}),
    })
    recordFailure()
  }

  const retryLater = () => {
    failures += 1
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void attempt(), retryDelayMs(failures))
  }

  const attempt = async (beside = false): Promise<void> => {
    if (status.phase !== 'sending' || (inFlight > 0 && !beside)) return
    inFlight += 1
    setStatus({ attempts: status.attempts + 1 })
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS)
    let response: Response
    try {
      const headers: Record<string, string> = {
        ...secretHeaders,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      }
      const token = readCsrfToken()
      if (token) headers[CSRF_HEADER] = token
      response = await deps.fetch(url, {
        method: 'POST',
        headers,
        body,
        keepalive: true,
        credentials: 'same-origin',
        signal: controller.signal,
      })
    } catch {
      inFlight -= 1
      clearTimeout(timeout)
      if (status.phase === 'sending') retryLater()
      return
    }
    clearTimeout(timeout)
    inFlight -= 1
    // Two attempts can be out at once: the first answer settles it, the other is a replay.
    if (status.phase !== 'sending') return
    if (response.ok) {
      received(
        (await answerFrom(response)).reference,
        response.headers.get('idempotent-replayed') === 'true',
      )
    } else if (response.status === 409) {
      // Not "sent": the application stored under this key is another one. The server kept this one
      // beside it for the broker, under the same reference.
      refused(await answerFrom(response))
    } else if (response.status === 403 && (await isSecretRefusal(response))) {
      refused({ reference: null, status: null })
    } else if (response.status === 403) {
      // The anti-forgery cookie can be gone (a restored browser session): fetch a new one and send
      // again at once; a 403 that outlives a new token is a send failure like any other, retried
      // later, not a refusal of the application.
      await refreshToken(deps)
      if (status.phase !== 'sending') return
      if (tokenRefreshed) retryLater()
      else {
        tokenRefreshed = true
        void attempt()
      }
    } else if (isRetryableStatus(response.status)) {
      retryLater()
    } else {
      refused(await answerFrom(response))
    }
  }

  void applicationReference(guid).then((reference) => {
    if (!reference || status.reference) return
    saveReference(guid, reference)
    setStatus({ reference })
  })
  void attempt()

  return {
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    leaving: () => {
      if (status.phase === 'received') return
      recordFailure()
      if (status.phase !== 'sending' || leavingAttempt) return
      clearTimeout(retryTimer)
      // Sent even when an attempt is on its way: that one may never be answered (a hung
      // connection is only given up after ATTEMPT_TIMEOUT_MS), and the page's own retries end
      // with the page. The server answers the second copy as a replay.
      leavingAttempt = true
      void attempt(true).finally(() => (leavingAttempt = false))
    },
  }
}

/** A 403 for want of the application's secret, not the anti-forgery check's. */
async function isSecretRefusal(response: Response): Promise<boolean> {
  try {
    const answer: unknown = await response.clone().json()
    return (
      typeof answer === 'object' &&
      answer !== null &&
      (answer as Partial<Record<keyof WriteRefusal, unknown>>).reason === APPLICATION_SECRET_REFUSED
    )
  } catch {
    return false
  }
}

interface ServerAnswer {
  reference: string | null
  status: string | null
}

/** The reference and status of the server's answer, where it gives them. */
async function answerFrom(response: Response): Promise<ServerAnswer> {
  try {
    const answer: unknown = await response.json()
    const fields =
      typeof answer === 'object' && answer !== null
        ? (answer as Partial<Record<keyof SubmissionAnswer, unknown>>)
        : {}
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
    return { reference: text(fields.reference), status: text(fields.status) }
  } catch {
    return { reference: null, status: null }
  }
}

async function refreshToken(deps: SubmissionDeps): Promise<void> {
  try {
    await deps.fetch(`${deps.host}/api/csrf`, { credentials: 'same-origin' })
  } catch {
    // The next attempt fails the same way and is retried like any other failure.
  }
}

/** The browser's own fetch and clock, for the /submit screen. */
export function browserSubmissionDeps(
  base: Pick<SubmissionDeps, 'getState' | 'apply' | 'brand'>,
): SubmissionDeps {
  return {
    ...base,
    fetch: (input, init) => fetch(input, init),
    track: trackEvent,
    now: () => new Date(),
    host: SUBMISSIONS_HOST,
  }
}

/** Leaves the page for the thank-you address; a separate object so tests can watch it. */
export const browserNavigation = {
  assign: (url: string): void => window.location.assign(url),
}
