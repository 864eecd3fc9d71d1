import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { forgetToken, keepToken } from '#lib/save-return'
import ApplicationStatusScreen, { type StatusView } from './application-status-screen'

const TOKEN = 'Jq3xW0e8Zc5RkP1t9LmB7vN2yH4sD6fA0gU8iO3eXw1'

const VIEW: StatusView = {
  reference: 'FC-NN07-T1T4-FN9J',
  lenders: [
    {
      lenderId: 'northbridge-motor-finance',
      lenderName: 'Northbridge Motor Finance',
      state: 'offer',
      stateText: 'Has made you an offer',
      message: null,
      offer: {
        decisionId: 'ldc_a',
        amount: 7500,
        termMonths: 48,
        apr: 18.4,
        monthlyPayment: 216.45,
        totalPayable: 10389.6,
        totalCostOfCredit: 2889.6,
        expiresAt: '2026-12-28T12:00:00.000Z',
      },
    },
    {
      lenderId: 'castle-car-credit',
      lenderName: 'Castle Car Credit',
      state: 'needs-documents',
      stateText: 'Needs documents from you',
      message: 'Please send a photo of your driving licence.',
      offer: null,
    },
  ],
  choice: null,
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetToken()
})

function respond(
  routes: Record<string, [number, unknown] | ((init: RequestInit) => [number, unknown])>,
) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const route = routes[url]
    const [status, body] = typeof route === 'function' ? route(init) : (route ?? [404, {}])
    return new Response(JSON.stringify(body), { status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

test('the emailed link asks the date of birth, then shows each lender’s answer and the offers side by side; axe passes', async () => {
  const fetchMock = respond({
    '/api/application-status': [
      401,
      { error: 'Open the link in your email to see your application.' },
    ],
    '/api/application-status/open': [200, { check: 'date-of-birth' }],
    '/api/application-status/check': [200, VIEW],
  })
  givenState('carfinance')
  keepToken(TOKEN)
  renderInMain(<ApplicationStatusScreen />, '/application-status')
  const group = await screen.findByRole('group', {
    name: 'Enter your date of birth to see your application',
  })
  await expectNoAxeViolations()
  await userEvent.type(within(group).getByRole('textbox', { name: 'Day' }), '27')
  await userEvent.type(within(group).getByRole('textbox', { name: 'Month' }), '03')
  await userEvent.type(within(group).getByRole('textbox', { name: 'Year' }), '1985')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'Your application' })
  // The screen changes in place: focus moves to its heading, not lost with the form.
  await waitFor(() => expect(heading).toHaveFocus())
  expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({
    token: TOKEN,
    dateOfBirth: { day: '27', month: '03', year: '1985' },
  })
  expect(screen.getByText(/Castle Car Credit/).closest('li')).toHaveTextContent(
    'Castle Car Credit: Needs documents from you. In their words: “Please send a photo of your driving licence.”',
  )
  const table = screen.getByRole('table', { name: 'The offers, side by side' })
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'Northbridge Motor Finance',
    'Amount of credit£7,500.00',
    'Term48 months',
    'APR (representative of this offer only)18.4% APR',
    'Monthly payment£216.45',
    'Total amount payable£10,389.60',
    'Total cost of credit£2,889.60',
    'Offer open until28 December 2026 at 12:00pm (UK time)',
  ])
  expect(screen.getByText(/They are not representative examples/)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'How we are paid' })).toBeInTheDocument()
  await expectNoAxeViolations()
})

test('choosing needs an offer picked; the choice is sent and then shown, with how to reach the broker', async () => {
  const fetchMock = respond({
    '/api/application-status': [200, VIEW],
    '/api/application-status/choice': () => [
      200,
      {
        ...VIEW,
        choice: {
          kind: 'offer',
          lenderId: 'northbridge-motor-finance',
          lenderName: 'Northbridge Motor Finance',
          chosenAt: '2026-11-29T10:00:00.000Z',
        },
      },
    ],
  })
  givenState('carfinance')
  renderInMain(<ApplicationStatusScreen />, '/application-status')
  await userEvent.click(await screen.findByRole('button', { name: 'I’d like to go ahead' }))
  expect(
    await screen.findByRole('link', { name: 'Choose the offer you would like to go ahead with.' }),
  ).toBeInTheDocument()
  await userEvent.click(
    screen.getByRole('radio', {
      name: 'Northbridge Motor Finance: £216.45 a month for 48 months, 18.4% APR',
    }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'I’d like to go ahead' }))
  expect(await screen.findByRole('heading', { name: 'Your choice' })).toBeInTheDocument()
  expect(screen.getByRole('status')).toHaveTextContent(
    'You told us you would like to go ahead with Northbridge Motor Finance’s offer.',
  )
  expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({ decisionId: 'ldc_a' })
  await expectNoAxeViolations()
})

test('a refused choice shows the server’s reason in the error summary', async () => {
  respond({
    '/api/application-status': [200, VIEW],
    '/api/application-status/choice': [
      409,
      { error: 'That offer has expired. Choose another offer, or ask us to call you.' },
    ],
  })
  givenState('carfinance')
  renderInMain(<ApplicationStatusScreen />, '/application-status')
  await userEvent.click(await screen.findByRole('button', { name: 'Ask us to call me first' }))
  expect(
    await screen.findByRole('link', {
      name: 'That offer has expired. Choose another offer, or ask us to call you.',
    }),
  ).toBeInTheDocument()
})

test('a link that has expired by the time the date of birth is checked shows the new-link form, its heading focused', async () => {
  respond({
    '/api/application-status': [
      401,
      { error: 'Open the link in your email to see your application.' },
    ],
    '/api/application-status/open': [200, { check: 'date-of-birth' }],
    '/api/application-status/check': [410, { error: 'This link has expired' }],
  })
  givenState('carfinance')
  keepToken(TOKEN)
  renderInMain(<ApplicationStatusScreen />, '/application-status')
  const group = await screen.findByRole('group', {
    name: 'Enter your date of birth to see your application',
  })
  await userEvent.type(within(group).getByRole('textbox', { name: 'Day' }), '27')
  await userEvent.type(within(group).getByRole('textbox', { name: 'Month' }), '03')
  await userEvent.type(within(group).getByRole('textbox', { name: 'Year' }), '1985')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const heading = await screen.findByRole('heading', { level: 1, name: 'This link has expired' })
  await waitFor(() => expect(heading).toHaveFocus())
  expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument()
})
