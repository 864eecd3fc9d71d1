import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Route } from 'wouter'
import {
  emptyAddress,
  type Address,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderApp, renderInMain } from '#testing/render'
import AddressScreen from './address-screen'

const item = (
  udprn: string,
  Address: string,
  parts: Partial<AddressLookupItem> = {},
): AddressLookupItem => ({
  udprn,
  Address,
  subBuilding: '',
  flatNumber: '',
  buildingName: '',
  buildingNumber: '',
  houseName: '',
  houseNumber: '',
  street: 'Canal Street',
  locality: '',
  town: 'Manchester',
  county: 'Greater Manchester',
  postcode: 'M1 1AE',
  ...parts,
})

/** The answers before the address history, so the deep-link guard lets /address/1 open. */
function answerEarlierSteps(state: ApplicationState): void {
  Object.assign(state.form, {
    loanAmountCompleted: true,
    term: 48,
    drivingLicenceType: 'Full UK',
    maritalStatus: 'Single',
    dateOfBirth: '1990-03-07T00:00:00.000Z',
    title: 'Ms',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    contactNumber: '07123456789',
  })
}

const found = [
  item('10000002', '2 Canal Street, Manchester', { buildingNumber: '2', houseNumber: '2' }),
  item('10000012', 'Wharf House, 12 Canal Street, Manchester', {
    buildingName: 'Wharf House',
    houseName: 'Wharf House',
    buildingNumber: '12',
    houseNumber: '12',
  }),
  item('10000013', 'Flat 1, Wharf House, 12 Canal Street, Manchester', {
    subBuilding: 'Flat 1',
    flatNumber: '1',
    buildingName: 'Wharf House',
    houseName: 'Wharf House',
    buildingNumber: '12',
    houseNumber: '12',
  }),
]

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

function stubLookup(answer: (postcode: string) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const postcode = new URL(url, 'http://localhost').searchParams.get('postcode') ?? ''
    return answer(postcode)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const foundAt = (postcode: string) => json({ postcode, addresses: found })

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/address/:n">
      <AddressScreen />
    </Route>,
    `/address/${n}`,
  )

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

const postcodeLookup = () => screen.getAllByRole('textbox', { name: 'Postcode' })[0]!
const manualEntry = () => within(screen.getByRole('group', { name: 'Address' }))

async function findAddresses(postcode: string) {
  await userEvent.clear(postcodeLookup())
  await userEvent.type(postcodeLookup(), postcode)
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))
}

test('Continue before any address is found asks for one, and the screen has no axe violations', async () => {
  givenState('carfinance')
  const { container } = renderEntry(1)
  expect(screen.getByRole('heading', { level: 1, name: 'What is your address?' })).toBeVisible()
  expect(postcodeLookup()).toHaveAttribute('autocomplete', 'postal-code')
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual(['Please choose your address.'])
  expect(postcodeLookup()).toHaveAccessibleDescription(
    'For example, M1 1AE Error: Please choose your address.',
  )
  await waitFor(() => expect(postcodeLookup()).toHaveFocus())
  await expectNoAxeViolations(container)
})

