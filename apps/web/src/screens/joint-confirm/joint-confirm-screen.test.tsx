import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { forgetToken, keepToken } from '#lib/save-return'
import JointConfirmScreen from './joint-confirm-screen'

const TOKEN = 'Jq3xW0e8Zc5RkP1t9LmB7vN2yH4sD6fA0gU8iO3eXw1'

afterEach(() => {
  vi.unstubAllGlobals()
  forgetToken()
})

/** The server: the link no longer works; the request for a new one gets `newLink`'s answer. */
function stubServer(newLink: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
    url === '/api/joint-confirmation/open'
      ? new Response(JSON.stringify({ error: 'This link has expired' }), { status: 410 })
      : new Response(JSON.stringify(newLink.body), { status: newLink.status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function openExpiredPage() {
  givenState('harbourlend')
  keepToken(TOKEN)
  renderInMain(<JointConfirmScreen />, '/joint-confirm')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
  ).toBeInTheDocument()
}

test('an expired joint link offers a new one by email, keeps the broker’s details, and gives the server’s answer', async () => {
  const fetchMock = stubServer({
    status: 202,
    body: { message: 'If this address is right, we have sent a link to it.' },
  })
  await openExpiredPage()
  expect(
    screen.getByText(
      'Links work once and for 7 days, and stop working after 5 wrong answers. Enter the email address the link was sent to and we will send you a new one.',
    ),
  ).toBeInTheDocument()
  const { tradingName, contact } = brands.harbourlend
  expect(
    screen.getByText(
      `If no new link arrives, or you no longer use that address, contact ${tradingName} at ${contact.email} or on ${contact.phone}.`,
    ),
  ).toBeInTheDocument()
  const email = screen.getByRole('textbox', { name: 'Email address' })
  expect(email).toHaveAttribute('autocomplete', 'email')
  expect(email).toHaveAttribute('type', 'email')
  await expectNoAxeViolations()

  await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }))
  expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Please enter your email address.' })).toHaveAttribute(
    'href',
    '#new-link-email',
  )
  expect(email).toHaveAttribute('aria-invalid', 'true')
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await expectNoAxeViolations()

  await userEvent.type(email, 'sam@example.co.uk')
  await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }))
  expect(
    await screen.findByText('If this address is right, we have sent a link to it.'),
  ).toBeInTheDocument()
  expect(screen.getByRole('status')).toHaveTextContent(
    'If this address is right, we have sent a link to it.',
  )
  expect(screen.queryByRole('heading', { name: 'There is a problem' })).not.toBeInTheDocument()
  const [url, init] = fetchMock.mock.calls[1]!
  expect(url).toBe('/api/joint-confirmation/new-link')
  expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN, email: 'sam@example.co.uk' })
  await expectNoAxeViolations()
})

test('the server’s refusal of a new joint link is said in the error summary', async () => {
  stubServer({
    status: 429,
    body: { error: 'You have asked for too many links. Please wait an hour and try again.' },
  })
  await openExpiredPage()
  await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.co.uk')
  await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }))
  expect(
    await screen.findByRole('link', {
      name: 'You have asked for too many links. Please wait an hour and try again.',
    }),
  ).toBeInTheDocument()
  await expectNoAxeViolations()
})

const SAM = { day: '21', month: '11', year: '1983' }
const WARNING =
  'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.'
const SOFT_SEARCH =
  'I agree that Harbour Lending and the lenders on its panel may run a soft credit search on me, as the joint applicant, to see which finance we could be offered. A soft search does not affect my credit score and other lenders cannot see it.'

/** What the server's check answers for a homeowner loan (decision 2127). */
const VIEW = {
  reference: 'FC-7K2M-9QXD',
  applicantName: 'Jo Bloggs',
  loan: {
    rows: [
      { label: 'Amount to borrow', value: '£25,000' },
      { label: 'Loan term', value: '10 years' },
      { label: 'Type of loan', value: 'Homeowner loan' },
      {
        label: 'Secured on',
        value: 'The property at The Old Forge, Mill Lane, Bramhope, Leeds, LS16 9AA',
      },
    ],
    warning: WARNING,
  },
  details: [{ label: 'Name', value: 'Mr Sam Smith-Jones' }],
  notice: { id: 'fair-processing', version: 1, text: 'Harbour Lending uses the information…' },
  softSearch: { id: 'joint-soft-search', version: 1, text: SOFT_SEARCH },
  marketing: [{ channel: 'email', text: 'Yes, I would like to hear about offers by email.' }],
}

/** The server: the link works, the date of birth opens VIEW, and `answers` answer the rest by URL. */
function stubOpenLink(answers: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (url: string, _init: RequestInit) => {
    if (url === '/api/joint-confirmation/open') {
      return new Response(JSON.stringify({ check: 'date-of-birth' }), { status: 200 })
    }
    if (url === '/api/joint-confirmation/check') {
      return new Response(JSON.stringify(VIEW), { status: 200 })
    }
    const answer = answers[url]
    if (answer === undefined) throw new Error(`unexpected request to ${url}`)
    return new Response(JSON.stringify(answer.body), { status: answer.status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function openTheirPart() {
  givenState('harbourlend')
  keepToken(TOKEN)
  renderInMain(<JointConfirmScreen />, '/joint-confirm')
  await screen.findByRole('heading', {
    level: 1,
    name: 'Enter your date of birth to see your part of the application',
  })
  await userEvent.type(screen.getByRole('textbox', { name: 'Day' }), SAM.day)
  await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), SAM.month)
  await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), SAM.year)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'Confirm your part of the application',
  })
  expect(heading).toHaveFocus()
}

const sentTo = (fetchMock: ReturnType<typeof stubOpenLink>, url: string) =>
  fetchMock.mock.calls.filter(([called]) => called === url)

