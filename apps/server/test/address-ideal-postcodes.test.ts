import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { AddressLookupUnavailableError } from '../src/address/address-provider'
import { createIdealPostcodesProvider, tidyCase } from '../src/address/ideal-postcodes-provider'
import { FAKE_POSTCODES, startFakePostcodeApi, type FakePostcodeApi } from './fake-postcode-api'

const API_KEY = 'ak_test_canary_9f8e7d6c'

let fake: FakePostcodeApi
beforeAll(async () => {
  fake = await startFakePostcodeApi({ apiKey: API_KEY, postcodes: FAKE_POSTCODES })
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => {
  fake.behaviour = 'normal'
  fake.requests.length = 0
})

const provider = (overrides: { apiKey?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  createIdealPostcodesProvider({
    apiKey: API_KEY,
    baseUrl: fake.url,
    timeoutMs: 3000,
    ...overrides,
  })

/** The rejection, checked to be the "unavailable" kind and to carry neither key nor postcode. */
async function unavailable(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AddressLookupUnavailableError)
  const message = (error as Error).message
  expect(message).not.toContain(API_KEY)
  expect(message).not.toMatch(/SW1A|NE1/)
  return message
}

test('found: the vendor records become lookup items with the state field names', async () => {
  const items = await provider().lookup('SW1A 2AA')
  expect(items).toHaveLength(5)
  expect(items.find((item) => item.udprn === '23747771')).toEqual<AddressLookupItem>({
    udprn: '23747771',
    Address: 'Flat 2, 10 Example Street, London',
    subBuilding: 'Flat 2',
    flatNumber: '2',
    buildingName: '',
    buildingNumber: '10',
    houseName: '',
    houseNumber: '10',
    street: 'Example Street',
    locality: '',
    town: 'London',
    county: '',
    postcode: 'SW1A 2AA',
  })
})

test('the key and the compact postcode are sent to /v1/postcodes/{postcode}', async () => {
  await provider().lookup('sw1a 2aa')
  expect(fake.requests).toEqual([{ path: '/v1/postcodes/SW1A2AA', apiKey: API_KEY }])
})

test('a base address with a path keeps its path', async () => {
  await provider({ baseUrl: `${fake.url}/proxy/` })
    .lookup('SW1A 2AA')
    .catch(() => undefined)
  expect(fake.requests[0]?.path).toBe('/proxy/v1/postcodes/SW1A2AA')
})

test('a number with a suffix, kept by PAF as a building name, becomes the building number', async () => {
  const items = await provider().lookup('SW1A 2AA')
  const tenA = items.find((item) => item.udprn === '23747772')
  expect(tenA).toMatchObject({ buildingNumber: '10A', buildingName: '', houseNumber: '10A' })
  expect(tenA?.Address).toBe('10A Example Street, London')
})

test('dependent streets and localities, either spelling, and capitals made readable', async () => {
  const [lodge, chandlers, ...rest] = await provider().lookup('NE1 1EE')
  expect(lodge).toMatchObject({
    udprn: '8765432',
    buildingName: 'Quayside Lodge',
    street: 'Keel Row, Sandhill',
    locality: 'Quayside',
    town: 'Newcastle upon Tyne',
    county: 'Tyne and Wear',
    Address: 'Quayside Lodge, Keel Row, Sandhill, Quayside, Newcastle upon Tyne',
  })
  // A business with no building name or number is told apart by its organisation name.
  expect(chandlers?.Address).toBe('Example Chandlers Ltd, Sandhill, Newcastle upon Tyne')
  // The record without a UDPRN is left out.
  expect(rest).toEqual([])
})

test('4040 postcode not found gives an empty list', async () => {
  expect(await provider().lookup('M1 9ZZ')).toEqual([])
})

test('an invalid postcode gives an empty list without calling the vendor', async () => {
  expect(await provider().lookup('NOT A POSTCODE')).toEqual([])
  expect(fake.requests).toEqual([])
})

test('401 for a bad key is "unavailable", and the message holds neither key nor postcode', async () => {
  const message = await unavailable(provider({ apiKey: 'ak_wrong_key' }).lookup('SW1A 2AA'))
  expect(message).toBe('postcode API answered HTTP 401 (code 4010)')
})

test.each([
  ['server-error', 'postcode API answered HTTP 500 (code 5000)'],
  ['not-json', 'postcode API answered 200 without a result list'],
  ['no-result', 'postcode API answered 200 without a result list'],
  ['bare-404', 'postcode API answered HTTP 404'],
] as const)('a vendor answering %s is "unavailable"', async (behaviour, expected) => {
  fake.behaviour = behaviour
  expect(await unavailable(provider().lookup('SW1A 2AA'))).toBe(expected)
})

test.each(['stall', 'stall-body'] as const)(
  'a vendor that does not finish (%s) is "unavailable" once the timeout passes',
  async (behaviour) => {
    fake.behaviour = behaviour
    const started = performance.now()
    const message = await unavailable(provider({ timeoutMs: 200 }).lookup('SW1A 2AA'))
    expect(message).toBe('postcode API did not answer within 200 ms')
    expect(performance.now() - started).toBeLessThan(1500)
  },
)

test('an unreachable vendor is "unavailable", with the reason but not the address', async () => {
  const closed = await startFakePostcodeApi({ apiKey: API_KEY, postcodes: {} })
  await closed.close()
  const message = await unavailable(provider({ baseUrl: closed.url }).lookup('SW1A 2AA'))
  expect(message).toBe('postcode API unreachable (ECONNREFUSED)')
})

test.each([
  ['LONDON', 'London'],
  ['NEWCASTLE UPON TYNE', 'Newcastle upon Tyne'],
  ['STOKE-ON-TRENT', 'Stoke-on-Trent'],
  ['BETWS-Y-COED', 'Betws-y-Coed'],
  ['WESTON-SUPER-MARE', 'Weston-super-Mare'],
  ['THE OLD FORGE', 'The Old Forge'],
  ['FLAT 1F2', 'Flat 1F2'],
  ['Isle of Wight', 'Isle of Wight'],
  ['St. Albans', 'St. Albans'],
  ['', ''],
])('%j reads as %j', (input, expected) => {
  expect(tidyCase(input)).toBe(expected)
})
