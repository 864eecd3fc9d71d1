import { afterEach, expect, test, vi } from 'vitest'
import { createInitialState } from '@forecourt/domain/state/application-state'
import { startUp, type StartUpEnv } from './start-up'

afterEach(() => {
  vi.restoreAllMocks()
})

const NOW = new Date('2026-11-22T09:30:00.000Z')

function envFor(url: string, overrides: Partial<StartUpEnv> = {}): StartUpEnv {
  const { host, search } = new URL(url)
  return {
    location: { host, search },
    referrer: '',
    cookies: '',
    now: NOW,
    newGuid: () => '6f1c2a9e-3b7d-4c1e-9a2f-0d8e7b6a5c41',
    newSecret: () => 'test-secret-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    fetchJson: async () => ({}),
    analyticsConsent: false,
    ipLookupUrl: '/api/ip',
    vehiclesHost: '',
    userAgent: 'Mozilla/5.0 (test)',
    track: () => {},
    ...overrides,
  }
}

test('host, subdomain, url prefix and brand come from the host', () => {
  const state = startUp(envFor('http://harbourlend.localhost:3000/'), null)
  expect(state.host).toBe('harbourlend.localhost:3000')
  expect(state.subdomain).toBe('harbourlend')
  expect(state.form.urlPrefix).toBe('harbourlend.localhost:3000')
  expect(state.form.hostAddress).toBe('harbourlend.localhost:3000')
  expect(state.affiliateConfig).toEqual({ brandId: 'harbourlend', affiliateKey: 'aff-hrbl-5c81e2' })
  expect(state.showLoanPurposeType).toBe(true)
})

test.each([
  ['http://nosuchbrand.localhost/', 'carfinance'],
  ['http://apply.localhost/', 'carfinance'],
  ['http://localhost:3000/', 'carfinance'],
  ['http://scorepal.localhost/', 'scorepal'],
])('%s uses the %s brand', (url, brandId) => {
  expect(startUp(envFor(url), null).affiliateConfig?.brandId).toBe(brandId)
})

test.each([
  ['http://carfinance.localhost/', 'Car'],
  ['http://leisure-carfinance.localhost/', 'Caravan'],
  ['http://vans.carfinance.localhost/', 'Van'],
  ['http://motorbike.milebroker.localhost/', 'Motorcycle'],
])('the vehicle type of %s is %s', (url, vehicleType) => {
  expect(startUp(envFor(url), null).form.vehicleType).toBe(vehicleType)
})

test.each([
  ['carfinance', 'vehicle'],
  ['milebroker', 'vehicle'],
  ['harbourlend', ''],
])('the %s brand starts with loan purpose type %j', (label, loanPurposeType) => {
  expect(startUp(envFor(`http://${label}.localhost/`), null).form.loanPurposeType).toBe(
    loanPurposeType,
  )
})

test('every query parameter of the requirements (Query parameters and cookies) is read into the state', () => {
  const url =
    'http://carfinance.localhost/?token=dealer-42&gclid=g-1&fbclid=fb-2&utm_source=news' +
    '&utm_medium=email&utm_term=car+loan&utm_content=banner&utm_campaign=spring&utm_keyword=finance' +
    '&utm_type=cpc&utm_adgroup=group-7&sid=s-1&appid=a-9&vehicleid=demo-car-1&loan-amount=12000'
  const state = startUp(envFor(url), null)
  expect(state.partnerSetup.affiliateUserId).toBe('dealer-42')
  expect(state.form.affiliateUserId).toBe('dealer-42')
  expect(state.form.sessionId).toBe('s-1')
  expect(state.applicationId).toBe('a-9')
  expect(state.vehicleId).toBe('demo-car-1')
  expect(state.form.loanAmount).toBe(12000)
  expect(state.form.gclid).toBe('g-1')
  expect(state.form.fbclid).toBe('fb-2')
  expect(state.form.utmParameters).toEqual({
    source: 'news',
    medium: 'email',
    term: 'car loan',
    content: 'banner',
    campaign: 'spring',
    keyword: 'finance',
    type: 'cpc',
    adgroup: 'group-7',
    gclid: 'g-1',
    fbclid: 'fb-2',
  })
})

test.each([
  ['', 5000],
  ['?loan-amount=7250', 7250],
  ['?loan-amount=7250.20', 7251],
  ['?loan-amount=0', 5000],
  ['?loan-amount=-300', 5000],
  ['?loan-amount=lots', 5000],
])('loan amount with %j is %i', (search, loanAmount) => {
  expect(startUp(envFor(`http://carfinance.localhost/${search}`), null).form.loanAmount).toBe(
    loanAmount,
  )
})

