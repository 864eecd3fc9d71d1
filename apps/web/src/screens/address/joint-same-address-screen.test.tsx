import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { JointSameAddressScreen } from './address-screen'

const current: Address = {
  ...emptyAddress(),
  buildingNumber: '10',
  houseNumber: '10',
  street: 'Acacia Avenue',
  town: 'Leeds',
  postcode: 'LS1 4DY',
  yearsAtAddress: 14,
  monthsAtAddress: 2,
  residentialStatus: 'Homeowner with a mortgage',
}

const joint = () =>
  givenState('carfinance', (state) => {
    state.form.isJointApplication = true
    state.isJointApplication = true
    state.form.addresses = [current]
  })

const question = 'Does the joint applicant live at your address?'

test('the question shows the applicant’s current address; Continue without a choice asks for one', async () => {
  joint()
  const { container } = renderInMain(<JointSameAddressScreen />, '/joint-same-address')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeVisible()
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'Your current address: 10 Acacia Avenue, Leeds, LS1 4DY',
  )
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'Your current address: 10 Acacia Avenue, Leeds, LS1 4DY Error: Please choose an option to continue.',
  )
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus())
  await expectNoAxeViolations(container)
})

test('"Yes" asks nothing more about where they live', async () => {
  joint()
  const { location } = renderInMain(<JointSameAddressScreen />, '/joint-same-address')
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint.livesAtApplicantAddress).toBe(true)
  expect(location.history?.at(-1)).toBe('/joint-employment-add')
})

test('"No" asks for their own address next', async () => {
  joint()
  const { location } = renderInMain(<JointSameAddressScreen />, '/joint-same-address')
  await userEvent.click(screen.getByRole('radio', { name: 'No' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint.livesAtApplicantAddress).toBe(false)
  expect(location.history?.at(-1)).toBe('/joint-address/1')
})
