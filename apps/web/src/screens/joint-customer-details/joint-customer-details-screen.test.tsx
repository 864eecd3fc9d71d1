import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointCustomerDetailsScreen from './joint-customer-details-screen'

const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))

test('Continue with nothing entered shows the "their" messages in the summary and beside each field', async () => {
  givenJoint()
  const { container } = renderInMain(<JointCustomerDetailsScreen />, '/joint-customer-details')
  expect(screen.getByRole('heading', { level: 1, name: 'About the joint applicant' })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please enter their title.',
    'Please enter their first name.',
    'Please enter their last name.',
    'Please choose an option to continue.',
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: 'Their title' })).toHaveAccessibleDescription(
    'Error: Please enter their title.',
  )
  expect(screen.getByRole('textbox', { name: 'Their first name' })).toHaveAccessibleDescription(
    'Error: Please enter their first name.',
  )
  expect(screen.getByRole('textbox', { name: 'Their last name' })).toHaveAccessibleDescription(
    'Error: Please enter their last name.',
  )
  expect(
    screen.getByRole('group', { name: 'What is their marital status?' }),
  ).toHaveAccessibleDescription('Error: Please choose an option to continue.')
  expect(
    screen.getByRole('group', { name: 'What type of driving licence do they have?' }),
  ).toHaveAccessibleDescription('Error: Please choose an option to continue.')
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Mr' })).toHaveFocus())
  await expectNoAxeViolations(container)
}, 20_000)

test('autofill is off for the joint applicant’s names', () => {
  givenJoint()
  renderInMain(<JointCustomerDetailsScreen />, '/joint-customer-details')
  for (const name of ['Their first name', 'Their last name']) {
    expect(screen.getByRole('textbox', { name })).toHaveAttribute('autocomplete', 'off')
  }
})

test('answers are stored for the joint applicant with capital first letters', async () => {
  givenJoint()
  const { location } = renderInMain(<JointCustomerDetailsScreen />, '/joint-customer-details')
  await userEvent.click(screen.getByRole('radio', { name: 'Mx' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Their first name' }), ' sam ')
  await userEvent.type(screen.getByRole('textbox', { name: 'Their last name' }), "o'brien-hale")
  await userEvent.tab()
  const marital = screen.getByRole('group', { name: 'What is their marital status?' })
  await userEvent.click(within(marital).getByRole('radio', { name: 'Civil partnership' }))
  const licence = screen.getByRole('group', { name: 'What type of driving licence do they have?' })
  await userEvent.click(within(licence).getByRole('radio', { name: 'Provisional UK' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form } = getApplication()
  expect(form.joint).toMatchObject({
    title: 'Mx',
    firstName: 'Sam',
    lastName: "O'Brien-Hale",
    maritalStatus: 'Civil partnership',
    drivingLicenceType: 'Provisional UK',
  })
  expect([form.title, form.firstName, form.maritalStatus, form.drivingLicenceType]).toEqual([
    '',
    '',
    '',
    '',
  ])
  expect(location.history?.at(-1)).toBe('/joint-date-of-birth')
})
