import { expect, test } from 'vitest'
import { emptyAddress, type Address } from '../state/application-state'
import { addressLines, addressOnOneLine, subBuildingLine } from './address-lines'

const address = (parts: Partial<Address>): Address => ({ ...emptyAddress(), ...parts })

test.each<[string, Partial<Address>, string[]]>([
  [
    'a flat found by postcode shares its line with the building number and street',
    {
      subBuilding: 'Flat 1',
      flatNumber: '1',
      buildingNumber: '10',
      houseNumber: '10',
      street: 'Acacia Avenue',
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: 'M1 1AE',
    },
    ['Flat 1, 10 Acacia Avenue', 'Manchester', 'Greater Manchester', 'M1 1AE'],
  ],
  [
    'a flat number alone reads as "Flat n", never as a bare number',
    { flatNumber: '1', houseNumber: '10', street: 'Acacia Avenue', town: 'Manchester' },
    ['Flat 1, 10 Acacia Avenue', 'Manchester'],
  ],
  [
    'a flat in a named building',
    {
      subBuilding: 'Flat 3',
      houseName: 'The Old Mill',
      houseNumber: '12',
      street: 'High Street',
      town: 'Bath',
      postcode: 'ba11aa',
    },
    ['Flat 3, The Old Mill', '12 High Street', 'Bath', 'BA1 1AA'],
  ],
  [
    'a Glasgow tenement flat keeps its own form',
    { subBuilding: '0/1', buildingNumber: '25', street: 'Dumbarton Road', town: 'Glasgow' },
    ['0/1, 25 Dumbarton Road', 'Glasgow'],
  ],
  [
    'a manual address keeps the case it was typed in, trimmed; the postcode is tidied',
    {
      subBuilding: ' flat 2 ',
      houseNumber: '10 ',
      street: ' acacia avenue',
      town: 'leeds ',
      county: '  ',
      postcode: ' ls14dy ',
    },
    ['flat 2, 10 acacia avenue', 'leeds', 'LS1 4DY'],
  ],
  [
    'a named house with a locality',
    { houseName: 'Tŷ Gwyn', locality: 'Llanrug', town: 'Caernarfon', postcode: 'LL55 3PE' },
    ['Tŷ Gwyn', 'Llanrug', 'Caernarfon', 'LL55 3PE'],
  ],
  ['nothing at all', {}, []],
])('%s', (_, parts, lines) => {
  expect(addressLines(address(parts))).toEqual(lines)
})

test('on one line the county is left out', () => {
  expect(
    addressOnOneLine(
      address({
        subBuilding: 'Flat 1',
        houseNumber: '10',
        street: 'Acacia Avenue',
        town: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'ls14dy',
      }),
    ),
  ).toBe('Flat 1, 10 Acacia Avenue, Leeds, LS1 4DY')
})

test.each([
  ['Flat 1', '1', 'Flat 1'],
  ['', '1', 'Flat 1'],
  ['', '12B', 'Flat 12B'],
  ['', 'Flat 2', 'Flat 2'],
  ['', 'Basement', 'Basement'],
  ['', '', ''],
])('sub-building %j with flat number %j reads %j', (subBuilding, flatNumber, line) => {
  expect(subBuildingLine({ subBuilding, flatNumber })).toBe(line)
})
