import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { StartNewButton } from '#app/start-new-button'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderWithRouter } from '#testing/render'
import { STORAGE_KEY, update } from './session-store'

afterEach(() => {
  vi.useRealTimers()
})

function renderWithAnswers() {
  givenState('carfinance', (state) => {
    state.form.firstName = 'Ann'
  })
  sessionStorage.setItem('another.key', 'x')
  const reload = vi.fn()
  const rendered = renderWithRouter(
    <main>
      <StartNewButton reload={reload} />
    </main>,
    '/personal',
  )
  return { ...rendered, reload }
}

const startNew = () => screen.getByRole('button', { name: 'Start a new application' })

test('start-new asks first, in a dialog, and clears nothing until the answer is yes', async () => {
  const { container, location, reload } = renderWithAnswers()
  expect(startNew()).toHaveAttribute('aria-haspopup', 'dialog')
  // It looks like a link, nothing like the Previous and Continue buttons.
  expect(startNew()).toHaveClass('link-button')
  expect(startNew()).not.toHaveClass('button')

  await userEvent.click(startNew())
  const dialog = screen.getByRole('dialog', { name: 'Start a new application?' })
  expect(within(dialog).getByRole('heading', { name: 'Start a new application?' })).toHaveFocus()
  expect(dialog).toHaveTextContent(
    'This deletes every answer you have given so far. You cannot get them back, and you will start again from the first question.',
  )
  expect(within(dialog).getByRole('button', { name: 'Yes, start again' })).toBeVisible()
  expect(within(dialog).getByRole('button', { name: 'No, keep my answers' })).toBeVisible()
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain('"firstName":"Ann"')
  expect(location.history).toEqual(['/personal'])
  expect(reload).not.toHaveBeenCalled()
  await expectNoAxeViolations(container)
})

test('"No, keep my answers" closes the dialog, keeps every answer and gives focus back', async () => {
  const { location, reload } = renderWithAnswers()
  await userEvent.click(startNew())
  await userEvent.click(screen.getByRole('button', { name: 'No, keep my answers' }))

  expect(screen.queryByRole('dialog')).toBeNull()
  expect(startNew()).toHaveFocus()
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain('"firstName":"Ann"')
  expect(sessionStorage.getItem('another.key')).toBe('x')
  expect(location.history).toEqual(['/personal'])
  expect(reload).not.toHaveBeenCalled()
})

test('Escape is "no" too', async () => {
  const { reload } = renderWithAnswers()
  await userEvent.click(startNew())
  await userEvent.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(startNew()).toHaveFocus()
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain('"firstName":"Ann"')
  expect(reload).not.toHaveBeenCalled()
})

test('"Yes, start again" clears session storage, goes to the start screen and reloads after 500 ms', () => {
  vi.useFakeTimers()
  const { location, reload } = renderWithAnswers()
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain('"firstName":"Ann"')

  fireEvent.click(startNew())
  fireEvent.click(screen.getByRole('button', { name: 'Yes, start again' }))
  expect(sessionStorage.length).toBe(0)
  expect(location.history).toEqual(['/personal', '/'])
  expect(screen.queryByRole('dialog')).toBeNull()

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
