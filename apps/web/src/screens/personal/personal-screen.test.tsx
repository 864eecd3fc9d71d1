import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import PersonalScreen from './personal-screen'

test('Continue with nothing entered shows every message, in the summary and beside each field', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<PersonalScreen />, '/personal')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please enter your title.',
    'Please enter your first name.',
    'Please enter your last name.',
  ])
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
    'Error: Please enter your first name.',
  )
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Mr' })).toHaveFocus())
  await expectNoAxeViolations(container)
})

test('answers are stored with capital first letters and Continue goes to the contact screen', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<PersonalScreen />, '/personal')
  await userEvent.click(screen.getByRole('radio', { name: 'Dr' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), '  ada')
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'lovelace')
  await userEvent.tab()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form, completedSteps } = getApplication()
  expect(form.title).toBe('Dr')
  expect(form.firstName).toBe('Ada')
  expect(form.lastName).toBe('Lovelace')
  expect(form.personalDetailsCompleted).toBe(true)
  expect(completedSteps).toContain('personal')
  expect(location.history?.at(-1)).toBe('/contact')
})

test('a name with a hidden direction override or only invisible characters is refused with a clear message', async () => {
  givenState('carfinance')
  const { container, location } = renderInMain(<PersonalScreen />, '/personal')
  await userEvent.click(screen.getByRole('radio', { name: 'Ms' }))
  // Pasted, as these characters cannot be typed: a right-to-left override, and zero-width spaces.
  await userEvent.click(screen.getByRole('textbox', { name: 'First name' }))
  await userEvent.paste('Ada\u202Eecalevol')
  await userEvent.click(screen.getByRole('textbox', { name: 'Last name' }))
  await userEvent.paste('\u200B\u200B')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please try again. Your first name contains characters we cannot accept.',
    'Please enter your last name.',
  ])
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
    'Error: Please try again. Your first name contains characters we cannot accept.',
  )
  expect(location.history?.at(-1)).toBe('/personal')
  await expectNoAxeViolations(container)
})
