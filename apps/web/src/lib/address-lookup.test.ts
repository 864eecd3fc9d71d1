import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { afterEach, expect, test, vi } from 'vitest'
import { lookupAddresses, rememberedAddresses } from './address-lookup'

afterEach(() => {
  vi.unstubAllGlobals()
})

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

const acacia: AddressLookupItem = {
  udprn: '10000001',
  Address: 'Flat 1, 10 Acacia Avenue, Manchester',
  subBuilding: 'Flat 1',
  flatNumber: '1',
  buildingName: '',
  buildingNumber: '10',
  houseName: '',
  houseNumber: '10',
  street: 'Acacia Avenue',
  locality: '',
  town: 'Manchester',
  county: 'Greater Manchester',
  postcode: 'M1 1AE',
}

test('the postcode is sent normalised and the addresses come back with every field', async () => {
  const fetchMock = stubFetch(() => json({ postcode: 'M1 1AE', addresses: [acacia] }))
  await expect(lookupAddresses(' m11ae ')).resolves.toEqual({
    status: 'found',
    postcode: 'M1 1AE',
    addresses: [acacia],
  })
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/address?postcode=M1%201AE')
})

test('a list found is kept for the session, under the normalised postcode', async () => {
  stubFetch(() => json({ postcode: 'M1 1AE', addresses: [acacia] }))
  expect(rememberedAddresses('M1 1AE')).toBeUndefined()
  await lookupAddresses('M1 1AE')
  expect(rememberedAddresses('m1 1ae')).toEqual([acacia])
  expect(rememberedAddresses('LS1 4DY')).toBeUndefined()
})

test('only the last ten lists are kept', async () => {
  const postcodes = ['M1 1AE', 'M1 2HF', 'M1 3BB', 'LS1 4DY', 'LS1 2HE', 'LS1 5AB']
  const more = ['B1 1BB', 'B1 2JP', 'B1 3HN', 'G1 1XQ', 'G1 2FF']
  for (const postcode of [...postcodes, ...more]) {
    stubFetch(() => json({ postcode, addresses: [{ ...acacia, postcode }] }))
    await lookupAddresses(postcode)
  }
  expect(rememberedAddresses('M1 1AE')).toBeUndefined()
  expect(rememberedAddresses('M1 2HF')?.[0]?.postcode).toBe('M1 2HF')
  expect(rememberedAddresses('G1 2FF')?.[0]?.postcode).toBe('G1 2FF')
})

test('missing text fields become empty strings', async () => {
  stubFetch(() =>
    json({ postcode: 'M1 1AE', addresses: [{ udprn: '1', Address: 'Mill House, Manchester' }] }),
  )
  const answer = await lookupAddresses('M1 1AE')
  expect(answer.status === 'found' && answer.addresses[0]).toEqual({
    udprn: '1',
    Address: 'Mill House, Manchester',
    subBuilding: '',
    flatNumber: '',
    buildingName: '',
    buildingNumber: '',
    houseName: '',
    houseNumber: '',
    street: '',
    locality: '',
    town: '',
    county: '',
    postcode: '',
  })
})

test.each([
  ['no address at the postcode', () => json({ postcode: 'M1 9ZZ', addresses: [] }), 'none'],
  ['a refused postcode', () => json({ error: 'Invalid postcode', message: 'x' }, 400), 'invalid'],
  ['too many lookups', () => json({ error: 'Too Many Requests' }, 429), 'unavailable'],
  ['the service down', () => json({ error: 'Address lookup unavailable' }, 503), 'unavailable'],
  ['an answer that is not a list', () => json({ postcode: 'M1 9ZZ' }), 'unavailable'],
  ['an item without its line', () => json({ addresses: [{ udprn: '1' }] }), 'unavailable'],
  ['a page that is not JSON', () => new Response('<html>', { status: 200 }), 'unavailable'],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'unavailable'],
] as const)('%s gives the answer "%s"', async (_name, answer, status) => {
  stubFetch(answer)
  await expect(lookupAddresses('M1 9ZZ')).resolves.toEqual({ status, postcode: 'M1 9ZZ' })
  expect(rememberedAddresses('M1 9ZZ')).toBeUndefined()
})

test('an invalid postcode is refused without a request', async () => {
  const fetchMock = stubFetch(() => json({}))
  await expect(lookupAddresses('qa11aa')).resolves.toEqual({
    status: 'invalid',
    postcode: 'QA1 1AA',
  })
  expect(fetchMock).not.toHaveBeenCalled()
})