test('a postcode finds its addresses; the one chosen fills the entry and Continue goes on', async () => {
  const fetchMock = stubLookup(foundAt)
  givenState('carfinance')
  const { container, location } = renderEntry(1)
  await findAddresses('m11ae')

  const dropdown = await screen.findByRole('combobox', { name: 'Address' })
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/address?postcode=M1%201AE')
  expect(screen.getByRole('status')).toHaveTextContent('3 addresses found for M1 1AE.')
  expect(postcodeLookup()).toHaveValue('M1 1AE')
  await waitFor(() => expect(dropdown).toHaveFocus())
  expect([...dropdown.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
    'Please choose an address',
    '2 Canal Street, Manchester',
    'Wharf House, 12 Canal Street, Manchester',
    'Flat 1, Wharf House, 12 Canal Street, Manchester',
  ])

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual(['Please choose your address.'])
  expect(dropdown).toHaveAccessibleDescription('Error: Please choose your address.')
  await expectNoAxeViolations(container)

  await userEvent.selectOptions(dropdown, 'Flat 1, Wharf House, 12 Canal Street, Manchester')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const { form, savedAddresses } = getApplication()
  expect(form.addresses[0]).toEqual({
    ...emptyAddress(),
    subBuilding: 'Flat 1',
    flatNumber: '1',
    buildingName: 'Wharf House',
    buildingNumber: '12',
    houseName: 'Wharf House',
    houseNumber: '12',
    street: 'Canal Street',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M1 1AE',
  } satisfies Address)
  expect(savedAddresses).toEqual([
    {
      manual: false,
      streetAddress: 'Flat 1, Wharf House, 12 Canal Street, Manchester',
      value: 'M1 1AE',
    },
  ])
  expect(form.addressLocationCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe('/address-length/1')
})

test('a postcode with no addresses says so and opens manual entry with the postcode filled in', async () => {
  stubLookup((postcode) => json({ postcode, addresses: [] }))
  givenState('carfinance')
  const { container, location } = renderEntry(1)
  await findAddresses('M1 9ZZ')

  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'We could not find any addresses for M1 9ZZ. Check the postcode or enter the address manually.',
    ),
  )
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
  expect(manualEntry().getByRole('textbox', { name: 'Postcode' })).toHaveValue('M1 9ZZ')
  expect(screen.getAllByRole('textbox', { name: 'Postcode' })).toHaveLength(1)
  // The Find address button pressed has gone with the lookup: focus goes to the fields that came.
  await waitFor(() =>
    expect(
      manualEntry().getByRole('textbox', { name: 'Flat, apartment or unit (optional)' }),
    ).toHaveFocus(),
  )
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual([
    'Please enter your house number or name.',
    'Please enter your street.',
    'Please enter your town or city.',
  ])
  expect(manualEntry().getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription(
    'Error: Please enter your street.',
  )
  await expectNoAxeViolations(container)

  await userEvent.type(manualEntry().getByRole('textbox', { name: 'House number or name' }), '7B')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Street' }), 'New Wharf Road')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Town or city' }), 'Manchester')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.addresses[0]).toMatchObject({
    houseNumber: '7B',
    buildingNumber: '7B',
    houseName: '',
    street: 'New Wharf Road',
    town: 'Manchester',
    postcode: 'M1 9ZZ',
  })
  expect(getApplication().savedAddresses[0]).toMatchObject({ manual: true, value: 'M1 9ZZ' })
  expect(location.history?.at(-1)).toBe('/address-length/1')
})

test.each([
  ['the service is down', () => json({ error: 'Address lookup unavailable' }, 503)],
  ['too many lookups', () => json({ error: 'Too Many Requests' }, 429)],
  ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
])('when %s the lookup says so and opens manual entry', async (_name, answer) => {
  stubLookup(answer)
  givenState('carfinance')
  renderEntry(1)
  await findAddresses('M1 1AE')

  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'We could not look up addresses just now. Enter the address manually.',
    ),
  )
  expect(manualEntry().getByRole('textbox', { name: 'House number or name' })).toHaveAttribute(
    'autocomplete',
    'address-line1',
  )
  expect(manualEntry().getByRole('textbox', { name: 'Postcode' })).toHaveValue('M1 1AE')
})

test.each([
  ['', 'Please enter your postcode.'],
  ['M1', 'Please enter a valid UK postcode.'],
  ['QA1 1AA', 'Please enter a valid UK postcode.'],
])('the postcode "%s" is refused with "%s" before any request', async (postcode, message) => {
  const fetchMock = stubLookup(foundAt)
  givenState('carfinance')
  const { container } = renderEntry(1)
  if (postcode) await userEvent.type(postcodeLookup(), postcode)
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))

  expect(postcodeLookup()).toHaveAccessibleDescription(`For example, M1 1AE Error: ${message}`)
  await waitFor(() => expect(postcodeLookup()).toHaveFocus())
  expect(fetchMock).not.toHaveBeenCalled()
  // The refusal is in the error summary too, linked to the postcode, and the title says so.
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => [a.textContent, a.hash])).toEqual([
    [message, `#${postcodeLookup().id}`],
  ])
  await expectNoAxeViolations(container)
})

