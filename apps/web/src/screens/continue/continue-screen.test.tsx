import { screen } from '@testing-library/react'
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
