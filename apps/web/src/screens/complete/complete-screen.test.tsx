import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { whatHappensNext } from '@forecourt/domain/messages/what-happens-next'
import { FILLED_GUID, filledState } from '@forecourt/domain/test-support/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { setApplication } from '#lib/session-store'
import { forgetSubmissions } from '#lib/submission'
import { saveReference } from '#lib/submitted-reference'
import { expectNoAxeViolations } from '#testing/axe'
import { renderInMain } from '#testing/render'
import CompleteScreen from './complete-screen'

afterEach(() => {
  forgetSubmissions()
  sessionStorage.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function given(change: (state: ApplicationState) => void, brandId: BrandId = 'carfinance') {
  const state = filledState()
  state.affiliateConfig = { brandId, affiliateKey: brands[brandId].affiliateKey }
  change(state)
  setApplication(state)
}

const sent = (state: ApplicationState) => {
  state.isLocked = true
  state.applicationSubmitOk = true
}

function paragraph(text: string) {
  return screen.getByText((_text, element) =>
    element?.tagName === 'P' ? element.textContent === text : false,
  )
}

test('after a submission: thanks, the reference, what happens next, the contact details and a way to start again', async () => {
  given(sent)
  const { container } = renderInMain(<CompleteScreen />, '/complete')
  expect(
    screen.getByRole('heading', { level: 1, name: 'Thank you for your application' }),
  ).toBeVisible()
  expect(
    await screen.findByText((_text, element) =>
      element?.tagName === 'P'
        ? element.textContent ===
          'Your application reference is FC-NN07-T1T4-FN9J. Please quote it if you contact us.'
        : false,
    ),
  ).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('We have your application.')
  expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible()
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Car Finance Direct will contact you within one working day, by phone or email, to talk ' +
      'about your application. Our calls come from 0113 496 0745 and our emails from ' +
      'hello@carfinance.example.',
    'We look for a lender on our panel who can offer you finance. There is no fee to pay us.',
    'Lenders check your eligibility with a soft search, which does not affect your credit score. ' +
      'A lender will only make a full (hard) search of your credit file with your agreement, if ' +
      'you decide to go ahead.',
    'We email you when a lender has made a decision, with a link to your own page, where you can ' +
      'see each lender’s answer and choose an offer.',
    'If a lender can offer you finance, they will send you a written quotation, then the credit ' +
      'agreement to read before you sign. They may ask for proof of your identity, address and ' +
      'income. You do not have to accept any offer.',
  ])
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
  expect(document.title).toBe('Thank you for your application – Car Finance Direct')
  await expectNoAxeViolations(container)
})

test.each([
  ['harbourlend', 'Harbour Lending', '0117 496 0731', 'hello@harbourlend.example'],
  ['milebroker', 'Mile Broker', '0121 496 0682', 'hello@milebroker.example'],
  ['scorepal', 'ScorePal Car Finance', '0131 496 0768', 'hello@scorepal.example'],
  ['creditlens', 'CreditLens Car Finance', '0161 496 0759', 'hello@creditlens.example'],
] as const)(
  '%s: its own thank-you page names the broker, its phone and email',
  (brandId, tradingName, phone, email) => {
    given(sent, brandId)
    renderInMain(<CompleteScreen />, '/complete')
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(
      `${tradingName} will contact you within one working day, by phone or email, to talk about ` +
        `your application. Our calls come from ${phone} and our emails from ${email}.`,
    )
    expect(screen.getByRole('heading', { level: 2, name: `Contact ${tradingName}` })).toBeVisible()
    expect(screen.getByRole('link', { name: phone })).toBeVisible()
    expect(screen.getByRole('link', { name: email })).toBeVisible()
  },
)

test('a homeowner loan: its own step and the repossession warning, as in the confirmation email', () => {
  given((state) => {
    sent(state)
    state.form.loanPurposeType = 'property'
  }, 'harbourlend')
  renderInMain(<CompleteScreen />, '/complete')
  const steps = screen.getAllByRole('listitem').map((item) => item.textContent)
  expect(steps).toEqual(
    whatHappensNext({
      brand: brands.harbourlend,
      kind: 'property',
      joint: false,
      reader: 'applicant',
    }),
  )
  expect(steps).toContain(
    'The loan would be secured on the home: a lender may value the property and ask about its ' +
      'mortgage before it makes an offer.',
  )
  expect(
    paragraph(
      'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.',
    ),
  ).toBeVisible()
})

