import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { findStep } from '@forecourt/domain/journey/navigation'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp, renderInMain } from '#testing/render'
import DepositScreen from './deposit-screen'

const question = 'Will you be paying a deposit?'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

/** Milebroker asks about deposits; the steps before this one are answered. */
function renderDeposit(change: (state: ApplicationState) => void = () => {}) {
  givenState('milebroker', (state) => {
    Object.assign(state.form, { lookingToBuy: 'Still looking', loanAmount: 9000 })
    state.form.loanAmountCompleted = true
    change(state)
  })
  return renderInMain(<DepositScreen />, '/deposit')
}

const typeBox = () => screen.queryByRole('combobox', { name: 'Deposit type' })
const cashBox = () => screen.queryByRole('textbox', { name: 'Cash deposit £' })
const summaryMessages = () => {
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  return [...summary.querySelectorAll('a')].map((a) => a.textContent)
}
const continueButton = () => screen.getByRole('button', { name: 'Continue' })

test('Continue without an answer shows the message in the summary and beside the question', async () => {
  const { container } = renderDeposit()
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(typeBox()).not.toBeInTheDocument()
  await expectNoAxeViolations(container)

  await userEvent.click(continueButton())
  expect(summaryMessages()).toEqual(['Please choose an option to continue.'])
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'Error: Please choose an option to continue.',
  )
  await expectNoAxeViolations(container)
})

test('Yes reveals the deposit type below without moving focus, and No hides it again', async () => {
  renderDeposit()
  const yes = screen.getByRole('radio', { name: 'Yes' })
  expect(yes).toHaveAccessibleDescription('Then tell us about the deposit below.')
  await userEvent.click(yes)
  expect(yes).toHaveFocus()
  expect(typeBox()).toBeInTheDocument()
  expect(cashBox()).not.toBeInTheDocument()
  // The revealed question is the next stop after the radios.
  await userEvent.tab()
  expect(typeBox()).toHaveFocus()

  await userEvent.click(screen.getByRole('radio', { name: 'No' }))
  expect(typeBox()).not.toBeInTheDocument()
})

test.each([
  ['Cash', true],
  ['Part exchange', false],
  ['Cash and part exchange', true],
])('the type %s asks for a cash amount: %s', async (type, asksCash) => {
  renderDeposit()
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.selectOptions(typeBox()!, type)
  expect(cashBox() !== null).toBe(asksCash)
})

test('Yes without the follow-up answers gives their messages, in order', async () => {
  const { container } = renderDeposit()
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.click(continueButton())
  expect(summaryMessages()).toEqual(['Please choose your deposit type.'])
  expect(typeBox()).toHaveAccessibleDescription('Error: Please choose your deposit type.')

  await userEvent.selectOptions(typeBox()!, 'Cash')
  await userEvent.click(continueButton())
  expect(summaryMessages()).toEqual(['Please enter your cash deposit.'])
  expect(cashBox()).toHaveAccessibleDescription(
    'The amount you will pay in cash, in pounds. Error: Please enter your cash deposit.',
  )
  await expectNoAxeViolations(container)
})

test.each([
  ['0', null, 'Please enter your cash deposit.'],
  ['20000', 12995, 'Must be between 1 and 12,995.'],
  ['60000', null, 'Must be between 1 and 50,000.'],
])('a cash deposit of %s (vehicle price %s) gives "%s"', async (typed, price, message) => {
  renderDeposit((state) => {
    state.form.vehicle = { ...state.form.vehicle, vrm: 'AB12 CDE', price }
  })
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.selectOptions(typeBox()!, 'Cash')
  await userEvent.type(cashBox()!, typed)
  await userEvent.click(continueButton())
  expect(summaryMessages()).toEqual([message])
})

test('a cash deposit is stored and Continue goes to the term', async () => {
  const { location } = renderDeposit()
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.selectOptions(typeBox()!, 'Cash and part exchange')
  await userEvent.type(cashBox()!, '1,500')
  await userEvent.click(continueButton())

  const state = getApplication()
  expect([state.hasDeposit, state.form.depositType, state.form.cashDeposit]).toEqual([
    true,
    'Cash and part exchange',
    1500,
  ])
  expect(location.history?.at(-1)).toBe('/term-to-borrow')
})

test('No clears the hidden deposit answers when Continue is pressed', async () => {
  const { location } = renderDeposit((state) => {
    state.hasDeposit = true
    state.form.depositType = 'Cash'
    state.form.cashDeposit = 1000
  })
  await userEvent.click(screen.getByRole('radio', { name: 'No' }))
  await userEvent.click(continueButton())

  const state = getApplication()
  expect([state.hasDeposit, state.form.depositType, state.form.cashDeposit]).toEqual([false, '', 0])
  expect(location.history?.at(-1)).toBe('/term-to-borrow')
})

test('going on and coming back with Previous keeps every deposit answer', async () => {
  givenState('milebroker', (state) => {
    Object.assign(state.form, { lookingToBuy: 'Still looking', loanAmount: 9000 })
    state.form.loanAmountCompleted = true
  })
  renderApp('/deposit')
  await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }))
  await userEvent.selectOptions(typeBox()!, 'Cash')
  await userEvent.type(cashBox()!, '2500')
  await userEvent.click(continueButton())
  await screen.findByRole('heading', { level: 1, name: 'How long would you like to borrow for?' })

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(await screen.findByRole('radio', { name: 'Yes' })).toBeChecked()
  expect(typeBox()).toHaveValue('Cash')
  expect(cashBox()).toHaveValue('2500')
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/deposit')?.title).toBe(findStep('deposit')?.title)
})
