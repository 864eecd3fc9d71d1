import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { residentialStatusOptions } from '@forecourt/domain/journey/options'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { JointResidentialStatusScreen } from './residential-status-screen'

const entry = (yearsAtAddress: number, street = 'Westgate'): Address => ({
  ...emptyAddress(),
  houseNumber: '4',
  street,
  town: 'Otley',
  postcode: 'LS21 3AB',
  yearsAtAddress,
  monthsAtAddress: 0,
})

const livesElsewhere = (addresses: Address[]) =>
  givenState('carfinance', (state) => {
    state.form.isJointApplication = true
    state.isJointApplication = true
    state.form.joint.livesAtApplicantAddress = false
    state.form.joint.addresses = addresses
  })

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/joint-residential-status/:n">
      <JointResidentialStatusScreen />
    </Route>,
    `/joint-residential-status/${n}`,
  )

test('Continue without a choice asks for one, and the screen has no axe violations', async () => {
  livesElsewhere([entry(4)])
  const { container } = renderEntry(1)
  const question = screen.getByRole('group', {
    name: 'What is their residential status at this address?',
  })
  expect(question).toHaveAccessibleDescription('4 Westgate, Otley, LS21 3AB')
  expect(screen.getAllByRole('radio').map((radio) => radio.closest('div')!.textContent)).toEqual(
    residentialStatusOptions.map((option) => option.label),
  )
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please choose an option to continue.',
  ])
  expect(question).toHaveAccessibleDescription(
    '4 Westgate, Otley, LS21 3AB Error: Please choose an option to continue.',
  )
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: 'Homeowner with a mortgage' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
})

test('three years covered goes on to their employment', async () => {
  livesElsewhere([entry(4)])
  const { location } = renderEntry(1)
  await userEvent.click(screen.getByRole('radio', { name: 'Living with parents' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.joint.addresses[0]?.residentialStatus).toBe('Living with parents')
  expect(location.history?.at(-1)).toBe('/joint-employment-add')
})

test('a history short of three years asks for their previous address next', async () => {
  livesElsewhere([entry(1)])
  const { location } = renderEntry(1)
  await userEvent.click(screen.getByRole('radio', { name: 'Private tenant' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(location.history?.at(-1)).toBe('/joint-address/2')
})

test('an earlier address asks what their status was', () => {
  livesElsewhere([entry(1), entry(3, 'Kirkgate')])
  renderEntry(2)
  expect(
    screen.getByRole('group', { name: 'What was their residential status at this address?' }),
  ).toBeVisible()
})
