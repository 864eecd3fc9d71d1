import { findStep } from '@forecourt/domain/journey/navigation'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import LoanTypeScreen from './loan-type-screen'

const question = 'What would you like the loan to be secured on?'

test('Continue without an answer shows the message in the summary and beside the question', async () => {
  givenState('harbourlend')
  const { container } = renderInMain(<LoanTypeScreen />, '/loan-type')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'Error: Please choose an option to continue.',
  )
  await expectNoAxeViolations(container)
})

test('the homeowner loan says what is at risk', () => {
  givenState('harbourlend')
  renderInMain(<LoanTypeScreen />, '/loan-type')
  expect(
    screen.getByRole('radio', { name: 'A homeowner loan secured on my property' }),
  ).toHaveAccessibleDescription(
    'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.',
  )
})

test.each([
  ['Finance secured on the vehicle', 'vehicle'],
  ['A homeowner loan secured on my property', 'property'],
])('"%s" is stored as %s and Continue goes on to the amount', async (label, stored) => {
  givenState('harbourlend')
  const { location } = renderInMain(<LoanTypeScreen />, '/loan-type')
  await userEvent.click(screen.getByRole('radio', { name: label }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.loanPurposeType).toBe(stored)
  expect(location.history?.at(-1)).toBe('/looking-to-borrow')
})

test('changing to a property loan asks again for a term outside its limits, and keeps one inside', async () => {
  givenState('harbourlend', (state) => {
    Object.assign(state.form, {
      loanPurposeType: 'vehicle',
      loanAmount: 20000,
      loanAmountCompleted: true,
      term: 24,
    })
  })
  renderInMain(<LoanTypeScreen />, '/loan-type')
  await userEvent.click(
    screen.getByRole('radio', { name: 'A homeowner loan secured on my property' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form } = getApplication()
  expect(form.loanPurposeType).toBe('property')
  // £20,000 fits a property loan (£10,000–£250,000); 2 years does not (3–25).
  expect([form.loanAmount, form.loanAmountCompleted, form.term]).toEqual([20000, true, null])
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/loan-type')?.title).toBe(
    findStep('loan-type')?.title,
  )
})
