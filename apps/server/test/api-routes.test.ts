import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { createDatabase, SQLITE_FILE_NAME } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { DEMO_VEHICLES } from '../src/db/seed-demo-stock'
import { readyRoutes } from '../src/routes/api/ready'
import type { StockVehicle } from '../src/routes/api/stock'
import { startTestApp, type TestApp } from './test-app'
import { openSqlite, temporaryFolder } from './test-databases'

// Brands are told apart by host; Node does not resolve *.localhost, so the brand rides in the Host header.
const BRAND_HOST = 'carfinance.localhost:3000'
// For apps given a database of their own: no folder to write to, no front end to serve.
const NOWHERE = { DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }

let testApp: TestApp
beforeAll(async () => {
  testApp = await startTestApp()
})
afterAll(async () => {
  await testApp.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { host: BRAND_HOST, ...headers } })

test('GET /api/health answers ok', async () => {
  const response = await get('/api/health')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ok' })
})

test('API answers may not be stored by browsers or proxies', async () => {
  for (const url of ['/api/health', '/api/ready', '/api/ip', '/api/stock/demo-car-1']) {
    expect((await get(url)).headers['cache-control'], url).toBe('no-store')
  }
})

test('GET /api/ready answers ready when the database answers', async () => {
  const response = await get('/api/ready')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ready' })
})

test('GET /api/ready answers 503 unavailable when the database is closed', async () => {
  const { database, cleanup } = await openSqlite()
  await migrateToLatest(database)
  await database.close()
  const app = await buildApp(loadConfig(NOWHERE), {
    db: database,
    logger: false,
  })
  try {
    const response = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({ status: 'unavailable' })
  } finally {
    await app.close()
    await cleanup()
  }
})

test('GET /api/ready answers 503 when PostgreSQL refuses connections', async () => {
  const database = createDatabase({
    databaseUrl: 'postgres://postgres@127.0.0.1:1/forecourt',
    dataDir: '/nonexistent',
  })
  const app = await buildApp(loadConfig(NOWHERE), { db: database, logger: false })
  try {
    const response = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  } finally {
    await app.close()
    await database.close()
  }
})

