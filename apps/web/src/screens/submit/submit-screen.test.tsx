import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { FILLED_GUID, filledState } from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { getApplication, setApplication } from '#lib/session-store'
import { browserNavigation, forgetSubmissions } from '#lib/submission'
import { expectNoAxeViolations } from '#testing/axe'
import { renderInMain } from '#testing/render'
import SubmitScreen from './submit-screen'

const SUBMISSION_URL = `/api/submission/${FILLED_GUID}`
const EXTERNAL_THANK_YOU = 'https://www.carfinance.example/thank-you'
const THANK_YOU = `${EXTERNAL_THANK_YOU}?e=${encodeURIComponent('YWRhLm9uZWlsbEBleGFtcGxlLmNvbQ==')}`
const CREATED = { submissionKey: FILLED_GUID, reference: 'FC-NN07-T1T4-FN9J', status: 'received' }
const NEEDS_ATTENTION = {
  error: 'Invalid submission',
  errors: [{ field: 'securityAddress.residentialStatus', message: 'is missing' }],
  reference: 'FC-NN07-T1T4-FN9J',
  status: 'needs-attention',
}

/** The label of a 'Submission Error': a random id of the event, never the GUID (decision 1801). */
const EVENT_ID = expect.stringMatching(/^[A-Za-z0-9_-]{16}$/)
/** Another application was already sent under this key; this one was kept beside it (decision 1802). */
const CONFLICT = {
  error: 'This submission key was already used with a different application',
  reference: 'FC-NN07-T1T4-FN9J',
  status: 'needs-attention',
}

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
  sessionStorage.clear()
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

/** The brand as one with a thank-you address of its own (no demo brand has one). */
function withExternalThankYou() {
  vi.spyOn(brands.carfinance, 'thankYouUrl', 'get').mockReturnValue(EXTERNAL_THANK_YOU)
}