test('a vehicle loan carries no repossession warning', () => {
  given(sent, 'harbourlend')
  renderInMain(<CompleteScreen />, '/complete')
  expect(screen.queryByText(/repossessed/)).not.toBeInTheDocument()
})

test('a joint application: the joint applicant is contacted too', () => {
  given((state) => {
    sent(state)
    state.form.isJointApplication = true
  })
  renderInMain(<CompleteScreen />, '/complete')
  expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(
    'Car Finance Direct will contact you and the joint applicant within one working day',
  )
})

test('a brand without a soft search says nothing of one', () => {
  vi.spyOn(brands.carfinance, 'softSearch', 'get').mockReturnValue(false)
  given(sent)
  renderInMain(<CompleteScreen />, '/complete')
  expect(screen.getAllByRole('listitem')).toHaveLength(4)
  expect(screen.queryByText(/soft search/)).not.toBeInTheDocument()
})

test('a reload shows the server’s reference kept in session storage', () => {
  given(sent)
  saveReference(FILLED_GUID, 'FC-SERV-ER01')
  renderInMain(<CompleteScreen />, '/complete')
  expect(
    paragraph('Your application reference is FC-SERV-ER01. Please quote it if you contact us.'),
  ).toBeVisible()
})

test('a reference kept for another application is not shown', async () => {
  given(sent)
  saveReference('0b0c9b4e-1d2f-4e5a-9b6c-7d8e9f0a1b2c', 'FC-OTHE-RAPP')
  renderInMain(<CompleteScreen />, '/complete')
  expect(
    await screen.findByText((_text, element) =>
      element?.tagName === 'P'
        ? element.textContent ===
          'Your application reference is FC-NN07-T1T4-FN9J. Please quote it if you contact us.'
        : false,
    ),
  ).toBeVisible()
  expect(screen.queryByText(/FC-OTHE-RAPP/)).not.toBeInTheDocument()
})

test('nothing sent from this tab: there is nothing to confirm, so the start screen', () => {
  given(() => {})
  const { location } = renderInMain(<CompleteScreen />, '/complete')
  expect(location.history?.at(-1)).toBe('/')
})

test('a reload before the application was received sends it again while the page is open', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  given((state) => void (state.isLocked = true))
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ reference: 'FC-NN07-T1T4-FN9J' }), { status: 201 }),
  )
  vi.stubGlobal('fetch', fetchMock)
  renderInMain(<CompleteScreen />, '/complete')
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sending your application')
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(fetchMock.mock.calls[0]![0]).toBe(`/api/submission/${FILLED_GUID}`)
  expect(screen.getByRole('status')).toHaveTextContent('We have your application.')
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'Thank you for your application',
  )
})

test('a refusal on the thank-you page says so plainly, with the contact details and no next steps', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  given((state) => void (state.isLocked = true))
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: 'Invalid submission',
            errors: [],
            reference: 'FC-NN07-T1T4-FN9J',
            status: 'needs-attention',
          }),
          { status: 400 },
        ),
    ),
  )
  const { container } = renderInMain(<CompleteScreen />, '/complete')
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'Your application could not be sent automatically',
  )
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your application could not be sent to us automatically. We have kept the details you sent.' +
      'Please call or email us and quote your reference FC-NN07-T1T4-FN9J, so that we can finish ' +
      'your application with you.',
  )
  expect(screen.queryByRole('heading', { name: 'What happens next' })).not.toBeInTheDocument()
  const main = screen.getByRole('main')
  expect(within(main).getByRole('link', { name: '0113 496 0745' })).toHaveAttribute(
    'href',
    'tel:+441134960745',
  )
  vi.useRealTimers()
  await expectNoAxeViolations(container)
})

// Last: start-new stops the store from saving for the rest of this file.
test('Start a new application clears the saved answers and goes to the start', () => {
  // The reload start-new schedules never comes: the clock stands still.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  given(sent)
  expect(sessionStorage.getItem('forecourt.application')).not.toBeNull()
  const { location } = renderInMain(<CompleteScreen />, '/complete')
  fireEvent.click(screen.getByRole('button', { name: 'Start a new application' }))
  expect(sessionStorage.getItem('forecourt.application')).toBeNull()
  expect(location.history?.at(-1)).toBe('/')
})
