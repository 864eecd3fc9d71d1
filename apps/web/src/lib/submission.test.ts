import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import {
  FILLED_GUID,
  FILLED_SECRET,
  filledState,
} from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import type { AnalyticsEvent } from './analytics'
import {
  applicationReference,
  encodeEmail,
  forgetSubmissions,
  retryDelayMs,
  submitApplication,
  submissionUrl,
  thankYouAddress,
  type SubmissionDeps,
} from './submission'
import { savedReference } from './submitted-reference'

const brand = brands.carfinance
const NOW = new Date('2025-06-02T09:20:00.000Z')
/** A 'Submission Error' labelled with a random event id: never the GUID (decision 1801). */
const SUBMISSION_ERROR = {
  event: 'Submission Error',
  category: 'Application form',
  label: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
}

const CREATED = { submissionKey: FILLED_GUID, reference: 'FC-NN07-T1T4-FN9J', status: 'received' }

let state: ApplicationState
let events: AnalyticsEvent[]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  state = filledState()
  events = []
  document.cookie = 'forecourt-csrf=nonce.signature'
})

afterEach(() => {
  forgetSubmissions()
  sessionStorage.clear()
  vi.useRealTimers()
  document.cookie = 'forecourt-csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

function depsWith(fetchMock: SubmissionDeps['fetch']): SubmissionDeps {
  return {
    getState: () => state,
    apply: (mutator) => {
      const draft = structuredClone(state)
      mutator(draft)
      state = draft
    },
    brand,
    fetch: fetchMock,
    track: (event) => void events.push(event),
    now: () => NOW,
    host: '',
  }
}

/** Answers each call with the next of `answers`: a status, or 'network' for a failed fetch. */
function fetchAnswering(...answers: (number | 'network')[]) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift() ?? 201
    if (answer === 'network') throw new TypeError('Failed to fetch')
    return answer === 201 ? json(CREATED, 201) : json({ error: 'x' }, answer)
  })
}

test('the application is locked and its mapped payload POSTed with the header and keepalive', async () => {
  const expected = toFullSubmissionPayload(
    { ...filledState(), isLocked: true },
    { brand, now: NOW, agreeTerms: true },
  )
  const fetchMock = fetchAnswering(201)
  const submission = submitApplication(depsWith(fetchMock))
  expect(state.isLocked).toBe(true)
  await vi.advanceTimersByTimeAsync(0)

  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe(`/api/submission/${FILLED_GUID}`)
  expect(init).toMatchObject({
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'x-csrf-token': 'nonce.signature',
      'x-application-secret': FILLED_SECRET,
    },
  })
  expect(JSON.parse(init!.body as string)).toEqual(expected)
  expect(submission.getStatus()).toMatchObject({
    phase: 'received',
    reference: 'FC-NN07-T1T4-FN9J',
  })
  expect(state.applicationSubmitOk).toBe(true)
  expect(state.isDuplicate).toBe(false)
  expect(events).toEqual([])
})

test('network failures, 5xx and 429 are retried after 1 s, 2 s, 4 s with the same key and body', async () => {
  const fetchMock = fetchAnswering('network', 503, 429, 201)
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(999)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  await vi.advanceTimersByTimeAsync(2000)
  expect(fetchMock).toHaveBeenCalledTimes(3)
  await vi.advanceTimersByTimeAsync(4000)
  expect(fetchMock).toHaveBeenCalledTimes(4)

  const calls = fetchMock.mock.calls
  expect(new Set(calls.map(([url]) => url))).toEqual(new Set([`/api/submission/${FILLED_GUID}`]))
  expect(new Set(calls.map(([, init]) => init!.body)).size).toBe(1)
  expect(submission.getStatus().phase).toBe('received')
  expect(events).toEqual([])
})

test('the backoff doubles up to 30 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
  ])
})

test.each([400, 404, 422])(
  'a %i refusal is not retried and is recorded as a Submission Error with a random event id',
  async (status) => {
    const fetchMock = fetchAnswering(status)
    const submission = submitApplication(depsWith(fetchMock))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(submission.getStatus()).toMatchObject({ phase: 'refused', keptForFollowUp: false })
    expect(state.applicationSubmitOk).toBe(false)
    expect(events).toEqual([SUBMISSION_ERROR])
  },
)