test('the joint applicant sees the loan and the homeowner warning, and cannot confirm without agreeing to a soft search', async () => {
  const fetchMock = stubOpenLink({
    '/api/joint-confirmation/confirm': {
      status: 200,
      body: { reference: 'FC-7K2M-9QXD', confirmedAt: '2026-11-29T10:00:00.000Z' },
    },
  })
  await openTheirPart()
  expect(
    screen.getByText(
      'Jo Bloggs has applied for finance and named you as the joint applicant. Please check what you would be applying for together and what they told us about you. Then confirm, or tell us what is not right.',
    ),
  ).toBeInTheDocument()
  expect(
    screen.getByRole('heading', { level: 2, name: 'What you are applying for' }),
  ).toBeInTheDocument()
  const terms = screen.getAllByRole('term').map((term) => term.textContent)
  const definitions = screen.getAllByRole('definition').map((value) => value.textContent)
  expect(terms.slice(0, 4)).toEqual(['Amount to borrow', 'Loan term', 'Type of loan', 'Secured on'])
  expect(definitions.slice(0, 4)).toEqual([
    '£25,000',
    '10 years',
    'Homeowner loan',
    'The property at The Old Forge, Mill Lane, Bramhope, Leeds, LS16 9AA',
  ])
  expect(screen.getByText(WARNING)).toHaveClass('warning')
  expect(
    screen.getByRole('heading', { level: 2, name: 'Checking your eligibility' }),
  ).toBeInTheDocument()
  expect(
    screen.getByText(
      'As this is a joint application, we and the lenders we work with will look at the credit files of both of you. We do this with a soft search.',
    ),
  ).toBeInTheDocument()
  const agreement = screen.getByRole('group', { name: 'Do you agree to a soft search?' })
  const box = within(agreement).getByRole('checkbox', { name: SOFT_SEARCH })
  expect(box).not.toBeChecked()
  await expectNoAxeViolations()

  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
  const message = 'Please tick the box to agree to a soft search, or tell us what is not right.'
  expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: message })).toHaveAttribute('href', '#joint-soft-search')
  expect(box).toHaveAttribute('aria-invalid', 'true')
  expect(sentTo(fetchMock, '/api/joint-confirmation/confirm')).toEqual([])
  await expectNoAxeViolations()

  await userEvent.click(box)
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'Thank you, you have confirmed your part',
  })
  expect(heading).toHaveFocus()
  const [, init] = sentTo(fetchMock, '/api/joint-confirmation/confirm')[0]!
  expect(JSON.parse(String(init.body))).toEqual({
    token: TOKEN,
    dateOfBirth: SAM,
    corrections: '',
    softSearch: true,
    marketing: { email: false },
  })
  expect(sentTo(fetchMock, '/api/joint-confirmation/dispute')).toEqual([])
})

test('the server’s refusal of a confirmation without the soft search is shown at the box', async () => {
  const message = 'Please tick the box to agree to a soft search, or tell us what is not right.'
  stubOpenLink({
    '/api/joint-confirmation/confirm': {
      status: 400,
      body: { error: message, errors: [{ field: 'softSearch', message }] },
    },
  })
  await openTheirPart()
  await userEvent.click(screen.getByRole('checkbox', { name: SOFT_SEARCH }))
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
  expect(await screen.findByRole('link', { name: message })).toHaveAttribute(
    'href',
    '#joint-soft-search',
  )
  expect(screen.getByRole('checkbox', { name: SOFT_SEARCH })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
})

test('“This is not right” needs what is wrong, sends it without confirming, and says the broker will be in touch', async () => {
  const fetchMock = stubOpenLink({
    '/api/joint-confirmation/dispute': {
      status: 200,
      body: { reference: 'FC-7K2M-9QXD', disputedAt: '2026-11-29T10:00:00.000Z' },
    },
  })
  await openTheirPart()
  const { tradingName, contact } = brands.harbourlend
  expect(
    screen.getByRole('heading', { level: 2, name: 'If this is not right' }),
  ).toBeInTheDocument()
  expect(
    screen.getByText(
      `If you did not agree to this application, or the loan or what it is secured on is wrong, do not confirm. Tell us what is not right and ${tradingName} will contact you. This does not confirm your part.`,
    ),
  ).toBeInTheDocument()
  const box = screen.getByRole('textbox', { name: 'What is not right' })

  await userEvent.click(screen.getByRole('button', { name: 'This is not right' }))
  expect(screen.getByRole('link', { name: 'Please tell us what is not right.' })).toHaveAttribute(
    'href',
    '#joint-dispute',
  )
  expect(box).toHaveAttribute('aria-invalid', 'true')
  expect(sentTo(fetchMock, '/api/joint-confirmation/dispute')).toEqual([])
  await expectNoAxeViolations()

  await userEvent.type(box, 'I never agreed to a loan on my home.')
  await userEvent.click(screen.getByRole('button', { name: 'This is not right' }))
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'We have told the broker that this is not right',
  })
  expect(heading).toHaveFocus()
  expect(
    screen.getByText(
      `You have not confirmed your part of application FC-7K2M-9QXD. ${tradingName} will contact you about what you told us. To speak to them sooner, contact them at ${contact.email} or on ${contact.phone}.`,
    ),
  ).toBeInTheDocument()
  const [, init] = sentTo(fetchMock, '/api/joint-confirmation/dispute')[0]!
  expect(JSON.parse(String(init.body))).toEqual({
    token: TOKEN,
    dateOfBirth: SAM,
    dispute: 'I never agreed to a loan on my home.',
  })
  expect(sentTo(fetchMock, '/api/joint-confirmation/confirm')).toEqual([])
  await expectNoAxeViolations()
})
