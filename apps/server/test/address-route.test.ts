import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AddressLookupAnswer } from '../src/routes/api/address'
import { FAKE_POSTCODES, startFakePostcodeApi, type FakePostcodeApi } from './fake-postcode-api'
import { startTestApp, type TestApp } from './test-app'

const INVALID = { error: 'Invalid postcode', message: 'Please enter a valid UK postcode.' }
const REQUIRED = { error: 'Invalid postcode', message: 'Please enter your postcode.' }
const UNAVAILABLE = { error: 'Address lookup unavailable' }

const lookup = (testApp: TestApp, query: string) =>
  testApp.app.inject({ method: 'GET', url: `/api/address${query}` })

/** No log line may carry the postcode, in any spelling a client could send it. */
function expectNoPostcodeInLogs(testApp: TestApp, ...spellings: string[]) {
  const text = testApp.logText().toLowerCase()
  for (const spelling of spellings) expect(text).not.toContain(spelling.toLowerCase())
}

describe('with the embedded demo dataset (the default)', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await startTestApp()
  })
  afterAll(async () => {
    await testApp.close()
  })

  test('a demo postcode answers 200 with its addresses in natural order', async () => {
    const response = await lookup(testApp, '?postcode=M1%201AE')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<AddressLookupAnswer>()
    expect(body.postcode).toBe('M1 1AE')
    expect(body.addresses.map((item) => item.Address)).toEqual([
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
    expect(Object.keys(body.addresses[0] ?? {}).sort()).toEqual(
      [
        'Address',
        'buildingName',
        'buildingNumber',
        'county',
        'flatNumber',
        'houseName',
        'houseNumber',
        'locality',
        'postcode',
        'street',
        'subBuilding',
        'town',
        'udprn',
      ].sort(),
    )
  })

  test.each([
    ['lower case without a space', '?postcode=m11ae'],
    ['a plus for the space', '?postcode=M1+1AE'],
    ['surrounding spaces', '?postcode=%20%20m1%201ae%20'],
    ['another parameter beside it', '?format=json&postcode=M11AE'],
  ])('a postcode sent with %s is normalised and found', async (_, query) => {
    const response = await lookup(testApp, query)
    expect(response.statusCode).toBe(200)
    const body = response.json<AddressLookupAnswer>()
    expect(body.postcode).toBe('M1 1AE')
    expect(body.addresses).toHaveLength(13)
  })

  test('a valid postcode with no addresses answers 200 with an empty list', async () => {
    const response = await lookup(testApp, '?postcode=m1%209zz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ postcode: 'M1 9ZZ', addresses: [] })
  })

  test.each([
    ['no postcode at all', '', REQUIRED],
    ['an empty postcode', '?postcode=', REQUIRED],
    ['only spaces', '?postcode=%20%20%20', REQUIRED],
    ['only an outward code', '?postcode=M1', INVALID],
    ['letters never used in that place', '?postcode=QA1%201AA', INVALID],
    ['words', '?postcode=not%20a%20postcode', INVALID],
    ['a repeated parameter', '?postcode=M1%201AE&postcode=LS1%204DY', INVALID],
    ['an array-style parameter', '?postcode[]=M1%201AE', REQUIRED],
    ['SQL', `?postcode=${encodeURIComponent("M1 1AE' OR '1'='1")}`, INVALID],
    ['markup', `?postcode=${encodeURIComponent('<script>alert(1)</script>')}`, INVALID],
    ['emoji and other scripts', `?postcode=${encodeURIComponent('M1 1AE 🚗 ñ 東京')}`, INVALID],
    ['a lone surrogate', '?postcode=%ED%A0%80', INVALID],
    ['a null character', '?postcode=M1%001AE', INVALID],
    ['a very long value', `?postcode=${'M1 1AE'.repeat(1000)}`, INVALID],
  ])('%s answers 400 with the form message', async (_, query, expected) => {
    const response = await lookup(testApp, query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(expected)
  })

  test('the postcode never reaches the log', async () => {
    await lookup(testApp, '?postcode=LS1%204DY')
    await lookup(testApp, '?postcode=ls14dy')
    await lookup(testApp, '?postcode=ZZ9%209ZZ')
    expectNoPostcodeInLogs(testApp, 'LS1 4DY', 'LS14DY', 'LS1%204DY', 'ZZ9')
    const paths = testApp.logLines().flatMap((line) => {
      const req = line.req as { path?: string } | undefined
      return req?.path === undefined ? [] : [req.path]
    })
    expect(paths).toContain('/api/address')
  })
})

describe('with the commercial postcode API', () => {
  const API_KEY = 'ak_route_canary_51c0ffee'
  let fake: FakePostcodeApi
  let testApp: TestApp
  beforeAll(async () => {
    fake = await startFakePostcodeApi({ apiKey: API_KEY, postcodes: FAKE_POSTCODES })
    testApp = await startTestApp({
      ADDRESS_PROVIDER: 'ideal-postcodes',
      ADDRESS_API_KEY: API_KEY,
      ADDRESS_API_URL: fake.url,
      ADDRESS_API_TIMEOUT_MS: '300',
    })
  })
  afterAll(async () => {
    await testApp.close()
    await fake.close()
  })
  beforeEach(() => {
    fake.behaviour = 'normal'
  })

  /** Neither the key nor the postcode may appear in any answer or log line. */
  function expectNoSecrets(response: { body: string; headers: Record<string, unknown> }) {
    expect(response.body).not.toContain(API_KEY)
    expect(JSON.stringify(response.headers)).not.toContain(API_KEY)
    expect(testApp.logText()).not.toContain(API_KEY)
    expectNoPostcodeInLogs(testApp, 'SW1A 2AA', 'SW1A2AA', 'NE1 1EE', 'NE11EE')
  }

  test('found: the vendor answer in natural order, flats after their building', async () => {
    const response = await lookup(testApp, '?postcode=sw1a2aa')
    expect(response.statusCode).toBe(200)
    const body = response.json<AddressLookupAnswer>()
    expect(body.postcode).toBe('SW1A 2AA')
    expect(body.addresses.map((item) => item.Address)).toEqual([
      '2 Example Street, London',
      '10 Example Street, London',
      'Flat 1, 10 Example Street, London',
      'Flat 2, 10 Example Street, London',
      '10A Example Street, London',
    ])
    expect(body.addresses.map((item) => item.udprn)).toEqual([
      '23747773',
      '23747775',
      '23747774',
      '23747771',
      '23747772',
    ])
    expectNoSecrets(response)
  })

  test('4040 not found answers 200 with an empty list', async () => {
    const response = await lookup(testApp, '?postcode=M1%209ZZ')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ postcode: 'M1 9ZZ', addresses: [] })
  })

  test('an invalid postcode answers 400 without calling the vendor', async () => {
    const before = fake.requests.length
    const response = await lookup(testApp, '?postcode=nonsense')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID)
    expect(fake.requests.length).toBe(before)
  })

  test.each(['server-error', 'not-json', 'bare-404'] as const)(
    'a vendor failing with %s answers 503 with no detail',
    async (behaviour) => {
      fake.behaviour = behaviour
      const response = await lookup(testApp, '?postcode=SW1A%202AA')
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual(UNAVAILABLE)
      expectNoSecrets(response)
    },
  )

  test('a vendor that stalls answers 503 as soon as the timeout passes', async () => {
    fake.behaviour = 'stall'
    const started = performance.now()
    const response = await lookup(testApp, '?postcode=SW1A%202AA')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual(UNAVAILABLE)
    expect(performance.now() - started).toBeLessThan(1500)
    const warning = testApp
      .logLines()
      .findLast((line) => line.msg === 'address lookup unavailable' && line.level === 40)
    expect(warning?.provider).toBe('ideal-postcodes')
    expect((warning?.err as { message?: string } | undefined)?.message).toBe(
      'postcode API did not answer within 300 ms',
    )
  })
})