/** A fetch answering each call with the next status (201 with the server's answer). */
function fetchAnswering(...statuses: (number | 'network')[]) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!
    if (status === 'network') throw new TypeError('Failed to fetch')
    const body =
      status === 201
        ? CREATED
        : status === 400
          ? NEEDS_ATTENTION
          : status === 409
            ? CONFLICT
            : { error: 'Service unavailable' }
    return new Response(JSON.stringify(body), { status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

const heading = () => screen.getByRole('heading', { level: 1 })
/** The countdown on screen (screen readers hear it from a polite region instead). */
const countdown = () => screen.getByText(/^You will be taken to/, { selector: 'p[aria-hidden]' })
/** The live region of the sending (the first role=status; the countdown's is the other). */
const sendingStatus = () => screen.getAllByRole('status')[0]!

test('the mapped payload is POSTed with the header and keepalive, and the heading follows the answer', async () => {
  const state = given()
  const fetchMock = fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  expect(heading()).toHaveTextContent('Sending your application')
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
  // Never "Sending" beside "sent".
  expect(heading()).toHaveTextContent('Your application has been sent')
  expect(document.title).toBe('Your application has been sent – Car Finance Direct')
  expect(sendingStatus()).toHaveTextContent(
    'We have your application.Your application reference is FC-NN07-T1T4-FN9J. Please quote it if you contact us.',
  )
  expect(screen.queryByText(/Sending/)).not.toBeInTheDocument()
  expect(countdown()).toHaveTextContent('You will be taken to the confirmation page in 5 seconds.')
})

test('while the answer is awaited, the heading and the status both say sending', async () => {
  given()
  fetchAnswering(503)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(heading()).toHaveTextContent('Sending your application')
  expect(sendingStatus()).toHaveTextContent('Sending your application…')
  expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument()
})

test('a demo brand goes to /complete, our own thank-you page, 5 s after arriving', async () => {
  given()
  fetchAnswering(201)
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(4999)
  expect(location.history?.at(-1)).toBe('/submit')
  await advance(1)
  expect(assign).not.toHaveBeenCalled()
  expect(location.history?.at(-1)).toBe('/complete')
})

test('the countdown counts down on screen and is announced once, politely', async () => {
  given()
  fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  const shown = countdown
  const announced = screen.getAllByRole('status')[1]!
  expect(shown()).toHaveTextContent('in 5 seconds.')
  // The number on screen is hidden from screen readers, which hear the polite region once.
  expect(shown()).toHaveAttribute('aria-hidden', 'true')
  expect(announced).toHaveClass('visually-hidden')
  expect(announced).toHaveTextContent('You will be taken to the confirmation page in 5 seconds.')
  const seen: string[] = []
  for (let second = 1; second <= 4; second += 1) {
    await advance(1000)
    seen.push(shown().textContent ?? '')
    expect(announced).toHaveTextContent('You will be taken to the confirmation page in 5 seconds.')
  }
  expect(seen).toEqual([
    'You will be taken to the confirmation page in 4 seconds.',
    'You will be taken to the confirmation page in 3 seconds.',
    'You will be taken to the confirmation page in 2 seconds.',
    'You will be taken to the confirmation page in 1 second.',
  ])
})

test('a brand with a thank-you address of its own goes there after 5 s, with the email in e', async () => {
  given()
  withExternalThankYou()
  fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(countdown()).toHaveTextContent('You will be taken to Car Finance Direct in 5 seconds.')
  await advance(4999)
  expect(assign).not.toHaveBeenCalled()
  await advance(1)
  expect(assign).toHaveBeenCalledExactlyOnceWith(THANK_YOU)
  expect(window.dataLayer ?? []).not.toContainEqual(
    expect.objectContaining({ event: 'Submission Error' }),
  )
})

test('a brand that keeps the email out of its thank-you address goes there without e', async () => {
  given()
  withExternalThankYou()
  Object.defineProperty(brands.carfinance, 'emailInThankYouUrl', {
    value: false,
    configurable: true,
  })
  try {
    fetchAnswering(201)
    renderInMain(<SubmitScreen />, '/submit')
    await advance(5000)
    expect(assign).toHaveBeenCalledExactlyOnceWith(EXTERNAL_THANK_YOU)
  } finally {
    Reflect.deleteProperty(brands.carfinance, 'emailInThankYouUrl')
  }
})

test('a 503 is retried with the same key and body, then the answer is shown', async () => {
  given()
  const fetchMock = fetchAnswering(503, 201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  expect(sendingStatus()).toHaveTextContent('Sending your application…')
  await advance(1000)

  expect(fetchMock).toHaveBeenCalledTimes(2)
  const [first, second] = fetchMock.mock.calls
  expect(second![0]).toBe(first![0])
  expect(second![0]).toBe(SUBMISSION_URL)
  expect(second![1]!.body).toBe(first![1]!.body)
  expect(sendingStatus()).toHaveTextContent('We have your application.')
  expect(sendingStatus()).toHaveTextContent('FC-NN07-T1T4-FN9J')
})

test('when every attempt fails: Submission Error with a random event id, the reference, and still the redirect', async () => {
  given()
  withExternalThankYou()
  const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true)
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
  const fetchMock = fetchAnswering('network', 503)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(5000)

  expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3)
  expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set([SUBMISSION_URL]))
  expect(assign).toHaveBeenCalledExactlyOnceWith(THANK_YOU)
  const failure = { event: 'Submission Error', category: 'Application form', label: EVENT_ID }
  expect(window.dataLayer).toContainEqual(failure)
  // The beacon goes once the next frame is painted (decision 2179).
  await advance(50)
  const sent = beacon.mock.calls.map(([, body]) => JSON.parse(body as string) as object)
  expect(sent).toContainEqual(expect.objectContaining(failure))
  expect(getApplication().applicationSubmitOk).toBe(false)
  await vi.waitFor(() =>
    expect(sendingStatus()).toHaveTextContent('Your application reference is FC-NN07-T1T4-FN9J.'),
  )
  Reflect.deleteProperty(navigator, 'sendBeacon')
})

