import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import BreathingSpaceScreen from './breathing-space-screen'

const moratorium = 'Are you in a breathing space or mental health crisis moratorium?'
const discuss = 'Would you like to discuss your financial circumstances with us?'
const support =
  'Is there anything we should know to support you, such as accessibility needs or a change in circumstances? (optional)'

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

test('Continue with no answers shows both messages in the summary and beside each question', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<BreathingSpaceScreen />, '/breathing-space')
  expect(screen.getByRole('heading', { level: 1, name: 'Your circumstances' })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual([
    'Please choose an option to continue.',
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: moratorium })).toHaveAccessibleDescription(
    /Debt Respite Scheme.* Error: Please choose an option to continue\.$/,
  )
  expect(screen.getByRole('group', { name: discuss })).toHaveAccessibleDescription(
    /Error: Please choose an option to continue\.$/,
  )
  expect(screen.getByRole('textbox', { name: support })).not.toHaveAttribute('aria-invalid')
  const moratoriumGroup = screen.getByRole('group', { name: moratorium })
  await waitFor(() =>
    expect(within(moratoriumGroup).getByRole('radio', { name: 'Yes' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('a support note over 500 characters gets its message', async () => {
  givenState('carfinance', (state) => {
    state.form.breathingSpace = false
    state.discussFinancialCirumstances = false
    state.additionalNeedsRequirementsStatement = 'x'.repeat(501)
  })
  const { container } = renderInMain(<BreathingSpaceScreen />, '/breathing-space')
  expect(screen.getByText('You have 1 character too many')).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual(['Your answer must be 500 characters or fewer.'])
  expect(screen.getByRole('textbox', { name: support })).toHaveAccessibleDescription(
    'For example, you would like us to contact you in a particular way, or someone helps you manage your money. Error: Your answer must be 500 characters or fewer. You can enter up to 500 characters',
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('the answers are stored where the payload reads them and Continue goes to the opt-ins', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<BreathingSpaceScreen />, '/breathing-space')
  await userEvent.click(
    within(screen.getByRole('group', { name: moratorium })).getByRole('radio', { name: 'No' }),
  )
  await userEvent.click(
    within(screen.getByRole('group', { name: discuss })).getByRole('radio', { name: 'Yes' }),
  )
  await userEvent.type(screen.getByRole('textbox', { name: support }), 'Please write to me.')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const state = getApplication()
  expect(state.form.breathingSpace).toBe(false)
  expect(state.discussFinancialCirumstances).toBe(true)
  expect(state.additionalNeedsRequirementsStatement).toBe('Please write to me.')
  expect(location.history?.at(-1)).toBe('/optins')
})

test('the support note may be left empty', async () => {
  givenState('carfinance', (state) => {
    state.form.breathingSpace = true
    state.discussFinancialCirumstances = false
  })
  const { location } = renderInMain(<BreathingSpaceScreen />, '/breathing-space')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(location.history?.at(-1)).toBe('/optins')
})