test('a key the vendor refuses answers 503, and the key is in no answer and no log line', async () => {
  const goodKey = 'ak_good_canary_77aa'
  const badKey = 'ak_refused_canary_88bb'
  const fake = await startFakePostcodeApi({ apiKey: goodKey, postcodes: FAKE_POSTCODES })
  const testApp = await startTestApp({
    ADDRESS_PROVIDER: 'ideal-postcodes',
    ADDRESS_API_KEY: badKey,
    ADDRESS_API_URL: fake.url,
  })
  try {
    const response = await lookup(testApp, '?postcode=SW1A%202AA')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual(UNAVAILABLE)
    expect(fake.requests.map((request) => request.apiKey)).toEqual([badKey])
    expect(response.body + JSON.stringify(response.headers)).not.toContain(badKey)
    expect(testApp.logText()).not.toContain(badKey)
    expect(testApp.logText()).toContain('postcode API answered HTTP 401 (code 4010)')
    expectNoPostcodeInLogs(testApp, 'SW1A 2AA', 'SW1A2AA')
  } finally {
    await testApp.close()
    await fake.close()
  }
})

test('a provider that throws something unexpected still answers 503 with no detail', async () => {
  const { default: Fastify } = await import('fastify')
  const { addressRoutes } = await import('../src/routes/api/address')
  const app = Fastify({ logger: false })
  await app.register(addressRoutes, {
    provider: {
      name: 'broken',
      lookup: () => Promise.reject(new TypeError('Cannot read properties of undefined')),
    },
  })
  try {
    const response = await app.inject({ method: 'GET', url: '/api/address?postcode=M1%201AE' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual(UNAVAILABLE)
  } finally {
    await app.close()
  }
})