test('Enter in the postcode looks it up instead of continuing', async () => {
  const fetchMock = stubLookup(foundAt)
  givenState('carfinance')
  const { location } = renderEntry(1)
  await userEvent.type(postcodeLookup(), 'M1 1AE{Enter}')
  expect(await screen.findByRole('combobox', { name: 'Address' })).toBeVisible()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(location.history).toEqual(['/address/1'])
})

test('"Enter the address manually" opens the fields in place of the lookup: one postcode, a flat field', async () => {
  const fetchMock = stubLookup(foundAt)
  givenState('carfinance')
  const { container } = renderEntry(1)
  await userEvent.click(screen.getByRole('button', { name: 'Enter the address manually' }))

  const flat = manualEntry().getByRole('textbox', { name: 'Flat, apartment or unit (optional)' })
  await waitFor(() => expect(flat).toHaveFocus())
  expect(
    [
      'Flat, apartment or unit (optional)',
      'House number or name',
      'Street',
      'Town or city',
      'County (optional)',
      'Postcode',
    ].map((name) => manualEntry().getByRole('textbox', { name }).getAttribute('autocomplete')),
  ).toEqual([
    'address-line3',
    'address-line1',
    'address-line2',
    'address-level2',
    'address-level1',
    'postal-code',
  ])
  // The lookup's postcode and button give way: one "Postcode" on the page.
  expect(screen.getAllByRole('textbox', { name: 'Postcode' })).toHaveLength(1)
  expect(screen.queryByRole('button', { name: 'Find address' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Enter the address manually' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Find the address by postcode instead' })).toBeVisible()
  await expectNoAxeViolations(container)

  await userEvent.type(flat, 'Flat 2')
  const houseNumber = manualEntry().getByRole('textbox', { name: 'House number or name' })
  await userEvent.type(houseNumber, 'Rose Cottage')
  await userEvent.type(manualEntry().getByRole('textbox', { name: 'Postcode' }), 'ls14dy')
  await userEvent.tab()
  expect(manualEntry().getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS1 4DY')
  expect(getApplication().form.addresses[0]).toMatchObject({
    subBuilding: 'Flat 2',
    flatNumber: '',
    houseName: 'Rose Cottage',
    buildingName: 'Rose Cottage',
    houseNumber: '',
    postcode: 'LS1 4DY',
  })
  expect(fetchMock).not.toHaveBeenCalled()
})

test('a chosen address opened for editing by hand shows all its parts, and the lookup can come back', async () => {
  stubLookup(foundAt)
  givenState('carfinance')
  renderEntry(1)
  await findAddresses('M1 1AE')
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Address' }),
    'Flat 1, Wharf House, 12 Canal Street, Manchester',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Enter the address manually' }))

  const flat = manualEntry().getByRole('textbox', { name: 'Flat, apartment or unit (optional)' })
  const houseNumber = manualEntry().getByRole('textbox', { name: 'House number or name' })
  expect(flat).toHaveValue('Flat 1')
  expect(houseNumber).toHaveValue('Wharf House, 12')
  expect(manualEntry().getByRole('textbox', { name: 'Street' })).toHaveValue('Canal Street')
  expect(manualEntry().getByRole('textbox', { name: 'Postcode' })).toHaveValue('M1 1AE')
  await userEvent.clear(houseNumber)
  await userEvent.type(houseNumber, '14')
  expect(getApplication().form.addresses[0]).toMatchObject({
    subBuilding: 'Flat 1',
    buildingName: '',
    houseName: '',
    buildingNumber: '14',
    houseNumber: '14',
    street: 'Canal Street',
  })
  await userEvent.clear(flat)
  await userEvent.type(flat, 'Flat 9')
  // A typed flat lets go of the lookup's flat number, which would contradict it.
  expect(getApplication().form.addresses[0]).toMatchObject({
    subBuilding: 'Flat 9',
    flatNumber: '',
  })
  expect(getApplication().savedAddresses[0]?.manual).toBe(true)

  // Back to the lookup: the list found before is there; choosing from it puts the lookup's
  // address back and closes the fields.
  await userEvent.click(
    screen.getByRole('button', { name: 'Find the address by postcode instead' }),
  )
  await waitFor(() => expect(postcodeLookup()).toHaveFocus())
  expect(postcodeLookup()).toHaveValue('M1 1AE')
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Address' }),
    '2 Canal Street, Manchester',
  )
  expect(screen.queryByRole('group', { name: 'Address' })).toBeNull()
  expect(getApplication().form.addresses[0]).toMatchObject({ houseNumber: '2', subBuilding: '' })
  expect(getApplication().savedAddresses[0]?.manual).toBe(false)
})