test('GET /api/ready gives up and answers 503 when the database accepts but never answers', async () => {
  // A TCP server that takes the connection and says nothing: a hung database.
  const sockets = new Set<Socket>()
  const silent: Server = createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const port = (silent.address() as { port: number }).port
  const database = createDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/forecourt`,
    dataDir: '/nonexistent',
  })
  const app = Fastify({ logger: false })
  await app.register(readyRoutes, { db: database.db, timeoutMs: 100 })
  try {
    const response = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  } finally {
    await app.close()
    for (const socket of sockets) socket.destroy()
    await database.close().catch(() => undefined)
    await new Promise((resolve) => silent.close(resolve))
  }
})

test('GET /api/ip answers the socket address and ignores format=json', async () => {
  for (const url of ['/api/ip', '/api/ip?format=json']) {
    const response = await testApp.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ip: '192.0.2.10' })
  }
})

test('GET /api/ip ignores X-Forwarded-For when no proxy is trusted', async () => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/ip',
    remoteAddress: '192.0.2.10',
    headers: { 'x-forwarded-for': '203.0.113.7' },
  })
  expect(response.json()).toEqual({ ip: '192.0.2.10' })
})

test.each<[string, string, string, string]>([
  // TRUST_PROXY, the socket's address, X-Forwarded-For, the address the route reports
  ['127.0.0.1', '127.0.0.1', '203.0.113.7', '203.0.113.7'],
  ['10.0.0.0/8', '10.1.2.3', '203.0.113.7', '203.0.113.7'],
  // A proxy that is not on the list cannot vouch for anyone.
  ['10.0.0.0/8', '192.0.2.10', '203.0.113.7', '192.0.2.10'],
  // Only trusted hops are walked: the spoofed first entry stays out of reach.
  ['127.0.0.1', '127.0.0.1', '198.51.100.99, 203.0.113.7', '203.0.113.7'],
  ['1', '192.0.2.10', '198.51.100.99, 203.0.113.7', '203.0.113.7'],
  ['2', '192.0.2.10', '198.51.100.99, 203.0.113.7', '198.51.100.99'],
  ['0', '192.0.2.10', '203.0.113.7', '192.0.2.10'],
])(
  'with TRUST_PROXY=%s, a request from %s forwarded for "%s" reports %s',
  async (trustProxy, remoteAddress, forwardedFor, expected) => {
    const proxied = await startTestApp({ TRUST_PROXY: trustProxy })
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/ip?format=json',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
      expect(response.json()).toEqual({ ip: expected })
    } finally {
      await proxied.close()
    }
  },
)

test('GET /api/stock/demo-car-1 answers the vehicle in the shape the front end reads', async () => {
  const response = await get('/api/stock/demo-car-1')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(response.json()).toEqual<StockVehicle>({
    vehicleId: 'demo-car-1',
    primaryImage: '/vehicles/demo-car-1.svg',
    make: 'Ford',
    model: 'Focus 1.0 EcoBoost Titanium 5dr',
    price: 14995,
    mileage: 28450,
    colour: 'Magnetic Grey',
    vrm: 'LB21 KXT',
    fuelType: 'Petrol',
    transmission: 'Manual',
    registrationYear: 2021,
    vehicleType: 'Car',
  })
})

test('every demo vehicle is in stock with its own type and picture', async () => {
  const answers = await Promise.all(
    DEMO_VEHICLES.map(async (vehicle) => (await get(`/api/stock/${vehicle.id}`)).json()),
  )
  expect(
    answers.map((answer) => [answer.vehicleId, answer.vehicleType, answer.primaryImage]),
  ).toEqual([
    ['demo-car-1', 'Car', '/vehicles/demo-car-1.svg'],
    ['demo-van-1', 'Van', '/vehicles/demo-van-1.svg'],
    ['demo-motorcycle-1', 'Motorcycle', '/vehicles/demo-motorcycle-1.svg'],
    ['demo-motorhome-1', 'Motorhome', '/vehicles/demo-motorhome-1.svg'],
    ['demo-caravan-1', 'Caravan', '/vehicles/demo-caravan-1.svg'],
    ['demo-horsebox-1', 'Horsebox', '/vehicles/demo-horsebox-1.svg'],
  ])
})

test('a value the vehicle does not have is null, not missing', async () => {
  const caravan = (await get('/api/stock/demo-caravan-1')).json()
  expect(caravan).toMatchObject({ mileage: null, fuelType: null, transmission: null })
  expect(Object.keys(caravan)).toHaveLength(12)
})

test('an id not in stock answers 404 Vehicle not found', async () => {
  const response = await get('/api/stock/demo-car-99')
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: 'Vehicle not found' })
})

test.each([
  ['an underscore', 'demo_car_1'],
  ['a space', 'demo%20car'],
  ['a quote', "demo'car"],
  ['an encoded slash', 'demo%2Fcar'],
  ['65 characters', 'a'.repeat(65)],
])('an id with %s answers 400 with a JSON message', async (_name, id) => {
  const response = await get(`/api/stock/${id}`)
  expect(response.statusCode).toBe(400)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(response.json()).toEqual({
    error: 'params/vehicleId must match pattern "^[A-Za-z0-9-]{1,64}$"',
  })
})

test('an id of exactly 64 letters, digits and hyphens is looked up', async () => {
  const response = await get(`/api/stock/${'a-1'.repeat(21)}B`)
  expect(response.statusCode).toBe(404)
})

test('an unknown API address answers 404 JSON, whatever the client accepts', async () => {
  for (const accept of ['application/json', 'text/html', '*/*']) {
    const response = await get('/api/nope', { accept })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'Not found' })
  }
  const post = await testApp.app.inject({ method: 'POST', url: '/api/stock/demo-car-1' })
  expect(post.statusCode).toBe(404)
  expect(post.json()).toEqual({ error: 'Not found' })
})

test('a server fault answers 500 Internal error and tells the client nothing more', async () => {
  const faulty = await startTestApp()
  faulty.app.get('/api/fault-for-test', async () => {
    throw new Error('connection string postgres://admin:hunter2@db failed')
  })
  try {
    const response = await faulty.app.inject({ method: 'GET', url: '/api/fault-for-test' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ error: 'Internal error' })
    expect(response.body).not.toContain('hunter2')
    const logged = faulty.logLines().find((line) => line.msg === 'request failed')
    expect(logged).toMatchObject({ level: 50, err: { type: 'Error' } })
  } finally {
    await faulty.close()
  }
})

test('a server fault that names its own 5xx status keeps it, still without details', async () => {
  const faulty = await startTestApp()
  faulty.app.get('/api/unavailable-for-test', async () => {
    throw Object.assign(new Error('pool exhausted at db-3'), { statusCode: 503 })
  })
  try {
    const response = await faulty.app.inject({ method: 'GET', url: '/api/unavailable-for-test' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ error: 'Internal error' })
  } finally {
    await faulty.close()
  }
})

test('a client mistake answers its 4xx status with a clear JSON message', async () => {
  const app = await startTestApp()
  app.app.post('/api/echo-for-test', async (request) => request.body)
  try {
    const badJson = await app.app.inject({
      method: 'POST',
      url: '/api/echo-for-test',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "canary@example.com"',
    })
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json()).toEqual({
      error: "Body is not valid JSON but content-type is set to 'application/json'",
    })

    const tooBig = await app.app.inject({
      method: 'POST',
      url: '/api/echo-for-test',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
    })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({ error: 'Request body is too large' })
  } finally {
    await app.close()
  }
})

test('a database the app opened itself is closed when the app closes', async () => {
  const dataDir = await temporaryFolder()
  const wal = join(dataDir, `${SQLITE_FILE_NAME}-wal`)
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web-dist') })
    const app = await buildApp(config, { logger: false })
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    expect(existsSync(wal)).toBe(true)
    await app.close()
    // SQLite folds the write-ahead log back into the file and deletes it when the last connection closes.
    expect(existsSync(wal)).toBe(false)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
