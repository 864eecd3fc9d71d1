import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import PropertyDetailsScreen from './property-details-screen'

const onProperty = () =>
  givenState('harbourlend', (state) => void (state.form.loanPurposeType = 'property'))

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

test('Continue with nothing entered shows every message, in the summary and beside each field', async () => {
  onProperty()
  const { container } = renderInMain(<PropertyDetailsScreen />, '/property-details')
  expect(screen.getByRole('heading', { level: 1, name: 'About the property' })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual([
    'Please enter your property value.',
    'Please enter your mortgage balance.',
    'Please choose your number of bedrooms.',
    'Please choose your property type.',
  ])
  expect(screen.getByRole('textbox', { name: 'Property value £' })).toHaveAccessibleDescription(
    'Your best estimate of what it would sell for today. Error: Please enter your property value.',
  )
  expect(screen.getByRole('combobox', { name: 'Property type' })).toHaveAccessibleDescription(
    'Error: Please choose your property type.',
  )
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Property value £' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
})

test('a value out of range gets the range message', async () => {
  givenState('harbourlend', (state) => {
    state.form.loanPurposeType = 'property'
    state.form.propertyValue = 9999
    state.form.mortgageBalance = 20000000
  })
  renderInMain(<PropertyDetailsScreen />, '/property-details')
  expect(screen.getByRole('textbox', { name: 'Property value £' })).toHaveValue('9999')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks().slice(0, 2)).toEqual([
    'Must be between 10,000 and 10,000,000.',
    'Must be between 0 and 10,000,000.',
  ])
})

test('answers are stored, a balance of 0 is an answer, and Continue asks about the security address', async () => {
  onProperty()
  const { location } = renderInMain(<PropertyDetailsScreen />, '/property-details')
  await userEvent.type(screen.getByRole('textbox', { name: 'Property value £' }), '£285,000')
  await userEvent.type(screen.getByRole('textbox', { name: 'Outstanding mortgage balance £' }), '0')
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number of bedrooms' }), '6+')
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Property type' }),
    'Semi-detached',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form).toMatchObject({
    propertyValue: 285000,
    mortgageBalance: 0,
    propertyBedrooms: '6+',
    propertyType: 'Semi-detached',
  })
  expect(location.history?.at(-1)).toBe('/security-address-confirm')
})
