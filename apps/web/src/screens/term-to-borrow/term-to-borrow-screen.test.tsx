import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { findStep } from '@forecourt/domain/journey/navigation'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp, renderInMain } from '#testing/render'
import TermToBorrowScreen from './term-to-borrow-screen'

const question = 'How long would you like to borrow for?'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

/** The steps before this one are answered (no vehicle: /looking-to-borrow comes first). */
function answeredSoFar(brand: BrandId, change: (state: ApplicationState) => void = () => {}) {
  givenState(brand, (state) => {
    state.form.loanAmount = 20000
    state.form.loanAmountCompleted = true
    if (brand === 'harbourlend') {
      Object.assign(state.form, { loanPurposeType: 'vehicle', lookingToBuy: 'Still looking' })
      state.hasDeposit = false
    }
    change(state)
  })
}

function renderTerm(brand: BrandId = 'carfinance', change?: (state: ApplicationState) => void) {
  answeredSoFar(brand, change)
  return renderInMain(<TermToBorrowScreen />, '/term-to-borrow')
}

const slider = () => screen.getByRole('slider', { name: question })
const typed = () => screen.getByRole('textbox', { name: 'Or type the number of years' })
const continueButton = () => screen.getByRole('button', { name: 'Continue' })
const summaryMessages = () => {
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  return [...summary.querySelectorAll('a')].map((a) => a.textContent)
}

test.each([
  ['vehicle', '4', 'Between 1 and 7 years.', ['1', '7']],
  ['property', '10', 'Between 3 and 25 years.', ['3', '25']],
])('a %s loan starts at %s years, not yet answered', async (kind, years, hint, [min, max]) => {
  const { container } = renderTerm('harbourlend', (state) => {
    state.form.loanPurposeType = kind
  })
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(slider()).toHaveValue(years)
  expect(slider()).toHaveAttribute('aria-valuetext', `${years} years`)
  expect([slider().getAttribute('min'), slider().getAttribute('max')]).toEqual([min, max])
  expect(slider()).toHaveAccessibleDescription(hint)
  expect(typed()).toHaveValue(years)
  expect(getApplication().form.term).toBeNull()
  await expectNoAxeViolations(container)
})

test('Continue accepts the starting position, in months, and goes to the driving licence', async () => {
  const { location } = renderTerm()
  await userEvent.click(continueButton())
  expect(getApplication().form.term).toBe(48)
  expect(getApplication().form.financeDetailsCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe('/driving-licence')
})

test('Previous leaves an untouched term unanswered', async () => {
  const { location } = renderTerm()
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(getApplication().form.term).toBeNull()
  expect(location.history?.at(-1)).toBe('/looking-to-borrow')
})

test('the slider and the typed box stay in step, and the unit is singular only for 1', async () => {
  renderTerm()
  fireEvent.change(slider(), { target: { value: '6' } })
  expect(typed()).toHaveValue('6')
  expect(getApplication().form.term).toBe(72)

  await userEvent.clear(typed())
  await userEvent.type(typed(), '1')
  expect(slider()).toHaveValue('1')
  expect(slider()).toHaveAttribute('aria-valuetext', '1 year')
  expect(getApplication().form.term).toBe(12)

  await userEvent.clear(typed())
  await userEvent.type(typed(), '2.4')
  expect(slider()).toHaveValue('2')
  await userEvent.tab()
  expect(typed()).toHaveValue('2')
  expect(getApplication().form.term).toBe(24)
})

test.each([
  ['vehicle', '', 'Please enter your loan term.', 'Between 1 and 7 years.'],
  ['vehicle', '9', 'Must be between 1 and 7.', 'Between 1 and 7 years.'],
  ['vehicle', '0', 'Must be between 1 and 7.', 'Between 1 and 7 years.'],
  ['property', '2', 'Must be between 3 and 25.', 'Between 3 and 25 years.'],
  ['property', 'ten', 'Please enter your loan term.', 'Between 3 and 25 years.'],
])(
  'a %s loan with "%s" typed gives "%s" in the summary and beside the slider',
  async (kind, text, message, hint) => {
    const { container, location } = renderTerm('harbourlend', (state) => {
      state.form.loanPurposeType = kind
    })
    await userEvent.clear(typed())
    if (text) await userEvent.type(typed(), text)
    await userEvent.click(continueButton())

    expect(summaryMessages()).toEqual([message])
    expect(slider()).toHaveAccessibleDescription(`${hint} Error: ${message}`)
    expect(typed()).toHaveAccessibleDescription(`${hint} Error: ${message}`)
    expect(location.history).toEqual(['/term-to-borrow'])
    await expectNoAxeViolations(container)
  },
)

test('going on and coming back with Previous keeps the term', async () => {
  answeredSoFar('carfinance')
  renderApp('/term-to-borrow')
  await screen.findByRole('heading', { level: 1, name: question })
  fireEvent.change(slider(), { target: { value: '5' } })
  await userEvent.click(continueButton())
  await screen.findByRole('heading', {
    level: 1,
    name: 'What type of driving licence do you have?',
  })

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  await screen.findByRole('heading', { level: 1, name: question })
  expect(slider()).toHaveValue('5')
  expect(typed()).toHaveValue('5')
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/term-to-borrow')?.title).toBe(
    findStep('term-to-borrow')?.title,
  )
})
