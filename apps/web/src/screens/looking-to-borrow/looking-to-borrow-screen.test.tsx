import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { findStep } from '@forecourt/domain/journey/navigation'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import LookingToBorrowScreen from './looking-to-borrow-screen'

const amountBox = () => screen.getByRole('textbox', { name: 'Loan amount £' })
const notSure = () => screen.getByRole('checkbox', { name: "I'm not sure yet" })
const summaryMessages = () => {
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  return [...summary.querySelectorAll('a')].map((a) => a.textContent)
}

test('the start-up default of 5000 is not shown as if it were an answer', async () => {
  givenState('carfinance', (state) => void (state.form.loanAmount = 5000))
  const { container } = renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  expect(
    screen.getByRole('heading', { level: 1, name: 'How much would you like to borrow?' }),
  ).toBeInTheDocument()
  expect(amountBox()).toHaveValue('')
  expect(amountBox()).toHaveAccessibleDescription('Enter an amount between £1,000 and £50,000.')
  expect(getApplication().form.loanAmount).toBeNull()
  await expectNoAxeViolations(container)
})

test.each([
  ["the link's loan-amount", { loanAmount: 8000 }, '8000'],
  ['an answered amount', { loanAmount: 5000, loanAmountCompleted: true }, '5000'],
])('%s is shown', (_, form, shown) => {
  givenState('carfinance', (state) => Object.assign(state.form, form))
  renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  expect(amountBox()).toHaveValue(shown)
})

test.each([
  ['vehicle', '', 'Please enter your loan amount.', '£1,000 and £50,000'],
  ['vehicle', '50001', 'Must be between 1,000 and 50,000.', '£1,000 and £50,000'],
  ['property', '9999', 'Must be between 10,000 and 250,000.', '£10,000 and £250,000'],
])(
  'a %s loan with "%s" gives "%s" in the summary and beside the amount',
  async (kind, typed, message, range) => {
    givenState('harbourlend', (state) => void (state.form.loanPurposeType = kind))
    const { container } = renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
    if (typed) await userEvent.type(amountBox(), typed)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(summaryMessages()).toEqual([message])
    expect(amountBox()).toHaveAccessibleDescription(
      `Enter an amount between ${range}. Error: ${message}`,
    )
    await expectNoAxeViolations(container)
  },
)

test('a valid amount is stored and Continue goes to the term', async () => {
  givenState('carfinance')
  const { location } = renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  await userEvent.type(amountBox(), '7,250')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form } = getApplication()
  expect([form.loanAmount, form.loanAmountUnknown, form.loanAmountCompleted]).toEqual([
    7250,
    false,
    true,
  ])
  expect(location.history?.at(-1)).toBe('/term-to-borrow')
})

test('"I\'m not sure yet" clears and disables the amount, needs none, and is stored', async () => {
  givenState('carfinance')
  const { container, location } = renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  await userEvent.type(amountBox(), '500')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryMessages()).toEqual(['Must be between 1,000 and 50,000.'])

  await userEvent.click(notSure())
  expect(amountBox()).toHaveValue('')
  expect(amountBox()).toBeDisabled()
  expect(screen.queryByText('Must be between 1,000 and 50,000.')).not.toBeInTheDocument()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form } = getApplication()
  expect([form.loanAmount, form.loanAmountUnknown, form.loanAmountCompleted]).toEqual([
    null,
    true,
    true,
  ])
  expect(location.history?.at(-1)).toBe('/term-to-borrow')
})

test('unticking "I\'m not sure yet" asks for the amount again', async () => {
  givenState('carfinance', (state) => {
    Object.assign(state.form, {
      loanAmount: null,
      loanAmountUnknown: true,
      loanAmountCompleted: true,
    })
  })
  renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  expect(notSure()).toBeChecked()
  expect(amountBox()).toBeDisabled()

  await userEvent.click(notSure())
  expect(amountBox()).toBeEnabled()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryMessages()).toEqual(['Please enter your loan amount.'])
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/looking-to-borrow')?.title).toBe(
    findStep('looking-to-borrow')?.title,
  )
})

test('an amount out of range shows in the summary as soon as the field is left, before any Continue', async () => {
  givenState('carfinance')
  renderInMain(<LookingToBorrowScreen />, '/looking-to-borrow')
  await userEvent.type(amountBox(), '999999')
  await userEvent.tab()
  expect(summaryMessages()).toEqual(['Must be between 1,000 and 50,000.'])
  expect(screen.getByRole('link', { name: 'Must be between 1,000 and 50,000.' })).toHaveAttribute(
    'href',
    '#loanAmount',
  )
  expect(notSure()).toHaveFocus()
})
