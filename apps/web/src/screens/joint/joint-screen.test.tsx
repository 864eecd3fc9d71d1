import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointScreen from './joint-screen'

const question = 'Would you like to add a joint applicant?'

test('Continue with no answer shows the message in the summary and beside the question', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<JointScreen />, '/joint')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'A joint application is made with another person, such as your partner. You would both be responsible for the repayments, and we would carry out a credit search on both of you. Error: Please choose an option to continue.',
  )
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus())
  await expectNoAxeViolations(container)
}, 20_000)

test.each([
  ['Yes', true, '/joint-customer-details'],
  ['No', false, '/breathing-space'],
])('"%s" is stored and Continue goes to the right next screen', async (label, answer, next) => {
  givenState('carfinance')
  const { location } = renderInMain(<JointScreen />, '/joint')
  await userEvent.click(screen.getByRole('radio', { name: label }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.isJointApplication).toBe(answer)
  expect(getApplication().isJointApplication).toBe(answer)
  expect(location.history?.at(-1)).toBe(next)
})

test('an earlier "No" shows as chosen when the applicant comes back', () => {
  givenState('carfinance', (state) => void (state.form.isJointApplication = false))
  renderInMain(<JointScreen />, '/joint')
  expect(screen.getByRole('radio', { name: 'No' })).toBeChecked()
  expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked()
})
