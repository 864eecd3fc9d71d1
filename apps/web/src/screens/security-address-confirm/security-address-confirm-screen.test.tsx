import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import SecurityAddressConfirmScreen from './security-address-confirm-screen'

const current: Address = {
  ...emptyAddress(),
  buildingNumber: '10',
  houseNumber: '10',
  street: 'Acacia Avenue',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 4DY',
  yearsAtAddress: 14,
  monthsAtAddress: 2,
  residentialStatus: 'Homeowner with a mortgage',
}

const onProperty = () =>
  givenState('harbourlend', (state) => {
    state.form.loanPurposeType = 'property'
    state.form.addresses = [current]
  })

const question = 'Is the property you are borrowing against your current address?'

test('the question shows the current address; Continue without a choice asks for one', async () => {
  onProperty()
  const { container } = renderInMain(<SecurityAddressConfirmScreen />, '/security-address-confirm')
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

test('"Yes" makes the current address the security address and skips asking for one', async () => {
  onProperty()
  const { location } = renderInMain(<SecurityAddressConfirmScreen />, '/security-address-confirm')
  await userEvent.click(screen.getByRole('radio', { name: 'Yes' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.isSecurityCurrentAddress).toBe(true)
  expect(getApplication().form.securityAddress).toEqual({ ...current, manual: false })
  expect(location.history?.at(-1)).toBe('/own-other-properties')
})

test('"No" asks for the property\'s address next', async () => {
  onProperty()
  const { location } = renderInMain(<SecurityAddressConfirmScreen />, '/security-address-confirm')
  await userEvent.click(screen.getByRole('radio', { name: 'No' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.isSecurityCurrentAddress).toBe(false)
  expect(getApplication().form.securityAddress).toEqual({ ...emptyAddress(), manual: false })
  expect(location.history?.at(-1)).toBe('/security-address-add')
})
