import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Route } from 'wouter'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import {
  emptyAddress,
  type Address,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import { JointAddressScreen } from './address-screen'

const found: AddressLookupItem[] = [
  {
    udprn: '10000002',
    Address: '2 Canal Street, Manchester',
    subBuilding: '',
    flatNumber: '',
    buildingName: '',
    buildingNumber: '2',
    houseName: '',
    houseNumber: '2',
    street: 'Canal Street',
    locality: '',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M1 1AE',
  },
]

const applicantHome: Address = {
  ...emptyAddress(),
  houseNumber: '10',
  street: 'Acacia Avenue',
  town: 'Leeds',
  postcode: 'LS1 4DY',
  yearsAtAddress: 5,
  monthsAtAddress: 0,
  residentialStatus: 'Private tenant',
}

function livesElsewhere(change: (state: ApplicationState) => void = () => {}) {
  givenState('carfinance', (state) => {
    state.form.isJointApplication = true
    state.isJointApplication = true
    state.form.addresses = [applicantHome]
    state.savedAddresses = [{ manual: true, streetAddress: '', value: 'LS1 4DY' }]
    state.form.joint.livesAtApplicantAddress = false
    change(state)
  })
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const postcode = new URL(url, 'http://localhost').searchParams.get('postcode') ?? ''
      return new Response(JSON.stringify({ postcode, addresses: found }), { status: 200 })
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/joint-address/:n">
      <JointAddressScreen />
    </Route>,
    `/joint-address/${n}`,
  )

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

const postcodeLookup = () => screen.getAllByRole('textbox', { name: 'Postcode' })[0]!
const manualEntry = () => within(screen.getByRole('group', { name: 'Address' }))

test('the finder asks for their address in their words, and the browser offers no saved address', async () => {
  livesElsewhere()
  const { container } = renderEntry(1)
  expect(screen.getByRole('heading', { level: 1, name: 'What is their address?' })).toBeVisible()
  expect(postcodeLookup()).toHaveAttribute('autocomplete', 'off')
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual(['Please choose their address.'])
  expect(postcodeLookup()).toHaveAccessibleDescription(
    'For example, M1 1AE Error: Please choose their address.',
  )
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))
  expect(summaryLinks()).toEqual(['Please enter their postcode.'])
})

test('an address chosen from the lookup is theirs, not the applicant’s, and Continue goes on', async () => {
  livesElsewhere()
  const { location } = renderEntry(1)
  await userEvent.type(postcodeLookup(), 'm11ae')
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))
  const dropdown = await screen.findByRole('combobox', { name: 'Address' })
  await userEvent.selectOptions(dropdown, '2 Canal Street, Manchester')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const state = getApplication()
  expect(state.form.joint.addresses).toEqual([
    {
      ...emptyAddress(),
      buildingNumber: '2',
      houseNumber: '2',
      street: 'Canal Street',
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: 'M1 1AE',
    },
  ])
  expect(state.jointSavedAddresses).toEqual([
    { manual: false, streetAddress: '2 Canal Street, Manchester', value: 'M1 1AE' },
  ])
  expect(state.form.addresses).toEqual([applicantHome])
  expect(state.savedAddresses).toEqual([{ manual: true, streetAddress: '', value: 'LS1 4DY' }])
  expect(location.history?.at(-1)).toBe('/joint-address-length/1')
})

test('an address typed by hand is checked field by field, each message saying "their"', async () => {
  livesElsewhere()
  const { container } = renderEntry(1)
  await userEvent.click(screen.getByRole('button', { name: 'Enter the address manually' }))
  expect(
    manualEntry()
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('autocomplete')),
  ).toEqual(['off', 'off', 'off', 'off', 'off', 'off'])
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual([
    'Please enter their house number or name.',
    'Please enter their street.',
    'Please enter their town or city.',
    'Please enter their postcode.',
  ])
  expect(manualEntry().getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription(
    'Error: Please enter their street.',
  )
  await expectNoAxeViolations(container)

  await userEvent.type(manualEntry().getByRole('textbox', { name: 'House number or name' }), '4')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Street' }), 'Westgate')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Town or city' }), 'Otley')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Postcode' }), 'LS21 ZZZ')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual(['Please enter a valid UK postcode.'])
  expect(getApplication().jointSavedAddresses[0]).toMatchObject({ manual: true })
})

test('a previous address of theirs shows their history so far under its own heading', async () => {
  livesElsewhere((state) => {
    state.form.joint.addresses = [
      {
        ...emptyAddress(),
        town: 'Otley',
        postcode: 'LS21 3AB',
        yearsAtAddress: 1,
        monthsAtAddress: 6,
      },
    ]
  })
  renderEntry(2)
  expect(
    screen.getByRole('heading', { level: 1, name: 'What was their previous address?' }),
  ).toBeVisible()
  expect(screen.getByText('1 year 6 months so far; we need 3 years')).toBeVisible()
  await waitFor(() => expect(getApplication().form.joint.addresses).toHaveLength(2))
})
