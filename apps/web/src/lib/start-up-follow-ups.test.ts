import { afterEach, expect, test, vi } from 'vitest'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import {
  VEHICLE_LOADED_EVENT,
  loadVehicle,
  lookUpRemoteAddress,
  runStartUpFollowUps,
  vehicleFromStock,
} from './start-up-follow-ups'
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

/** Applies mutators to a local state, as the session store's update() does. */
function collector(initial: ApplicationState = createInitialState()) {
  let state = initial
  return {
    apply: (mutator: (draft: ApplicationState) => void) => {
      const draft = structuredClone(state)
      mutator(draft)
      state = draft
    },
    get state() {
      return state
    },
  }
}

test('the IP lookup asks for JSON and stores the ip as remoteAddress', async () => {
  const fetchJson = vi.fn(async () => ({ ip: '203.0.113.9' }))
  const store = collector()
  await lookUpRemoteAddress({ fetchJson, ipLookupUrl: 'https://ip.example/' }, store.apply)
  expect(fetchJson).toHaveBeenCalledWith('https://ip.example/?format=json')
  expect(store.state.form.remoteAddress).toBe('203.0.113.9')
})

test('a failed IP lookup logs its message only and changes nothing', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const store = collector()
  await lookUpRemoteAddress(
    {
      fetchJson: async () => {
        throw new Error('Network Error')
      },
      ipLookupUrl: '/api/ip',
    },
    store.apply,
  )
  expect(warn).toHaveBeenCalledWith('IP lookup failed:', 'Network Error')
  expect(store.state.form.remoteAddress).toBe('')
})

const STOCK_VEHICLE = {
  vehicleId: 'demo-car-1',
  primaryImage: '/vehicles/demo-car-1.jpg',
  make: 'Ford',
  model: 'Focus',
  price: 14995,
  mileage: 12345,
  colour: 'Blue',
  vrm: 'AB12 CDE',
  fuelType: 'Petrol',
  transmission: 'Manual',
  registrationYear: 2021,
  vehicleType: 'Car',
}

test('a vehicle from stock fills the vehicle fields and is announced on window', async () => {
  const fetchJson = vi.fn(async () => STOCK_VEHICLE)
  const store = collector()
  const announced = vi.fn()
  window.addEventListener(VEHICLE_LOADED_EVENT, announced)
  await loadVehicle('demo-car-1', { fetchJson, vehiclesHost: 'https://stock.example' }, store.apply)
  window.removeEventListener(VEHICLE_LOADED_EVENT, announced)
  expect(fetchJson).toHaveBeenCalledWith('https://stock.example/api/stock/demo-car-1')
  expect(store.state.vehicleId).toBe('demo-car-1')
  expect(store.state.form.vehicle).toEqual({
    imageUrl: '/vehicles/demo-car-1.jpg',
    make: 'Ford',
    model: 'Focus',
    price: 14995,
    mileage: 12345,
    colour: 'Blue',
    vrm: 'AB12 CDE',
    fuelType: 'Petrol',
    transmission: 'Manual',
    registrationYear: '2021',
    vehicleType: 'Car',
  })
  expect(announced).toHaveBeenCalledTimes(1)
  expect((announced.mock.calls[0]![0] as CustomEvent).detail).toEqual({ vehicleId: 'demo-car-1' })
})

test.each([
  ['Horsebox', 'Horsebox'],
  ['Motorcycle', 'Motorcycle'],
  ['horsebox', ''],
  ['Tractor', ''],
  [undefined, ''],
  [7, ''],
])('a stock vehicle type of %j is kept as %j', (given, kept) => {
  expect(vehicleFromStock({ ...STOCK_VEHICLE, vehicleType: given }).vehicleType).toBe(kept)
})

test('a failed vehicle load logs message and stack to the console only', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const store = collector()
  await loadVehicle(
    'no-such-vehicle',
    {
      fetchJson: async () => {
        throw new Error('Request failed with status code 404')
      },
      vehiclesHost: '',
    },
    store.apply,
  )
  expect(error).toHaveBeenCalledTimes(1)
  expect(error.mock.calls[0]![0]).toBe('Vehicle load failed: Request failed with status code 404')
  expect(error.mock.calls[0]![1]).toMatch(/Error: Request failed with status code 404/)
  expect(store.state.form.vehicle.vrm).toBe('')
})

test('the follow-ups look up the IP and load the vehicle asked for', async () => {
  const fetchJson = vi.fn(async (url: string) =>
    url.startsWith('/api/ip') ? { ip: '127.0.0.1' } : STOCK_VEHICLE,
  )
  const env = envFor('http://carfinance.localhost/?vehicleid=demo-car-1', { fetchJson })
  const state = startUp(env, null)
  const store = collector(state)
  await runStartUpFollowUps(env, state, store.apply)
  expect(fetchJson.mock.calls.map(([url]) => url)).toEqual([
    '/api/ip?format=json',
    '/api/stock/demo-car-1',
  ])
  expect(store.state.form.remoteAddress).toBe('127.0.0.1')
  expect(store.state.form.vehicle.vrm).toBe('AB12 CDE')
})

test('a reload does not fetch a vehicle that is already loaded', async () => {
  const fetchJson = vi.fn(async (_url: string) => ({ ip: '127.0.0.1' }))
  const restored = createInitialState()
  restored.vehicleId = 'demo-car-1'
  restored.form.vehicle.vrm = 'AB12 CDE'
  const env = envFor('http://carfinance.localhost/amount-to-finance', { fetchJson })
  await runStartUpFollowUps(env, startUp(env, restored), collector().apply)
  expect(fetchJson.mock.calls.map(([url]) => url)).toEqual(['/api/ip?format=json'])
})
