import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { findStep } from '@forecourt/domain/journey/navigation'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp, renderInMain } from '#testing/render'
import AmountToFinanceScreen from './amount-to-finance-screen'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

/** A stock vehicle loaded at start-up, which also left the default amount of 5000. */
function withVehicle(
  brand: BrandId = 'carfinance',
  change: (state: ApplicationState) => void = () => {},
) {
  givenState(brand, (state) => {
    state.form.vehicle = {
      ...state.form.vehicle,
      vrm: 'AB12 CDE',
      make: 'Ford',
      model: 'Fiesta',
      price: 12995,
    }
    state.form.loanAmount = 5000
    change(state)
  })
}

const amountBox = () => screen.getByRole('textbox', { name: 'Amount to finance £' })

test('the first visit suggests the price of the vehicle, shown with its make and model', async () => {
  withVehicle()
  const { container } = renderInMain(<AmountToFinanceScreen />, '/amount-to-finance')
  expect(
    screen.getByRole('heading', { level: 1, name: 'How much would you like to finance?' }),
  ).toBeInTheDocument()
  expect(screen.getByText('Ford Fiesta: £12,995.')).toBeInTheDocument()
  expect(amountBox()).toHaveValue('12995')
  expect(amountBox()).toHaveAccessibleDescription('Enter an amount between £1,000 and £50,000.')
  expect(getApplication().form.loanAmount).toBe(12995)
  expect(getApplication().form.loanAmountCompleted).toBe(false)
  await expectNoAxeViolations(container)
})

test('a cash deposit already given is taken off the suggestion', () => {
  withVehicle('milebroker', (state) => {
    state.hasDeposit = true
    state.form.depositType = 'Cash'
    state.form.cashDeposit = 2000
  })
  renderInMain(<AmountToFinanceScreen />, '/amount-to-finance')
  expect(
    screen.getByText('Ford Fiesta: £12,995, less your £2,000 cash deposit.'),
  ).toBeInTheDocument()
  expect(amountBox()).toHaveValue('10995')
})

test.each([
  ['an answered amount', { loanAmount: 9000, loanAmountCompleted: true }, '9000'],
  ["the link's loan-amount", { loanAmount: 8000 }, '8000'],
  ['an amount typed before going back', { loanAmount: 15000 }, '15000'],
])('%s is shown instead of the price', (_, form, shown) => {
  withVehicle('carfinance', (state) => Object.assign(state.form, form))
  renderInMain(<AmountToFinanceScreen />, '/amount-to-finance')
  expect(amountBox()).toHaveValue(shown)
})

test.each([
  ['', 'Please enter your loan amount.'],
  ['500', 'Must be between 1,000 and 50,000.'],
  ['50,001', 'Must be between 1,000 and 50,000.'],
  ['lots', 'Please enter your loan amount.'],
])('"%s" gives "%s" in the summary and beside the amount', async (typed, message) => {
  withVehicle()
  const { container, location } = renderInMain(<AmountToFinanceScreen />, '/amount-to-finance')
  await userEvent.clear(amountBox())
  if (typed) await userEvent.type(amountBox(), typed)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([message])
  expect(amountBox()).toHaveAccessibleDescription(
    `Enter an amount between £1,000 and £50,000. Error: ${message}`,
  )
  expect(location.history).toEqual(['/amount-to-finance'])
  await expectNoAxeViolations(container)
})

test.each([
  ['carfinance', '/term-to-borrow'],
  ['milebroker', '/deposit'],
] as const)(
  'on %s a valid amount is stored, rounded up, and Continue goes to %s',
  async (brand, next) => {
    withVehicle(brand, (state) => void (state.form.lookingToBuy = 'Found a vehicle'))
    const { location } = renderInMain(<AmountToFinanceScreen />, '/amount-to-finance')
    await userEvent.clear(amountBox())
    await userEvent.type(amountBox(), '£11,500.40')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const { form } = getApplication()
    expect(form.loanAmount).toBe(11501)
    expect(form.loanAmountCompleted).toBe(true)
    expect(location.history?.at(-1)).toBe(next)
  },
)

test('going on and coming back with Previous keeps the amount', async () => {
  withVehicle('milebroker', (state) => void (state.form.lookingToBuy = 'Found a vehicle'))
  renderApp('/amount-to-finance')
  const box = await screen.findByRole('textbox', { name: 'Amount to finance £' })
  await userEvent.clear(box)
  await userEvent.type(box, '9500')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { level: 1, name: 'Will you be paying a deposit?' })

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(await screen.findByRole('textbox', { name: 'Amount to finance £' })).toHaveValue('9500')
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/amount-to-finance')?.title).toBe(
    findStep('amount-to-finance')?.title,
  )
})
