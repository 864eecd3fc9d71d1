import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { FILLED_GUID, filledState } from '@forecourt/domain/payload/test-fixtures'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { setApplication } from '../../lib/session-store'
import { forgetSubmissions } from '../../lib/submission'
import { expectNoAxeViolations } from '../../testing/axe'
import { renderInMain } from '../../testing/render'
import CompleteScreen from './CompleteScreen'

afterEach(() => {
  forgetSubmissions()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function given(change: (state: ApplicationState) => void) {
  const state = filledState()
  change(state)
  setApplication(state)
}

test('after a submission: the reference, what happens next and a way to start again', async () => {
  given((state) => {
    state.isLocked = true
    state.applicationSubmitOk = true
  })
  const { container } = renderInMain(<CompleteScreen />, '/complete')
  expect(screen.getByRole('heading', { level: 1, name: 'Application received' })).toBeVisible()
  expect(
    await screen.findByText((_text, element) =>
      element?.tagName === 'P'
        ? element.textContent ===
          'Your application reference is FC-NN07-T1T4-FN9J. Please quote it if you contact us.'
        : false,
    ),
  ).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible()
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Car Finance Direct reviews your application and looks for a lender on our panel who can offer you finance.',
    'Lenders may carry out a soft search, which does not affect your credit score. A lender will only make a full (hard) search of your credit file with your agreement, if you decide to go ahead.',
    'We will contact you by email or phone about your application.',
  ])
  await expectNoAxeViolations(container)
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
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(fetchMock.mock.calls[0]![0]).toBe(`/api/submission/${FILLED_GUID}`)
  expect(screen.getByRole('status')).toHaveTextContent('Your application has been sent.')
})

// Last: start-new stops the store from saving for the rest of this file.
test('Start a new application clears the saved answers and goes to the start', () => {
  // The reload start-new schedules never comes: the clock stands still.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  given((state) => {
    state.isLocked = true
    state.applicationSubmitOk = true
  })
  expect(sessionStorage.getItem('forecourt.application')).not.toBeNull()
  const { location } = renderInMain(<CompleteScreen />, '/complete')
  fireEvent.click(screen.getByRole('button', { name: 'Start a new application' }))
  expect(sessionStorage.getItem('forecourt.application')).toBeNull()
  expect(location.history?.at(-1)).toBe('/')
})