test('a loan amount already answered survives a reload without loan-amount', () => {
  const restored = createInitialState()
  restored.form.loanAmount = 9000
  restored.form.loanAmountCompleted = true
  expect(startUp(envFor('http://carfinance.localhost/'), restored).form.loanAmount).toBe(9000)
})

const UTM_COOKIES =
  'utm_source=cookie-source; utm_medium=cookie-medium; utm_campaign=cookie-campaign; other=x'

test('without utm_source in the address, the utm cookies are used', () => {
  const state = startUp(
    envFor('http://carfinance.localhost/?utm_medium=ignored', { cookies: UTM_COOKIES }),
    null,
  )
  expect(state.form.utmParameters).toMatchObject({
    source: 'cookie-source',
    medium: 'cookie-medium',
    campaign: 'cookie-campaign',
    term: '',
  })
})

const UTM_COOKIE_NAMES = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
  ['utm_campaign', 'campaign'],
  ['utm_keyword', 'keyword'],
  ['utm_type', 'type'],
  ['utm_adgroup', 'adgroup'],
] as const

const NO_UTM = {
  source: '',
  medium: '',
  term: '',
  content: '',
  campaign: '',
  keyword: '',
  type: '',
  adgroup: '',
  gclid: '',
  fbclid: '',
}

test.each(UTM_COOKIE_NAMES)(
  'without utm_source in the address, a %s cookie alone gives the %s parameter',
  (cookieName, key) => {
    const state = startUp(
      envFor('http://carfinance.localhost/', { cookies: `other=x; ${cookieName}=from%20cookie` }),
      null,
    )
    expect(state.form.utmParameters).toEqual({ ...NO_UTM, [key]: 'from cookie' })
  },
)

test('without utm_source in the address, every utm cookie present is used at once', () => {
  const cookies = UTM_COOKIE_NAMES.map(([name]) => `${name}=c-${name}`).join('; ')
  const state = startUp(envFor('http://carfinance.localhost/', { cookies }), null)
  expect(state.form.utmParameters).toEqual({
    ...NO_UTM,
    source: 'c-utm_source',
    medium: 'c-utm_medium',
    term: 'c-utm_term',
    content: 'c-utm_content',
    campaign: 'c-utm_campaign',
    keyword: 'c-utm_keyword',
    type: 'c-utm_type',
    adgroup: 'c-utm_adgroup',
  })
})

test('a blank utm cookie gives nothing, and parameters in an address without utm_source are not read', () => {
  const state = startUp(
    envFor('http://carfinance.localhost/?utm_medium=address-medium&utm_term=address-term', {
      cookies: 'utm_medium=%20%20; utm_campaign=cookie-campaign',
    }),
    null,
  )
  expect(state.form.utmParameters).toEqual({ ...NO_UTM, campaign: 'cookie-campaign' })
})

test('a reload keeps a stored campaign without a source rather than mixing in the cookies', () => {
  const first = startUp(
    envFor('http://carfinance.localhost/', { cookies: 'utm_medium=first-medium' }),
    null,
  )
  const reloaded = startUp(envFor('http://carfinance.localhost/', { cookies: UTM_COOKIES }), first)
  expect(reloaded.form.utmParameters).toEqual({ ...NO_UTM, medium: 'first-medium' })
})

test('with utm_source in the address, the utm cookies are not used', () => {
  const state = startUp(
    envFor('http://carfinance.localhost/?utm_source=query-source', { cookies: UTM_COOKIES }),
    null,
  )
  expect(state.form.utmParameters).toMatchObject({
    source: 'query-source',
    medium: '',
    campaign: '',
  })
})

test('a reload without utm parameters keeps the campaign stored at the first visit', () => {
  const first = startUp(
    envFor('http://carfinance.localhost/?utm_source=news&utm_medium=email'),
    null,
  )
  const reloaded = startUp(envFor('http://carfinance.localhost/', { cookies: UTM_COOKIES }), first)
  expect(reloaded.form.utmParameters).toMatchObject({ source: 'news', medium: 'email' })
})

const CLICK_COOKIES = 'gclid=cookie-gclid; _fbp=fb.1.1700000000.123; _fbc=fb.1.1700000000.abc'

