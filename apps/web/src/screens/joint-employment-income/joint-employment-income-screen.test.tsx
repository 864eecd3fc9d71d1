import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointEmploymentIncomeScreen from './joint-employment-income-screen'

const question = /^What is their monthly income after tax\? £$/
const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))

test.each([
  ['nothing', '', 'Please enter their net monthly income.'],
  ['letters', 'n/a', 'Please enter their net monthly income.'],
  ['too much', '250000', 'Must be between 0 and 100,000.'],
])(
  'Continue with %s entered shows the message in the summary and beside the field',
  async (_, typed, message) => {
    givenJoint()
    const { container } = renderInMain(<JointEmploymentIncomeScreen />, '/joint-employment-income')
    if (typed) await userEvent.type(screen.getByRole('textbox', { name: question }), typed)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([message])
    expect(screen.getByRole('textbox', { name: question })).toHaveAccessibleDescription(
      `Their take-home pay: what reaches their bank account each month after tax, National Insurance and pension contributions. If it changes from month to month, give an average. Error: ${message}`,
    )
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the question is the heading, autofill is off, and the empty screen has no axe violations', async () => {
  givenJoint()
  const { container } = renderInMain(<JointEmploymentIncomeScreen />, '/joint-employment-income')
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is their monthly income after tax?' }),
  ).toBeVisible()
  expect(screen.getByRole('textbox', { name: question })).toHaveAttribute('autocomplete', 'off')
  await expectNoAxeViolations(container)
}, 20_000)

test('the income is stored for the joint applicant and Continue goes to their contact details', async () => {
  givenJoint()
  const { location } = renderInMain(<JointEmploymentIncomeScreen />, '/joint-employment-income')
  await userEvent.type(screen.getByRole('textbox', { name: question }), '2,400')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint.netMonthlyIncome).toBe(2400)
  expect(getApplication().form.netMonthlyIncome).toBeNull()
  expect(location.history?.at(-1)).toBe('/joint-customer-contact')
})
