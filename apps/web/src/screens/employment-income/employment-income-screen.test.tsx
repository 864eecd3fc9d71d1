import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import EmploymentIncomeScreen from './employment-income-screen'

const question = /^What is your monthly income after tax\? £$/

test.each([
  ['nothing', '', 'Please enter your net monthly income.'],
  ['letters', 'lots', 'Please enter your net monthly income.'],
  ['too much', '100001', 'Must be between 0 and 100,000.'],
])(
  'Continue with %s entered shows the message in the summary and beside the field',
  async (_, typed, message) => {
    givenState('carfinance')
    const { container } = renderInMain(<EmploymentIncomeScreen />, '/employment-income/1')
    if (typed) await userEvent.type(screen.getByRole('textbox', { name: question }), typed)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([message])
    expect(screen.getByRole('textbox', { name: question })).toHaveAccessibleDescription(
      `Your take-home pay: what reaches your bank account each month after tax, National Insurance and pension contributions. If it changes from month to month, give an average. Error: ${message}`,
    )
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the question is the page heading, and the empty screen has no axe violations', async () => {
  givenState('carfinance')
  const { container } = renderInMain(<EmploymentIncomeScreen />, '/employment-income/1')
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is your monthly income after tax?' }),
  ).toBeVisible()
  await expectNoAxeViolations(container)
}, 20_000)

test('pounds and pence are stored rounded up and Continue goes to the joint question', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<EmploymentIncomeScreen />, '/employment-income/1')
  await userEvent.type(screen.getByRole('textbox', { name: question }), '£1,850.20')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.netMonthlyIncome).toBe(1851)
  expect(screen.getByRole('textbox', { name: question })).toHaveValue('£1,850.20')
  expect(location.history?.at(-1)).toBe('/joint')
})
