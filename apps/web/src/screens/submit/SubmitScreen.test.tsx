import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { FILLED_GUID, filledState } from '@forecourt/domain/payload/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { getApplication, setApplication } from '../../lib/session-store'
import { browserNavigation, forgetSubmissions } from '../../lib/submission'
import { expectNoAxeViolations } from '../../testing/axe'
import { renderInMain } from '../../testing/render'
import SubmitScreen from './SubmitScreen'

const SUBMISSION_URL = `/api/submission/${FILLED_GUID}`
const THANK_YOU = `https://www.carfinance.example/thank-you?e=${encodeURIComponent(
  'YWRhLm9uZWlsbEBleGFtcGxlLmNvbQ==',
)}`
const CREATED = { submissionKey: FILLED_GUID, reference: 'FC-NN07-T1T4-FN9J', status: 'received' }

let assign: ReturnType<typeof vi.fn<(url: string) => void>>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  assign = vi.fn<(url: string) => void>()
  vi.spyOn(browserNavigation, 'assign').mockImplementation(assign)
  document.cookie = 'forecourt-csrf=nonce.signature'
  localStorage.setItem('forecourt.cookie-consent', 'rejected')
})

afterEach(() => {
  forgetSubmissions()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete window.dataLayer
  document.cookie = 'forecourt-csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

function given(change: (state: ApplicationState) => void = () => {}): ApplicationState {
  const state = filledState()
  change(state)
  setApplication(state)
  return state
}

/** A fetch answering each call with the next status (201 with the server's answer). */
function fetchAnswering(...statuses: (number | 'network')[]) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!
    if (status === 'network') throw new TypeError('Failed to fetch')
    const body = status === 201 ? CREATED : { error: 'Service unavailable' }
    return new Response(JSON.stringify(body), { status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

test('the mapped payload is POSTed with the header and keepalive, and the reference shown', async () => {
  const state = given()
  const fetchMock = fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)

  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe(SUBMISSION_URL)
  expect(init).toMatchObject({
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'x-csrf-token': 'nonce.signature', 'Content-Type': 'application/json' },
  })
  expect(JSON.parse(init!.body as string)).toEqual(
    toFullSubmissionPayload(
      { ...state, isLocked: true },
      { brand: brands.carfinance, now: new Date(), agreeTerms: true },
    ),
  )
  expect(getApplication()).toMatchObject({ isLocked: true, applicationSubmitOk: true })
  expect(screen.getByRole('heading', { level: 1, name: 'Sending your application' })).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your application has been sent.Your application reference is FC-NN07-T1T4-FN9J.',
  )
  expect(screen.getByText('You will be taken to Car Finance Direct in 5 seconds.')).toBeVisible()
})

test('5 s after arriving the page goes to the thank-you address with the email in e', async () => {
  given()
  fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(4999)
  expect(assign).not.toHaveBeenCalled()
  await advance(1)
  expect(assign).toHaveBeenCalledExactlyOnceWith(THANK_YOU)
  expect(window.dataLayer ?? []).not.toContainEqual(
    expect.objectContaining({ event: 'Submission Error' }),
  )
})

test('a 503 is retried with the same key and body, then the answer is shown', async () => {
  given()
  const fetchMock = fetchAnswering(503, 201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(screen.getByRole('status')).toHaveTextContent('Sending your application…')
  await advance(1000)

  expect(fetchMock).toHaveBeenCalledTimes(2)
  const [first, second] = fetchMock.mock.calls
  expect(second![0]).toBe(first![0])
  expect(second![0]).toBe(SUBMISSION_URL)
  expect(second![1]!.body).toBe(first![1]!.body)
  expect(screen.getByRole('status')).toHaveTextContent('Your application has been sent.')
  expect(screen.getByRole('status')).toHaveTextContent('FC-NN07-T1T4-FN9J')
})

test('when every attempt fails: Submission Error with the GUID, the reference, and still the redirect', async () => {
  given()
  const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true)
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
  const fetchMock = fetchAnswering('network', 503)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(5000)

  expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3)
  expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set([SUBMISSION_URL]))
  expect(assign).toHaveBeenCalledExactlyOnceWith(THANK_YOU)
  const failure = { event: 'Submission Error', category: 'Application form', label: FILLED_GUID }
  expect(window.dataLayer).toContainEqual(failure)
  const sent = beacon.mock.calls.map(([, body]) => JSON.parse(body as string) as object)
  expect(sent).toContainEqual(expect.objectContaining(failure))
  expect(getApplication().applicationSubmitOk).toBe(false)
  await vi.waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your application reference is FC-NN07-T1T4-FN9J.',
    ),
  )
  Reflect.deleteProperty(navigator, 'sendBeacon')
})

test('a refused application is recorded at once, and the page still moves on', async () => {
  given()
  fetchAnswering(400)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(window.dataLayer).toContainEqual({
    event: 'Submission Error',
    category: 'Application form',
    label: FILLED_GUID,
  })
  expect(screen.getByRole('status')).toHaveTextContent(
    'We could not confirm that your application reached us. Please contact us and quote your reference.',
  )
  await advance(5000)
  expect(assign).toHaveBeenCalledExactlyOnceWith(THANK_YOU)
})

test('Stay on this page stops the redirect and offers the way on', async () => {
  given()
  fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }))
  await advance(60_000)
  expect(assign).not.toHaveBeenCalled()
  expect(screen.getByRole('link', { name: 'Continue to Car Finance Direct' })).toHaveAttribute(
    'href',
    THANK_YOU,
  )
})

test('a brand without a thank-you address goes to /complete on our own origin', async () => {
  given()
  fetchAnswering(201)
  vi.spyOn(brands.carfinance, 'thankYouUrl', 'get').mockReturnValue('')
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(screen.getByText('You will be taken to the confirmation page in 5 seconds.')).toBeVisible()
  await advance(5000)
  expect(assign).not.toHaveBeenCalled()
  expect(location.history?.at(-1)).toBe('/complete')
})

test('coming back after the application was received shows the result, sending nothing', async () => {
  given((state) => {
    state.isLocked = true
    state.applicationSubmitOk = true
  })
  const fetchMock = fetchAnswering(201)
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(5000)
  expect(fetchMock).not.toHaveBeenCalled()
  expect(location.history?.at(-1)).toBe('/complete')
  expect(assign).not.toHaveBeenCalled()
})

test('without the terms agreed nothing is sent: back to the check page', async () => {
  given((state) => void (state.form.isAgreedTermsAndConditions = false))
  const fetchMock = fetchAnswering(201)
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(5000)
  expect(fetchMock).not.toHaveBeenCalled()
  expect(getApplication().isLocked).toBe(false)
  expect(location.history?.at(-1)).toBe('/before-you-submit')
})

test('the page has no axe violation while sending', async () => {
  given()
  fetchAnswering(503)
  const { container } = renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  vi.useRealTimers()
  await expectNoAxeViolations(container)
})