test("a refusal kept for follow-up gives the server's reference, which is kept for reloads", async () => {
  const fetchMock = vi.fn(async () =>
    json(
      {
        error: 'Invalid submission',
        errors: [{ field: 'securityAddress.residentialStatus', message: 'is missing' }],
        reference: 'FC-SERV-ER01',
        status: 'needs-attention',
      },
      400,
    ),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(submission.getStatus()).toMatchObject({
    phase: 'refused',
    reference: 'FC-SERV-ER01',
    keptForFollowUp: true,
  })
  await vi.advanceTimersByTimeAsync(60_000)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(submission.getStatus().reference).toBe('FC-SERV-ER01')
  expect(savedReference(FILLED_GUID)).toBe('FC-SERV-ER01')
  expect(savedReference('another-guid')).toBeNull()
})

test("the server's reference of an accepted application is kept for reloads", async () => {
  submitApplication(depsWith(fetchAnswering(201)))
  await vi.advanceTimersByTimeAsync(0)
  expect(savedReference(FILLED_GUID)).toBe('FC-NN07-T1T4-FN9J')
})

test('a 409 is not "sent": another application holds the key, and this one was kept beside it', async () => {
  const fetchMock = vi.fn(async () =>
    json(
      {
        error: 'This submission key was already used with a different application',
        reference: 'FC-NN07-T1T4-FN9J',
        status: 'needs-attention',
      },
      409,
    ),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(60_000)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(submission.getStatus()).toMatchObject({
    phase: 'refused',
    reference: 'FC-NN07-T1T4-FN9J',
    keptForFollowUp: true,
  })
  expect(state).toMatchObject({ applicationSubmitOk: false, isDuplicate: false })
  expect(events).toEqual([SUBMISSION_ERROR])
})

test('a reload while sending sends the body sent before, not one built again from changed answers', async () => {
  const first = fetchAnswering('network')
  submitApplication(depsWith(first))
  await vi.advanceTimersByTimeAsync(0)
  const sent = first.mock.calls[0]![1]!.body as string
  // The page reloads: a new page's registry, and the IP lookup gave another address meanwhile.
  forgetSubmissions()
  state = { ...state, form: { ...state.form, remoteAddress: '198.51.100.99' } }
  const again = fetchAnswering(201)
  submitApplication(depsWith(again))
  await vi.advanceTimersByTimeAsync(0)
  expect(again.mock.calls[0]![1]!.body).toBe(sent)
})

test("a 403 for want of the application's secret is a refusal: no new token, no retry", async () => {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    json(
      {
        error:
          'This application was started in another browser and cannot be changed from this one',
        reason: 'application-secret',
      },
      403,
    ),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(60_000)
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/submission/${FILLED_GUID}`])
  expect(submission.getStatus()).toMatchObject({
    phase: 'refused',
    reference: 'FC-NN07-T1T4-FN9J',
    keptForFollowUp: false,
  })
  expect(events).toEqual([SUBMISSION_ERROR])
  expect(JSON.stringify(events)).not.toContain(FILLED_GUID)
})

test('a replayed answer marks the application as a duplicate', async () => {
  const fetchMock = vi.fn(async () => json(CREATED, 201, { 'idempotent-replayed': 'true' }))
  submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(state).toMatchObject({ applicationSubmitOk: true, isDuplicate: true })
})

test('a 403 fetches a new anti-forgery token once, then sends again', async () => {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
    if (url === '/api/csrf') {
      document.cookie = 'forecourt-csrf=fresh.token'
      return json({ token: 'fresh.token' }, 200)
    }
    return fetchMock.mock.calls.length === 1
      ? json({ error: 'Forbidden' }, 403)
      : json(CREATED, 201)
  })
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
    `/api/submission/${FILLED_GUID}`,
    '/api/csrf',
    `/api/submission/${FILLED_GUID}`,
  ])
  expect(fetchMock.mock.calls[2]![1]!.headers).toMatchObject({ 'x-csrf-token': 'fresh.token' })
  expect(submission.getStatus().phase).toBe('received')
})

test('a 403 that a new token does not cure is retried later, never a refusal', async () => {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
    url === '/api/csrf' ? json({ token: 'fresh.token' }, 200) : json({ error: 'Forbidden' }, 403),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  const sends = () =>
    fetchMock.mock.calls.filter(([url]) => url === `/api/submission/${FILLED_GUID}`).length
  expect(sends()).toBe(2)
  expect(submission.getStatus().phase).toBe('sending')
  await vi.advanceTimersByTimeAsync(1000)
  expect(sends()).toBe(3)
  expect(submission.getStatus().phase).toBe('sending')
  expect(events).toEqual([])
})

test('a second call for the same application returns the first submission and sends nothing more', async () => {
  const fetchMock = fetchAnswering(201)
  const first = submitApplication(depsWith(fetchMock))
  const second = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(second).toBe(first)
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('leaving before the server has it records the failure once and sends once more at once', async () => {
  const fetchMock = fetchAnswering(503, 503, 503)
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  submission.leaving()
  await vi.advanceTimersByTimeAsync(0)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  submission.leaving()
  expect(events).toEqual([SUBMISSION_ERROR])
})

test('an attempt with no answer is given up after 20 s and sent again', async () => {
  const fetchMock = vi.fn((_url: RequestInfo | URL, init?: RequestInit) =>
    fetchMock.mock.calls.length === 1
      ? new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          )
        })
      : Promise.resolve(json(CREATED, 201)),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(19_999)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1 + 1000)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(submission.getStatus()).toMatchObject({ phase: 'received', attempts: 2 })
})

test('leaving while an attempt hangs sends one more keepalive attempt beside it', async () => {
  let answerFirst: (response: Response) => void = () => {}
  const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    fetchMock.mock.calls.length === 1
      ? new Promise<Response>((resolve) => (answerFirst = resolve))
      : Promise.resolve(json(CREATED, 201)),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(4999)
  expect(fetchMock).toHaveBeenCalledTimes(1)

  submission.leaving()
  expect(fetchMock).toHaveBeenCalledTimes(2)
  const [first, second] = fetchMock.mock.calls
  expect(second![0]).toBe(first![0])
  expect(second![1]).toMatchObject({ method: 'POST', keepalive: true, body: first![1]!.body })
  await vi.advanceTimersByTimeAsync(0)
  expect(submission.getStatus()).toMatchObject({ phase: 'received', attempts: 2 })
  expect(state).toMatchObject({ applicationSubmitOk: true, isDuplicate: false })

  // The first answer arrives late, as a replay: it changes nothing and nothing more is sent.
  answerFirst(json(CREATED, 201, { 'idempotent-replayed': 'true' }))
  await vi.advanceTimersByTimeAsync(60_000)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(state.isDuplicate).toBe(false)
  expect(events).toEqual([SUBMISSION_ERROR])
})

test('leaving twice while its own attempt is on its way sends it once', async () => {
  const fetchMock = vi.fn(
    (_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}),
  )
  const submission = submitApplication(depsWith(fetchMock))
  await vi.advanceTimersByTimeAsync(0)
  submission.leaving()
  submission.leaving()
  expect(fetchMock).toHaveBeenCalledTimes(2)
})

test('leaving after the server has it records nothing', async () => {
  const submission = submitApplication(depsWith(fetchAnswering(201)))
  await vi.advanceTimersByTimeAsync(0)
  submission.leaving()
  expect(events).toEqual([])
})

test('the reference is worked out from the GUID as the server does', async () => {
  vi.useRealTimers()
  expect(await applicationReference(FILLED_GUID)).toBe('FC-NN07-T1T4-FN9J')
  expect(await applicationReference(FILLED_GUID.toUpperCase())).toBe('FC-NN07-T1T4-FN9J')
  expect(await applicationReference('0b0c9b4e-1d2f-4e5a-9b6c-7d8e9f0a1b2c')).toBe(
    'FC-KTJN-E0E2-S78K',
  )
})

test('the submissions host is put before the path', () => {
  expect(submissionUrl(FILLED_GUID, 'https://api.example')).toBe(
    `https://api.example/api/submission/${FILLED_GUID}`,
  )
})

/** A brand with a thank-you address of its own (no demo brand has one: they use /complete). */
const external = { ...brand, thankYouUrl: 'https://www.carfinance.example/thank-you' }

test.each([
  ['ada.oneill@example.com', 'YWRhLm9uZWlsbEBleGFtcGxlLmNvbQ=='],
  ['zoë@example.com', 'em/Dq0BleGFtcGxlLmNvbQ=='],
])('the e parameter of %s is the base64 of its UTF-8 bytes', (email, base64) => {
  expect(encodeEmail(email)).toBe(base64)
  expect(thankYouAddress(external, ` ${email} `)).toBe(
    `https://www.carfinance.example/thank-you?e=${encodeURIComponent(base64)}`,
  )
  expect(thankYouAddress({ ...external, emailInThankYouUrl: true }, email)).toBe(
    `https://www.carfinance.example/thank-you?e=${encodeURIComponent(base64)}`,
  )
})

test('a brand can keep the email out of its thank-you address', () => {
  expect(
    thankYouAddress({ ...external, emailInThankYouUrl: false }, 'ada.oneill@example.com'),
  ).toBe('https://www.carfinance.example/thank-you')
  expect(
    thankYouAddress(
      { ...external, thankYouUrl: 'https://www.carfinance.example/thanks?from=form' },
      'a@b.example',
    ),
  ).toBe(
    `https://www.carfinance.example/thanks?from=form&e=${encodeURIComponent('YUBiLmV4YW1wbGU=')}`,
  )
})

test('a brand without a thank-you address has none, and no email gives no e', () => {
  expect(thankYouAddress(brand, 'a@b.example')).toBeNull()
  expect(thankYouAddress(external, '')).toBe('https://www.carfinance.example/thank-you')
})
