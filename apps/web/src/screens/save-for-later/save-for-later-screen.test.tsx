import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState } from '#testing/render'
import { stopSavedAnswersRefresh } from '#lib/save-return'
import SaveForLaterScreen from './save-for-later-screen'

afterEach(() => {
  vi.unstubAllGlobals()
  stopSavedAnswersRefresh()
})

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <main>
        <SaveForLaterScreen />
      </main>
    </Router>,
  )
  return location
}

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

test('the address is asked for, checked, and the answer says where the link went and until when', async () => {
  givenState('carfinance', (state) => {
    state.GUID = '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b'
    state.form.email = ''
  })
  const fetchMock = stubFetch(202, {
    maskedEmail: 'a…@example.com',
    expiresAt: '2026-12-03T14:05:00.000Z',
  })
  renderAt('/save?from=%2Faddress%2F1')
  expect(
    screen.getByRole('heading', { level: 1, name: 'Save your answers and come back later' }),
  ).toBeInTheDocument()
  await expectNoAxeViolations()

  await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }))
  expect(screen.getByRole('link', { name: 'Please enter your email address.' })).toHaveAttribute(
    'href',
    '#save-email',
  )
  expect(fetchMock).not.toHaveBeenCalled()
  await expectNoAxeViolations()

  await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com')
  await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }))
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
  ).toBeInTheDocument()
  expect(
    screen.getByText('We have sent a link to a…@example.com if that address is right.'),
  ).toBeInTheDocument()
  expect(
    screen.getByText(
      'The link works once, on any device, until 3 December 2026 at 2:05pm. Open it to continue where you left off.',
    ),
  ).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Continue your application now' })).toHaveAttribute(
    'href',
    '/address/1',
  )
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe('/api/save-and-return/3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b')
  const sent = JSON.parse(String(init.body)) as Record<string, unknown>
  expect(sent.email).toBe('ada@example.com')
  expect(sent.screen).toBe('/address/1')
  expect((sent.state as { GUID: string }).GUID).toBe('3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b')
  expect((sent.payload as { IsCompleted: boolean }).IsCompleted).toBe(false)
  await expectNoAxeViolations()
})

test('a screen that is not the journey’s is not returned to, and the server’s refusal is said', async () => {
  givenState('carfinance', (state) => {
    state.form.email = 'ada@example.com'
  })
  const fetchMock = stubFetch(429, {
    error: 'You have asked for too many links. Please wait an hour and try again.',
  })
  renderAt('/save?from=https%3A%2F%2Fevil.example%2F')
  expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com')
  await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }))
  expect(
    await screen.findByText(
      'You have asked for too many links. Please wait an hour and try again.',
    ),
  ).toBeInTheDocument()
  const sent = JSON.parse(String(fetchMock.mock.calls[0]![1].body)) as { screen: string }
  expect(sent.screen).toBe('/')
})