test('a previous address shows the history so far under its own heading', async () => {
  givenState('carfinance', (state) => {
    state.form.addresses = [
      {
        ...emptyAddress(),
        town: 'Leeds',
        postcode: 'LS1 4DY',
        yearsAtAddress: 2,
        monthsAtAddress: 4,
      },
    ]
  })
  renderEntry(2)
  expect(
    screen.getByRole('heading', { level: 1, name: 'What was your previous address?' }),
  ).toBeVisible()
  expect(screen.getByText('2 years 4 months so far; we need 3 years')).toBeVisible()
  await waitFor(() => expect(getApplication().form.addresses).toHaveLength(2))
})

test('Previous after choosing, and a reload, keep the list and the choice without asking again', async () => {
  const fetchMock = stubLookup(foundAt)
  givenState('carfinance', answerEarlierSteps)
  const first = renderApp('/address/1')
  await screen.findByRole('heading', { name: 'What is your address?' })
  await findAddresses('M1 1AE')
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Address' }),
    'Wharf House, 12 Canal Street, Manchester',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('heading', { name: 'How long have you lived at this address?' })

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
  const dropdown = await screen.findByRole('combobox', { name: 'Address' })
  expect(dropdown).toHaveDisplayValue('Wharf House, 12 Canal Street, Manchester')
  expect(postcodeLookup()).toHaveValue('M1 1AE')
  expect(first.location.history?.at(-1)).toBe('/address/1')
  first.unmount()

  // A reload: the state and the lists kept in session storage are all there is.
  renderApp('/address/1')
  expect(await screen.findByRole('combobox', { name: 'Address' })).toHaveDisplayValue(
    'Wharf House, 12 Canal Street, Manchester',
  )
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('a new postcode looked up lets go of the earlier choice', async () => {
  stubLookup((postcode) =>
    postcode === 'M1 1AE'
      ? foundAt(postcode)
      : json({
          postcode,
          addresses: [item('2', '1 Park Row, Leeds', { town: 'Leeds', postcode })],
        }),
  )
  givenState('carfinance')
  renderEntry(1)
  await findAddresses('M1 1AE')
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Address' }),
    '2 Canal Street, Manchester',
  )
  await findAddresses('LS1 4DY')
  await screen.findByRole('option', { name: '1 Park Row, Leeds' })
  expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('')
  expect(getApplication().form.addresses[0]).toMatchObject({ town: '', postcode: '' })
  expect(getApplication().savedAddresses[0]).toEqual({
    manual: false,
    streetAddress: '',
    value: 'LS1 4DY',
  })
})

test('the address loop: 1 year at the first address asks for the one before', async () => {
  stubLookup(foundAt)
  givenState('carfinance', answerEarlierSteps)
  const { location } = renderApp('/address/1')
  await screen.findByRole('heading', { name: 'What is your address?' })
  await findAddresses('M1 1AE')
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Address' }),
    '2 Canal Street, Manchester',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  await screen.findByRole('heading', { name: 'How long have you lived at this address?' })
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '1')
  await waitFor(() =>
    expect(
      screen.getByRole('group', { name: 'How long have you lived at this address?' }),
    ).toHaveAccessibleDescription('1 year so far; we need 3 years'),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  await screen.findByRole('heading', { name: 'What is your residential status at this address?' })
  expect(location.history?.at(-1)).toBe('/residential-status/1')
  await userEvent.click(screen.getByRole('radio', { name: 'Private tenant' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  await screen.findByRole('heading', { name: 'What was your previous address?' })
  expect(location.history?.at(-1)).toBe('/address/2')
  expect(screen.getByText('1 year so far; we need 3 years')).toBeVisible()
  expect(getApplication().form.addresses[0]).toMatchObject({
    houseNumber: '2',
    yearsAtAddress: 1,
    residentialStatus: 'Private tenant',
  })
  expect(getApplication().form.addressStatusCompleted).toBe(true)
})
