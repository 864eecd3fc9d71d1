import { readFile } from 'node:fs/promises'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { emptyAddress, type Address } from '@forecourt/domain/state/application-state'
import { expect, test } from 'vitest'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { toLookupItem } from '../src/address/address-provider'
import { buildDemoDataset, formattedDataset } from '../src/address/dataset/generate'
import {
  createEmbeddedAddressProvider,
  DEMO_DATASET_URL,
  loadDemoDataset,
} from '../src/address/embedded-address-provider'

const provider = createEmbeddedAddressProvider()
const dataset = loadDemoDataset()

// The fields of the application state's Address that a lookup can fill (the rest are the applicant's).
type FillableField = Exclude<
  keyof Address,
  'yearsAtAddress' | 'monthsAtAddress' | 'residentialStatus'
>
const STATE_FIELDS = Object.keys(emptyAddress()).filter(
  (key) => !['yearsAtAddress', 'monthsAtAddress', 'residentialStatus'].includes(key),
) as FillableField[]

const lines = (items: AddressLookupItem[]) => items.map((item) => item.Address)

test('a demo postcode gives its addresses, in natural order, flats after their building', async () => {
  expect(lines(await provider.lookup('M1 1AE'))).toEqual([
    '2 Acacia Avenue, Manchester',
    '4 Acacia Avenue, Manchester',
    '8 Acacia Avenue, Manchester',
    '10 Acacia Avenue, Manchester',
    'Flat 1, 10 Acacia Avenue, Manchester',
    'Flat 2, 10 Acacia Avenue, Manchester',
    '10A Acacia Avenue, Manchester',
    '12 Acacia Avenue, Manchester',
    'Flat 1, Acacia House, 14 Acacia Avenue, Manchester',
    'Flat 9, Acacia House, 14 Acacia Avenue, Manchester',
    'Flat 10, Acacia House, 14 Acacia Avenue, Manchester',
    'Rose Cottage, 16 Acacia Avenue, Manchester',
    'The Coach House, Acacia Avenue, Manchester',
  ])
})

test('an item carries the state address field names, ready to fill the form', async () => {
  const [flat] = (await provider.lookup('M1 1AE')).filter(
    (item) => item.Address === 'Flat 1, Acacia House, 14 Acacia Avenue, Manchester',
  )
  expect(flat).toEqual<AddressLookupItem>({
    udprn: expect.stringMatching(/^\d{8}$/) as unknown as string,
    Address: 'Flat 1, Acacia House, 14 Acacia Avenue, Manchester',
    subBuilding: 'Flat 1',
    flatNumber: '1',
    buildingName: 'Acacia House',
    buildingNumber: '14',
    houseName: 'Acacia House',
    houseNumber: '14',
    street: 'Acacia Avenue',
    locality: '',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M1 1AE',
  })
  // Checked by the compiler too: an item can stand in for the state's address fields.
  const fill: Pick<Address, FillableField> | undefined = flat
  expect(Object.keys(fill ?? {})).toEqual(expect.arrayContaining(STATE_FIELDS))
})

test.each([
  ['lower case without a space', 'm11ae'],
  ['extra spaces', '  M1   1AE '],
  ['mixed case', 'm1 1Ae'],
])('a postcode typed with %s finds the same addresses', async (_, typed) => {
  expect(await provider.lookup(typed)).toEqual(await provider.lookup('M1 1AE'))
})

test('a valid postcode with no demo addresses gives an empty list', async () => {
  expect(await provider.lookup('M1 9ZZ')).toEqual([])
  expect(await provider.lookup('SW1A 9ZZ')).toEqual([])
})

test.each([
  '',
  '   ',
  'M1',
  'NOT A POSTCODE',
  'QA1 1AA',
  'M1 1AE; DROP TABLE',
  'M1 1AE'.repeat(200),
])('an invalid postcode (%j) gives an empty list', async (value) => {
  expect(await provider.lookup(value)).toEqual([])
})

test('a caller changing the returned list does not change the next answer', async () => {
  const first = await provider.lookup('M1 1AE')
  first.length = 0
  expect(await provider.lookup('M1 1AE')).toHaveLength(13)
})

