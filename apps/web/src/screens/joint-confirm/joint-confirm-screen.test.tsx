import { screen } from '@testing-library/react'
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
