import { fireEvent, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { StartNewButton } from '../app/StartNewButton'
import { givenState, renderWithRouter } from '../testing/render'
import { STORAGE_KEY, update } from './session-store'

afterEach(() => {
  vi.useRealTimers()
})

test('start-new clears session storage, goes to the start screen and reloads after 500 ms', () => {
  vi.useFakeTimers()
  givenState('carfinance', (state) => {
    state.form.firstName = 'Ann'
  })
  sessionStorage.setItem('another.key', 'x')
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain('"firstName":"Ann"')
  const reload = vi.fn()
  const { location } = renderWithRouter(<StartNewButton reload={reload} />, '/privacy-policy')

  fireEvent.click(screen.getByRole('button', { name: 'Start a new application' }))
  expect(sessionStorage.length).toBe(0)
  expect(location.history).toEqual(['/privacy-policy', '/'])

  // Nothing written between now and the reload may bring the old answers back.
  update((draft) => {
    draft.form.remoteAddress = '127.0.0.1'
  })
  expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull()

  vi.advanceTimersByTime(499)
  expect(reload).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(reload).toHaveBeenCalledTimes(1)
})