test('a refusal stays on the page: it says so, with the reference and the broker’s phone and email', async () => {
  given()
  withExternalThankYou()
  fetchAnswering(400)
  const { location, container } = renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  await vi.waitFor(() =>
    expect(heading()).toHaveTextContent('Your application could not be sent automatically'),
  )
  expect(window.dataLayer).toContainEqual({
    event: 'Submission Error',
    category: 'Application form',
    label: EVENT_ID,
  })
  expect(JSON.stringify(window.dataLayer)).not.toContain(FILLED_GUID)
  expect(heading()).toHaveTextContent('Your application could not be sent automatically')
  expect(document.title).toBe(
    'Your application could not be sent automatically – Car Finance Direct',
  )
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your application could not be sent to us automatically. We have kept the details you sent.' +
      'Please call or email us and quote your reference FC-NN07-T1T4-FN9J, so that we can finish ' +
      'your application with you.',
  )
  expect(
    screen.getByRole('heading', { level: 2, name: 'Contact Car Finance Direct' }),
  ).toBeVisible()
  expect(screen.getByRole('link', { name: '0113 496 0745' })).toHaveAttribute(
    'href',
    'tel:+441134960745',
  )
  expect(screen.getByRole('link', { name: 'hello@carfinance.example' })).toHaveAttribute(
    'href',
    'mailto:hello@carfinance.example',
  )
  expect(screen.queryByText(/You will be taken to/)).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Stay on this page' })).not.toBeInTheDocument()

  await advance(60_000)
  expect(assign).not.toHaveBeenCalled()
  expect(location.history).toEqual(['/submit'])
  vi.useRealTimers()
  await expectNoAxeViolations(container)
})

test('a conflicting submission (409) is never reported as sent: it says so, with the reference and the broker’s phone and email', async () => {
  given()
  withExternalThankYou()
  fetchAnswering(409)
  const { container } = renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  await vi.waitFor(() =>
    expect(heading()).toHaveTextContent('Your application could not be sent automatically'),
  )
  expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument()
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your application could not be sent to us automatically. We have kept the details you sent.' +
      'Please call or email us and quote your reference FC-NN07-T1T4-FN9J, so that we can finish ' +
      'your application with you.',
  )
  expect(screen.getByRole('link', { name: '0113 496 0745' })).toHaveAttribute(
    'href',
    'tel:+441134960745',
  )
  expect(screen.getByRole('link', { name: 'hello@carfinance.example' })).toHaveAttribute(
    'href',
    'mailto:hello@carfinance.example',
  )
  expect(getApplication().applicationSubmitOk).toBe(false)
  await advance(60_000)
  expect(assign).not.toHaveBeenCalled()
  vi.useRealTimers()
  await expectNoAxeViolations(container)
})

test('a refusal after a retry stops the redirect that was already counting down', async () => {
  given()
  const fetchMock = fetchAnswering(503, 422)
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(1000)
  await vi.waitFor(() =>
    expect(heading()).toHaveTextContent('Your application could not be sent automatically'),
  )
  expect(fetchMock).toHaveBeenCalledTimes(2)
  // Without the server's word that it kept the application, nothing is claimed.
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your application could not be sent to us automatically.Please call or email us and quote ' +
      'your reference FC-NN07-T1T4-FN9J, so that we can finish your application with you.',
  )
  await advance(10_000)
  expect(location.history).toEqual(['/submit'])
})

test('Stay on this page stops the redirect and offers the way on', async () => {
  given()
  withExternalThankYou()
  fetchAnswering(201)
  renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }))
  await advance(60_000)
  expect(assign).not.toHaveBeenCalled()
  expect(screen.queryByText(/You will be taken to/)).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Continue to Car Finance Direct' })).toHaveAttribute(
    'href',
    THANK_YOU,
  )
})

test('Stay on this page on a demo brand offers Continue to /complete', async () => {
  given()
  fetchAnswering(201)
  const { location } = renderInMain(<SubmitScreen />, '/submit')
  await advance(0)
  fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }))
  await advance(60_000)
  expect(location.history?.at(-1)).toBe('/submit')
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Continue' }))
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

test('the page has no axe violation once sent', async () => {
  given()
  fetchAnswering(201)
  const { container } = renderInMain(<SubmitScreen />, '/submit')
  await advance(1000)
  vi.useRealTimers()
  await expectNoAxeViolations(container)
})