test('without analytics consent the gclid, _fbp and _fbc cookies are not read', () => {
  const state = startUp(envFor('http://carfinance.localhost/', { cookies: CLICK_COOKIES }), null)
  expect(state.form.gclid).toBe('')
  expect(state.form.fbpId).toBe('')
  expect(state.form.fbcId).toBe('')
})

test('with analytics consent the gclid, _fbp and _fbc cookies are read', () => {
  const state = startUp(
    envFor('http://carfinance.localhost/', { cookies: CLICK_COOKIES, analyticsConsent: true }),
    null,
  )
  expect(state.form.gclid).toBe('cookie-gclid')
  expect(state.form.utmParameters.gclid).toBe('cookie-gclid')
  expect(state.form.fbpId).toBe('fb.1.1700000000.123')
  expect(state.form.fbcId).toBe('fb.1.1700000000.abc')
})

test('a gclid in the address wins over the gclid cookie', () => {
  const state = startUp(
    envFor('http://carfinance.localhost/?gclid=query-gclid', {
      cookies: CLICK_COOKIES,
      analyticsConsent: true,
    }),
    null,
  )
  expect(state.form.gclid).toBe('query-gclid')
})

test('a fresh start sets the applied date, the start date and a new GUID', () => {
  const state = startUp(envFor('http://carfinance.localhost/'), null)
  expect(state.appliedDate).toBe('2026-11-22T09:30:00.000Z')
  expect(state.form.applicationStartDate).toBe('2026-11-22T09:30:00.000Z')
  expect(state.GUID).toBe('6f1c2a9e-3b7d-4c1e-9a2f-0d8e7b6a5c41')
})

test('a restored state keeps its applied date, GUID and answers', () => {
  const restored = createInitialState()
  restored.appliedDate = '2026-11-21T08:00:00.000Z'
  restored.form.applicationStartDate = '2026-11-21T08:00:00.000Z'
  restored.GUID = 'kept-guid'
  restored.form.firstName = 'Ann'
  const newGuid = vi.fn(() => 'new-guid')
  const state = startUp(envFor('http://carfinance.localhost/', { newGuid }), restored)
  expect(state.appliedDate).toBe('2026-11-21T08:00:00.000Z')
  expect(state.form.applicationStartDate).toBe('2026-11-21T08:00:00.000Z')
  expect(state.GUID).toBe('kept-guid')
  expect(state.form.firstName).toBe('Ann')
  expect(newGuid).not.toHaveBeenCalled()
  expect(restored.host).toBe('')
})

test('the referrer and user agent are recorded; an empty referrer keeps the stored one', () => {
  const first = startUp(
    envFor('http://carfinance.localhost/', { referrer: 'https://search.example/' }),
    null,
  )
  expect(first.form.referrer).toBe('https://search.example/')
  expect(first.form.userAgent).toBe('Mozilla/5.0 (test)')
  expect(startUp(envFor('http://carfinance.localhost/'), first).form.referrer).toBe(
    'https://search.example/',
  )
})

test('a new vehicleid clears the vehicle shown before', () => {
  const restored = createInitialState()
  restored.vehicleId = 'old-car'
  restored.form.vehicle.vrm = 'AB12 CDE'
  const state = startUp(envFor('http://carfinance.localhost/?vehicleid=new-car'), restored)
  expect(state.vehicleId).toBe('new-car')
  expect(state.form.vehicle.vrm).toBe('')
})

test('start-up sends the Started event without any entered value', () => {
  const track = vi.fn()
  startUp(envFor('http://carfinance.localhost/?token=dealer-42', { track }), null)
  expect(track).toHaveBeenCalledTimes(1)
  expect(track).toHaveBeenCalledWith({
    event: 'Started',
    category: 'Application form',
    first: true,
  })
})

test('the Started event carries where the visit came from, and a reload of the same application is no new start', () => {
  const track = vi.fn()
  const state = startUp(
    envFor('http://carfinance.localhost/?utm_source=Google&utm_campaign=winter-sale', { track }),
    null,
  )
  expect(track).toHaveBeenLastCalledWith({
    event: 'Started',
    category: 'Application form',
    first: true,
    source: 'Google',
    campaign: 'winter-sale',
  })
  startUp(envFor('http://carfinance.localhost/', { track }), state)
  expect(track).toHaveBeenLastCalledWith(
    expect.objectContaining({ event: 'Started', first: false, source: 'Google' }),
  )
})
