import { expect, test } from 'vitest'
import type { AddressParts } from '@forecourt/domain/address/address-lookup-item'
import { compareAddresses, naturalCompare } from '../src/address/natural-compare'

const sorted = (values: string[]) => [...values].sort(naturalCompare)
// Every order the inputs could arrive in must give the same answer.
const reversedAndShuffled = <T>(values: T[]): T[][] => [
  [...values].reverse(),
  [...values.slice(1), ...values.slice(0, 1)],
  [...values.slice(2, 3), ...values.filter((_, index) => index !== 2)],
]

test('numbers by value, a suffix after its number, flats after numbers', () => {
  const expected = ['2 High St', '10 High St', '10A High St', 'Flat 1, 10 High St']
  for (const input of reversedAndShuffled(expected)) expect(sorted(input)).toEqual(expected)
})

test.each([
  ['2 High St', '10 High St'],
  ['10 High St', '10A High St'],
  ['10A High St', '10B High St'],
  ['10A High St', 'Flat 1, 10 High St'],
  ['9 High St', '10 High St'],
  ['99 High St', '100 High St'],
  ['Flat 2', 'Flat 10'],
  ['Flat 9, 14 High St', 'Flat 10, 14 High St'],
  ['Flat 0/2', 'Flat 1/1'],
  ['Flat 1F2', 'Flat 2F1'],
  ['Apartment 1', 'Flat 1'],
  ['First Floor Flat', 'Ground Floor Flat'],
  ['High St', 'High Street'],
  ['acacia avenue', 'Beech Road'],
  ['Ty Gwyn', 'Tŷ Newydd'],
  ['', '1'],
  ['1', 'A'],
  ['12345678901234567890', '123456789012345678901'],
])('%s sorts before %s', (first, second) => {
  expect(naturalCompare(first, second)).toBeLessThan(0)
  expect(naturalCompare(second, first)).toBeGreaterThan(0)
})

test('strings differing only in case, accents or leading zeros still get one fixed order', () => {
  for (const [a, b] of [
    ['Rose Cottage', 'rose cottage'],
    ['Tŷ Gwyn', 'Ty Gwyn'],
    ['Flat 01', 'Flat 1'],
  ] as const) {
    const order = naturalCompare(a, b)
    expect(order).not.toBe(0)
    expect(naturalCompare(b, a)).toBe(-order)
  }
  expect(naturalCompare('10 High St', '10 High St')).toBe(0)
})

const address = (parts: Partial<AddressParts>): AddressParts => ({
  udprn: '10000000',
  subBuilding: '',
  buildingName: '',
  buildingNumber: '',
  street: 'High Street',
  locality: '',
  town: 'Leeds',
  county: '',
  postcode: 'LS1 4DY',
  ...parts,
})

const label = (parts: AddressParts) =>
  [parts.subBuilding, parts.buildingName, parts.buildingNumber, parts.street]
    .filter(Boolean)
    .join(' | ')

test('flats follow their own building, before the next number (decision 0902)', () => {
  const expected = [
    address({ buildingNumber: '2' }),
    address({ buildingNumber: '10' }),
    address({ buildingNumber: '10', subBuilding: 'Flat 1' }),
    address({ buildingNumber: '10', subBuilding: 'Flat 2' }),
    address({ buildingNumber: '10', subBuilding: 'Flat 10' }),
    address({ buildingNumber: '10A' }),
    address({ buildingNumber: '12', buildingName: 'Acacia House', subBuilding: 'Flat 1' }),
    address({ buildingNumber: '12', buildingName: 'Acacia House', subBuilding: 'Flat 9' }),
    address({ buildingName: 'Rose Cottage' }),
    address({ buildingName: 'The Coach House' }),
  ]
  for (const input of reversedAndShuffled(expected)) {
    expect(input.sort(compareAddresses).map(label)).toEqual(expected.map(label))
  }
})

test('a postcode that spans two streets lists each street in turn', () => {
  const expected = [
    address({ street: 'Beech Road', buildingNumber: '1' }),
    address({ street: 'Beech Road', buildingNumber: '3' }),
    address({ street: 'High Street', buildingNumber: '2' }),
    address({ street: 'High Street', buildingNumber: '4' }),
  ]
  for (const input of reversedAndShuffled(expected)) {
    expect(input.sort(compareAddresses).map(label)).toEqual(expected.map(label))
  }
})

test('otherwise identical addresses are ordered by UDPRN, so the order never varies', () => {
  const a = address({ udprn: '20000000', buildingName: 'Mill House' })
  const b = address({ udprn: '10000000', buildingName: 'Mill House' })
  expect([a, b].sort(compareAddresses)).toEqual([b, a])
})
