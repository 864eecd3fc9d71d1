import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { forgetToken, keepToken } from '#lib/save-return'
import ContinueScreen from './continue-screen'

const TOKEN = 'Jq3xW0e8Zc5RkP1t9LmB7vN2yH4sD6fA0gU8iO3eXw1'

afterEach(() => {
  vi.unstubAllGlobals()
  forgetToken()
})

test('an expired link to continue asks its own route for a new one', async () => {
  const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
    url === '/api/continue/open'
      ? new Response(JSON.stringify({ error: 'This link has expired' }), { status: 410 })
      : new Response(
          JSON.stringify({ message: 'If this address is right, we have sent a link to it.' }),
          { status: 202 },
        ),
  )
  vi.stubGlobal('fetch', fetchMock)
  givenState('carfinance')
  keepToken(TOKEN)
  renderInMain(<ContinueScreen />, '/continue')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
  ).toBeInTheDocument()
  // Only the joint applicant's page gives the broker's details.
  expect(screen.queryByText(/If no new link arrives/)).not.toBeInTheDocument()
  await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'jo@example.com')
  await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }))
  expect(
    await screen.findByText('If this address is right, we have sent a link to it.'),
  ).toBeInTheDocument()
  const [url, init] = fetchMock.mock.calls[1]!
  expect(url).toBe('/api/continue/new-link')
  expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN, email: 'jo@example.com' })
  await expectNoAxeViolations()
})

const SENT = {
  error: 'Your application has already been sent',
  status: 'submitted',
  reference: 'FC-NN07-T1T4-FN9J',
}

test('the link of an application sent since says it is with the broker, and how to reach them', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(SENT), { status: 409 })),
  )
  givenState('milebroker')
  keepToken(TOKEN)
  renderInMain(<ContinueScreen />, '/continue')
  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: 'Your application has already been sent',
    }),
  ).toBeInTheDocument()
  expect(
    screen.getByText(
      'It is with Mile Broker, reference FC-NN07-T1T4-FN9J: there is nothing more to fill in, and this link is no longer needed. Please quote the reference if you contact us.',
    ),
  ).toBeInTheDocument()
  expect(screen.getByRole('link', { name: '0121 496 0682' })).toHaveAttribute(
    'href',
    'tel:+441214960682',
  )
  expect(screen.getByRole('link', { name: 'hello@milebroker.example' })).toBeInTheDocument()
  // No offer of a new link that would never come.
  expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument()
  // The title follows the heading in an effect of its own: on a busy machine, a moment later.
  await waitFor(() =>
    expect(document.title).toBe('Your application has already been sent – Mile Broker'),
  )
  await expectNoAxeViolations()
})

test('sent while the page asked for the date of birth: the same answer after Continue', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/continue/open'
        ? new Response(JSON.stringify({ check: 'date-of-birth' }), { status: 200 })
        : new Response(JSON.stringify(SENT), { status: 409 }),
    ),
  )
  givenState('carfinance')
  keepToken(TOKEN)
  renderInMain(<ContinueScreen />, '/continue')
  await userEvent.type(await screen.findByRole('textbox', { name: 'Day' }), '7')
  await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), '3')
  await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), '1985')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: 'Your application has already been sent',
    }),
  ).toBeInTheDocument()
})
