import { expect, test } from 'vitest'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import {
  describeAddress,
  fillFromLookup,
  findChosen,
  firstLine,
  flatLine,
  setFirstLine,
  setFlat,
  setStreet,
} from './address-entry'

const flat: AddressLookupItem = {
  udprn: '10000013',
  Address: 'Flat 1, Wharf House, 12 Canal Street, Ancoats, Manchester',
  subBuilding: 'Flat 1',
  flatNumber: '1',
  buildingName: 'Wharf House',
  buildingNumber: '12',
  houseName: 'Wharf House',
  houseNumber: '12',
  street: 'Canal Street',
  locality: 'Ancoats',
  town: 'Manchester',
  county: 'Greater Manchester',
  postcode: 'M1 1AE',
}

const filled = (found: AddressLookupItem): Address => {
  const address = { ...emptyAddress(), yearsAtAddress: 3, residentialStatus: 'Private tenant' }
  fillFromLookup(address, found)
  return address
}

test('a lookup result fills every address line and leaves the time and status alone', () => {
  expect(filled(flat)).toEqual({
    subBuilding: 'Flat 1',
    flatNumber: '1',
    buildingName: 'Wharf House',
    buildingNumber: '12',
    houseName: 'Wharf House',
    houseNumber: '12',
    street: 'Canal Street',
    locality: 'Ancoats',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M1 1AE',
    yearsAtAddress: 3,
    monthsAtAddress: null,
    residentialStatus: 'Private tenant',
  })
})

test.each([
  ['12', { houseNumber: '12', buildingNumber: '12', houseName: '', buildingName: '' }],
  ['10A', { houseNumber: '10A', buildingNumber: '10A', houseName: '', buildingName: '' }],
  ['14-16', { houseNumber: '14-16', buildingNumber: '14-16', houseName: '', buildingName: '' }],
  ['Rose Cottage', { houseName: 'Rose Cottage', buildingName: 'Rose Cottage', houseNumber: '' }],
  ['Flat 2, 12', { houseName: 'Flat 2, 12', houseNumber: '' }],
  ['12 ', { houseNumber: '12 ', houseName: '' }],
  ['', { houseNumber: '', houseName: '' }],
])('the first line "%s" replaces the building parts and reads back as typed', (text, parts) => {
  const address = filled(flat)
  setFirstLine(address, text)
  expect(address).toMatchObject(parts)
  expect(firstLine(address)).toBe(text)
  // The flat has a field of its own and is left as it was.
  expect(address).toMatchObject({ subBuilding: 'Flat 1', flatNumber: '1' })
})

test('the first line of a looked-up address shows its building name and number; the flat its own', () => {
  expect(firstLine(filled(flat))).toBe('Wharf House, 12')
  expect(flatLine(filled(flat))).toBe('Flat 1')
  expect(flatLine({ ...filled(flat), subBuilding: '' })).toBe('Flat 1')
})

test.each([
  ['Flat 9', { subBuilding: 'Flat 9', flatNumber: '' }],
  ['Flat ', { subBuilding: 'Flat ', flatNumber: '' }],
  ['', { subBuilding: '', flatNumber: '' }],
])('the flat "%s" replaces the sub-building and the flat number', (text, parts) => {
  const address = filled(flat)
  setFlat(address, text)
  expect(address).toMatchObject({ ...parts, houseName: 'Wharf House', houseNumber: '12' })
  expect(flatLine(address)).toBe(text)
})

test('a typed street lets go of the locality that came with the looked-up one', () => {
  const address = filled(flat)
  setStreet(address, 'Canal St')
  expect(address).toMatchObject({ street: 'Canal St', locality: '' })
})

test.each([
  [filled(flat), 'Flat 1, Wharf House, 12 Canal Street, Ancoats, Manchester, M1 1AE'],
  [
    { ...emptyAddress(), houseNumber: '7', street: 'Park Row', town: 'Leeds', postcode: 'ls14dy' },
    '7 Park Row, Leeds, LS1 4DY',
  ],
  [
    { ...emptyAddress(), houseName: 'Tŷ Gwyn', locality: 'Llanrug', town: 'Caernarfon' },
    'Tŷ Gwyn, Llanrug, Caernarfon',
  ],
  [
    {
      ...emptyAddress(),
      flatNumber: '1',
      houseNumber: '10',
      street: 'Acacia Avenue',
      town: 'Leeds',
    },
    'Flat 1, 10 Acacia Avenue, Leeds',
  ],
  [emptyAddress(), ''],
])('an address is described on one line', (address, line) => {
  expect(describeAddress(address)).toBe(line)
})

test('the chosen result is found by its address, whatever the case and spacing of the postcode', () => {
  const house = { ...flat, udprn: '10000012', subBuilding: '', flatNumber: '', Address: 'x' }
  const address = { ...filled(flat), postcode: 'm11ae' }
  expect(findChosen([house, flat], address)?.udprn).toBe('10000013')
  expect(findChosen([house], address)).toBeUndefined()
})
