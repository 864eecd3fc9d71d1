import { findStep } from '@forecourt/domain/journey/navigation'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import LookingToBuyScreen from './looking-to-buy-screen'

const question = 'Have you found a vehicle?'

test('the question is the heading and Continue without an answer says so in the summary and beside it', async () => {
  givenState('milebroker')
  const { container } = renderInMain(<LookingToBuyScreen />, '/looking-to-buy')
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

test.each([
  ['I have found a vehicle', 'Found a vehicle'],
  ['I am still looking', 'Still looking'],
])('"%s" is stored as %s and Continue goes on to the amount', async (label, stored) => {
  givenState('milebroker')
  const { location } = renderInMain(<LookingToBuyScreen />, '/looking-to-buy')
  await userEvent.click(screen.getByRole('radio', { name: label }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.lookingToBuy).toBe(stored)
  expect(location.history?.at(-1)).toBe('/looking-to-borrow')
})

test('on a brand with both kinds of loan Continue goes to the loan type', async () => {
  givenState('harbourlend')
  const { location } = renderInMain(<LookingToBuyScreen />, '/looking-to-buy')
  await userEvent.click(screen.getByRole('radio', { name: 'I am still looking' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(location.history?.at(-1)).toBe('/loan-type')
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/looking-to-buy')?.title).toBe(
    findStep('looking-to-buy')?.title,
  )
})