test('the dataset covers at least 12 real districts across the UK, three or more postcodes each', () => {
  const districts = new Map<string, number>()
  for (const { postcode } of dataset.postcodes) {
    const district = postcode.split(' ')[0] ?? ''
    districts.set(district, (districts.get(district) ?? 0) + 1)
  }
  expect(districts.size).toBeGreaterThanOrEqual(12)
  for (const district of [
    'SW1A',
    'M1',
    'LS1',
    'B1',
    'G1',
    'CF10',
    'EH1',
    'BS1',
    'NE1',
    'L1',
    'BT1',
    'NG1',
  ]) {
    expect(districts.get(district), district).toBeGreaterThanOrEqual(3)
  }
})

test('every demo postcode is valid, normalised, listed once, and holds 5 to 30 addresses', () => {
  const seen = new Set<string>()
  for (const entry of dataset.postcodes) {
    expect(isValidUkPostcode(entry.postcode), entry.postcode).toBe(true)
    expect(normalisePostcode(entry.postcode)).toBe(entry.postcode)
    expect(seen.has(entry.postcode), entry.postcode).toBe(false)
    seen.add(entry.postcode)
    expect(entry.addresses.length, entry.postcode).toBeGreaterThanOrEqual(5)
    expect(entry.addresses.length, entry.postcode).toBeLessThanOrEqual(30)
  }
  expect(seen.has('M1 9ZZ')).toBe(false)
})

test('every UDPRN is 8 digits and unique across the dataset', () => {
  const udprns = dataset.postcodes.flatMap((entry) => entry.addresses.map((a) => a.udprn))
  expect(udprns.every((udprn) => /^\d{8}$/.test(udprn))).toBe(true)
  expect(new Set(udprns).size).toBe(udprns.length)
})

test('every demo item has every state field as a string, and a line unique at its postcode', async () => {
  for (const { postcode } of dataset.postcodes) {
    const items = await provider.lookup(postcode)
    for (const item of items) {
      for (const field of [...STATE_FIELDS, 'udprn', 'Address'] as const) {
        expect(typeof item[field], `${item.udprn} ${field}`).toBe('string')
      }
      expect(item.postcode).toBe(postcode)
      expect(item.town).not.toBe('')
      expect(item.buildingName !== '' || item.buildingNumber !== '', item.Address).toBe(true)
    }
    expect(new Set(lines(items)).size, postcode).toBe(items.length)
  }
})

test('the dataset mixes plain numbers, suffixes, flats and named houses', () => {
  const all = dataset.postcodes.flatMap((entry) => entry.addresses)
  const count = (test: (a: (typeof all)[number]) => boolean) => all.filter(test).length
  expect(count((a) => /^\d+$/.test(a.buildingNumber ?? ''))).toBeGreaterThan(100)
  expect(count((a) => /^\d+[A-Z]$/.test(a.buildingNumber ?? ''))).toBeGreaterThan(10)
  expect(count((a) => /^(Flat|Apartment) /.test(a.subBuilding ?? ''))).toBeGreaterThan(100)
  expect(
    count((a) => a.buildingName !== undefined && a.buildingNumber === undefined),
  ).toBeGreaterThan(20)
})

test('the committed dataset is exactly what generate.ts writes', async () => {
  const committed = await readFile(DEMO_DATASET_URL, 'utf8')
  expect(committed).toBe(await formattedDataset(buildDemoDataset()))
})

test.each([
  [{ subBuilding: 'Flat 1' }, '1'],
  [{ subBuilding: 'Apartment 12' }, '12'],
  [{ subBuilding: 'Flat 0/1' }, '0/1'],
  [{ subBuilding: 'Flat 1F2' }, '1F2'],
  [{ subBuilding: 'Ground Floor Flat' }, ''],
  [{ subBuilding: '' }, ''],
])('the flat number of %j is %j', ({ subBuilding }, flatNumber) => {
  const item = toLookupItem({
    udprn: '12345678',
    buildingName: '',
    buildingNumber: '3',
    street: 'Mill Lane',
    locality: '',
    town: 'York',
    county: 'North Yorkshire',
    postcode: 'YO1 7HH',
    subBuilding,
  })
  expect(item.flatNumber).toBe(flatNumber)
})

test('the display line joins the parts that exist, in postal order, without the postcode', () => {
  const item = toLookupItem({
    udprn: '12345678',
    subBuilding: 'Flat 3',
    buildingName: 'Mill Court',
    buildingNumber: '7',
    street: 'Wool Lane',
    locality: 'Holbeck',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 2HE',
  })
  expect(item.Address).toBe('Flat 3, Mill Court, 7 Wool Lane, Holbeck, Leeds')
})
