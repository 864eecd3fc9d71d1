import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import SecurityAddressAddScreen from './security-address-add-screen'

const forge: AddressLookupItem = {
  udprn: '20000001',
  Address: 'The Old Forge, Mill Lane, Bramhope, Leeds',
  subBuilding: '',
  flatNumber: '',
  buildingName: 'The Old Forge',
  buildingNumber: '',
  houseName: 'The Old Forge',
  houseNumber: '',
  street: 'Mill Lane',
  locality: 'Bramhope',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS16 9AA',
}

function stubLookup(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const onPropertyElsewhere = () =>
  givenState('harbourlend', (state) => {
    state.form.loanPurposeType = 'property'
    state.form.isSecurityCurrentAddress = false
  })

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

const postcodeLookup = () => screen.getAllByRole('textbox', { name: 'Postcode' })[0]!

test('Continue with nothing entered asks for the address, who lives there and the time owned', async () => {
  onPropertyElsewhere()
  const { container } = renderInMain(<SecurityAddressAddScreen />, '/security-address-add')
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is the address of the property?' }),
  ).toBeVisible()
  // Not the applicant's home: the browser must not offer their own address here.
  expect(postcodeLookup()).toHaveAttribute('autocomplete', 'off')
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual([
    'Please choose your address.',
    'Please choose an option to continue.',
    'Please answer this question.',
  ])
  expect(postcodeLookup()).toHaveAccessibleDescription(
    'For example, M1 1AE Error: Please choose your address.',
  )
  expect(
    screen.getByRole('group', { name: 'Who lives at the property?' }),
  ).toHaveAccessibleDescription(
    'Lenders treat a property that is let differently from one your family lives in. Error: Please choose an option to continue.',
  )
  expect(
    screen.getByRole('group', { name: 'How long have you owned it?' }),
  ).toHaveAccessibleDescription('Error: Please answer this question.')
  await waitFor(() => expect(postcodeLookup()).toHaveFocus())
  await expectNoAxeViolations(container)
})

test('an address found and chosen, owned for up to 50 years, then the next question', async () => {
  const fetchMock = stubLookup(
    () => new Response(JSON.stringify({ postcode: 'LS16 9AA', addresses: [forge] })),
  )
  onPropertyElsewhere()
  const { location } = renderInMain(<SecurityAddressAddScreen />, '/security-address-add')
  await userEvent.type(postcodeLookup(), 'ls169aa')
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))
  await userEvent.selectOptions(
    await screen.findByRole('combobox', { name: 'Address' }),
    'The Old Forge, Mill Lane, Bramhope, Leeds',
  )
  await userEvent.click(screen.getByRole('radio', { name: 'It is let to tenants' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '60')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '13')
  await waitFor(() =>
    expect(getApplication().form.securityAddress).toMatchObject({
      yearsAtAddress: 50,
      monthsAtAddress: 11,
    }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(fetchMock.mock.calls[0]![0]).toBe('/api/address?postcode=LS16%209AA')
  expect(getApplication().form.securityAddress).toEqual({
    subBuilding: '',
    flatNumber: '',
    buildingName: 'The Old Forge',
    buildingNumber: '',
    houseName: 'The Old Forge',
    houseNumber: '',
    street: 'Mill Lane',
    locality: 'Bramhope',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS16 9AA',
    yearsAtAddress: 50,
    monthsAtAddress: 11,
    residentialStatus: 'Let to tenants',
    manual: false,
  })
  expect(location.history?.at(-1)).toBe('/own-other-properties')
})

test('a failed lookup opens manual entry, and an address typed by hand is marked manual', async () => {
  stubLookup(() => new Response('{"error":"Address lookup unavailable"}', { status: 503 }))
  onPropertyElsewhere()
  const { container, location } = renderInMain(
    <SecurityAddressAddScreen />,
    '/security-address-add',
  )
  await userEvent.type(postcodeLookup(), 'LS16 9AA')
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }))
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'We could not look up addresses just now. Enter the address manually.',
    ),
  )
  const manual = within(screen.getByRole('group', { name: 'Address' }))
  expect(manual.getByRole('textbox', { name: 'Street' })).toHaveAttribute('autocomplete', 'off')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual([
    'Please enter your house number or name.',
    'Please enter your street.',
    'Please enter your town or city.',
    'Please choose an option to continue.',
    'Please answer this question.',
  ])
  await expectNoAxeViolations(container)

  await userEvent.type(manual.getByRole('textbox', { name: 'House number or name' }), '4')
  await userEvent.type(manual.getByRole('textbox', { name: 'Street' }), 'Mill Lane')
  await userEvent.type(manual.getByRole('textbox', { name: 'Town or city' }), 'Leeds')
  await userEvent.click(screen.getByRole('radio', { name: 'A member of my family lives there' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '8')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.securityAddress).toMatchObject({
    manual: true,
    houseNumber: '4',
    street: 'Mill Lane',
    town: 'Leeds',
    postcode: 'LS16 9AA',
    yearsAtAddress: null,
    monthsAtAddress: 8,
    residentialStatus: 'Lived in by family',
  })
  expect(location.history?.at(-1)).toBe('/own-other-properties')
})

test('a home status copied by an earlier “Yes” is not taken as who lives at the property', async () => {
  givenState('harbourlend', (state) => {
    state.form.loanPurposeType = 'property'
    state.form.isSecurityCurrentAddress = false
    Object.assign(state.form.securityAddress, {
      manual: true,
      houseNumber: '4',
      street: 'Mill Lane',
      town: 'Leeds',
      postcode: 'LS16 9AA',
      yearsAtAddress: 3,
      residentialStatus: 'Homeowner with a mortgage',
    })
  })
  const { location } = renderInMain(<SecurityAddressAddScreen />, '/security-address-add')
  const group = screen.getByRole('group', { name: 'Who lives at the property?' })
  expect(
    within(group)
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).checked),
  ).toEqual([])
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(summaryLinks()).toEqual(['Please choose an option to continue.'])
  await userEvent.click(
    within(group).getByRole('radio', { name: 'Nobody lives there at the moment' }),
  )
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.securityAddress.residentialStatus).toBe('Empty')
  expect(location.history?.at(-1)).toBe('/own-other-properties')
})
