import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { residentialStatusOptions } from '@forecourt/domain/journey/options'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import ResidentialStatusScreen from './residential-status-screen'

const entry = (yearsAtAddress: number, residentialStatus = ''): Address => ({
  ...emptyAddress(),
  subBuilding: 'Flat 1',
  buildingName: 'Wharf House',
  houseName: 'Wharf House',
  buildingNumber: '12',
  houseNumber: '12',
  street: 'Canal Street',
  town: 'Manchester',
  postcode: 'M1 1AE',
  yearsAtAddress,
  monthsAtAddress: 0,
  residentialStatus,
})

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/residential-status/:n">
      <ResidentialStatusScreen />
    </Route>,
    `/residential-status/${n}`,
  )

test('Continue without a choice asks for one, and the screen has no axe violations', async () => {
  givenState('carfinance', (state) => void (state.form.addresses = [entry(1)]))
  const { container } = renderEntry(1)
  const question = screen.getByRole('group', {
    name: 'What is your residential status at this address?',
  })
  expect(question).toHaveAccessibleDescription(
    'Flat 1, Wharf House, 12 Canal Street, Manchester, M1 1AE',
  )
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
    'Flat 1, Wharf House, 12 Canal Street, Manchester, M1 1AE Error: Please choose an option to continue.',
  )
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: 'Homeowner with a mortgage' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
})

test.each([
  ['1 year: the address before is asked for next', 'carfinance', 1, '/address/2'],
  ['3 years: the history is complete and employment comes next', 'carfinance', 3, '/employment/1'],
  [
    '3 years on a loan secured on property: the property comes next',
    'harbourlend',
    3,
    '/property-details',
  ],
] as const)('%s', async (_name, brand, years, next) => {
  givenState(brand, (state) => {
    state.form.addresses = [entry(years)]
    if (brand === 'harbourlend') state.form.loanPurposeType = 'property'
  })
  const { location } = renderEntry(1)
  await userEvent.click(
    screen.getByRole('radio', { name: 'Council or housing association tenant' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.addresses[0]?.residentialStatus).toBe(
    'Council or housing association tenant',
  )
  expect(getApplication().form.addressStatusCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe(next)
})

test('a previous address asks in the past tense and goes on to the one before it while short', async () => {
  givenState(
    'carfinance',
    (state) => void (state.form.addresses = [entry(1, 'Private tenant'), entry(1)]),
  )
  const { location } = renderEntry(2)
  await userEvent.click(screen.getByRole('radio', { name: 'Living with parents' }))
  expect(
    screen.getByRole('group', { name: 'What was your residential status at this address?' }),
  ).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.addresses[1]?.residentialStatus).toBe('Living with parents')
  expect(location.history?.at(-1)).toBe('/address/3')
})
