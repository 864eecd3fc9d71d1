// Rate limits per client: writes, telemetry events and lookups each have their own budget per minute;
// 429 JSON with Retry-After when one runs out; Redis shares the counters between instances.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { afterEach, expect, test, vi } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { antiForgeryHeaders } from '../src/plugins/anti-forgery'
import { RATE_LIMIT_NAMESPACE, rateLimitGroup } from '../src/plugins/rate-limit'
import { startTestApp, type TestApp } from './test-app'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const apps: TestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

async function start(env: Record<string, string>): Promise<TestApp> {
  const testApp = await startTestApp(env)
  testApp.app.post('/api/write-for-test', async () => ({ ok: true }))
  apps.push(testApp)
  return testApp
}

/** A client address no other test (or earlier run sharing the Redis server) has used. */
function uniqueClient(): string {
  const group = () => randomInt(0x1000, 0xffff).toString(16)
  return `2001:db8:${group()}:${group()}::1`
}

function writer(app: FastifyInstance, headers: Record<string, string>, remoteAddress: string) {
  return (url = '/api/write-for-test', payload: unknown = {}) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress })
}

function reader(app: FastifyInstance, remoteAddress: string) {
  return (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress, headers })
}

test.each<[string, string, string | undefined]>([
  ['POST', '/api/submission/:submissionKey', 'writes'],
  ['POST', '/api/application/:applicationKey', 'saves'],
  ['POST', '/api/application-status/choice', 'writes'],
  ['POST', '/api/events', 'events'],
  ['POST', '/api/evidence/:applicationKey', 'evidence'],
  ['DELETE', '/api/anything', 'writes'],
  ['GET', '/api/address', 'lookups'],
  ['GET', '/api/stock/:vehicleId', 'lookups'],
  ['GET', '/api/ip', 'lookups'],
  ['HEAD', '/api/ip', 'lookups'],
  ['GET', '/api/csrf', 'lookups'],
  ['GET', '/api/health', undefined],
  ['GET', '/api/ready', undefined],
  ['OPTIONS', '/api/*', undefined],
  ['GET', '/', undefined],
  ['GET', '/vehicles/*', undefined],
])('%s %s counts against the budget: %s', (method, url, group) => {
  expect(rateLimitGroup(method, url)).toBe(group)
})

test('the write after the budget gets 429 JSON with Retry-After and the limit headers', async () => {
  const { app, logLines } = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '3' })
  const client = uniqueClient()
  const write = writer(app, await antiForgeryHeaders(app), client)
  for (let i = 1; i <= 3; i++) {
    const response = await write()
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-ratelimit-limit']).toBe('3')
    expect(response.headers['x-ratelimit-remaining']).toBe(String(3 - i))
  }
  const refused = await write()
  expect(refused.statusCode).toBe(429)
  expect(refused.headers['content-type']).toMatch(/^application\/json/)
  expect(refused.json()).toEqual({ error: 'Too many requests' })
  const retryAfter = Number(refused.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(logLines().filter((line) => line.msg === 'rate limit exceeded')).toEqual([
    expect.objectContaining({ group: 'writes' }),
  ])
})

test('partial saves have a budget of their own: the saves of several applicants behind one address never use up their submissions', async () => {
  const { app } = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '2' })
  const write = writer(app, await antiForgeryHeaders(app), uniqueClient())
  // Invalid bodies still count: the limit runs before anything looks at the body.
  expect((await write('/api/application/not-a-key', {})).statusCode).toBe(400)
  expect((await write('/api/application/not-a-key', {})).statusCode).toBe(400)
  expect((await write('/api/application/not-a-key', {})).statusCode).toBe(429)
  expect((await write('/api/submission/not-a-key', {})).statusCode).toBe(400)
  expect((await write('/api/submission/not-a-key', {})).statusCode).toBe(400)
  expect((await write('/api/submission/not-a-key', {})).statusCode).toBe(429)
  // The other writes share the submission's budget.
  expect((await write()).statusCode).toBe(429)
})

test('writes, telemetry events and lookups have separate budgets', async () => {
  const { app } = await start({
    RATE_LIMIT_WRITES_PER_MINUTE: '1',
    RATE_LIMIT_EVENTS_PER_MINUTE: '1',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '2',
  })
  const client = uniqueClient()
  const headers = await antiForgeryHeaders(app)
  const write = writer(app, headers, client)
  const read = reader(app, client)
  expect((await write()).statusCode).toBe(200)
  expect((await write()).statusCode).toBe(429)
  // The page's chatter cannot use up its submission's budget, nor the other way round.
  expect((await write('/api/events', { event: 'Started' })).statusCode).toBe(204)
  expect((await write('/api/events', { event: 'Started' })).statusCode).toBe(429)
  expect((await read('/api/stock/demo-car-1')).statusCode).toBe(200)
  expect((await read('/api/ip')).statusCode).toBe(200)
  expect((await read('/api/address?postcode=M1%201AE')).statusCode).toBe(429)
})

test('the events budget is ten times the writes budget unless set: a quick page sends about three a screen', async () => {
  const { app } = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '2' })
  const event = writer(app, await antiForgeryHeaders(app), uniqueClient())
  const statuses: number[] = []
  for (let i = 0; i < 21; i++) {
    statuses.push(
      (await event('/api/events', { event: 'Step Viewed', step: 'deposit' })).statusCode,
    )
  }
  expect(statuses).toEqual([...Array.from({ length: 20 }, () => 204), 429])

  // Writes off: events off too, unless given a budget of their own.
  const unlimited = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '0' })
  const unlimitedEvent = writer(
    unlimited.app,
    await antiForgeryHeaders(unlimited.app),
    uniqueClient(),
  )
  for (let i = 0; i < 30; i++) {
    expect((await unlimitedEvent('/api/events', { event: 'Started' })).statusCode).toBe(204)
  }
  expect(
    loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '0', RATE_LIMIT_EVENTS_PER_MINUTE: '5' }).rateLimit
      .eventsPerMinute,
  ).toBe(5)
})

test('each client address has its own budget', async () => {
  const { app } = await start({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '1' })
  const first = reader(app, uniqueClient())
  const second = reader(app, uniqueClient())
  expect((await first('/api/ip')).statusCode).toBe(200)
  expect((await first('/api/ip')).statusCode).toBe(429)
  expect((await second('/api/ip')).statusCode).toBe(200)
})

test('behind a trusted proxy the client is the forwarded address; otherwise the socket', async () => {
  const trusting = await start({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '1', TRUST_PROXY: 'loopback' })
  const viaProxy = reader(trusting.app, '127.0.0.1')
  expect((await viaProxy('/api/ip', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200)
  expect((await viaProxy('/api/ip', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(200)
  expect((await viaProxy('/api/ip', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(429)

  const untrusting = await start({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '1' })
  const direct = reader(untrusting.app, '198.51.100.9')
  expect((await direct('/api/ip', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200)
  // A client cannot buy a fresh budget by making up a forwarded address.
  expect((await direct('/api/ip', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(429)
})

test('a flood of writes without the anti-forgery pair is limited too', async () => {
  const { app } = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '2' })
  const write = writer(app, {}, uniqueClient())
  expect((await write()).statusCode).toBe(403)
  expect((await write()).statusCode).toBe(403)
  expect((await write()).statusCode).toBe(429)
})

test('the probes are never limited', async () => {
  const { app } = await start({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '1' })
  const read = reader(app, uniqueClient())
  for (let i = 0; i < 5; i++) {
    expect((await read('/api/health')).statusCode).toBe(200)
    expect((await read('/api/ready')).statusCode).toBe(200)
  }
})

test('0 switches a limit off', async () => {
  const { app } = await start({
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
  })
  const client = uniqueClient()
  const write = writer(app, await antiForgeryHeaders(app), client)
  const read = reader(app, client)
  for (let i = 0; i < 150; i++) {
    expect((await write()).statusCode).toBe(200)
    expect((await read('/api/ip')).statusCode).toBe(200)
  }
  expect((await read('/api/ip')).headers['x-ratelimit-limit']).toBeUndefined()
})

test('the defaults are 60 writes and 120 lookups a minute', async () => {
  const { app } = await start({})
  const client = uniqueClient()
  const write = writer(app, await antiForgeryHeaders(app), client)
  expect((await write()).headers['x-ratelimit-limit']).toBe('60')
  expect((await reader(app, client)('/api/ip')).headers['x-ratelimit-limit']).toBe('120')
})

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.ping()
    return true
  } catch {
    console.warn(`⚠ Redis unreachable at ${REDIS_URL} — Redis rate-limit tests SKIPPED`)
    return false
  } finally {
    redis.disconnect()
  }
}

const redisUp = await redisReachable()

test.skipIf(!redisUp)('with REDIS_URL two instances share one budget per client', async () => {
  const env = { REDIS_URL, RATE_LIMIT_LOOKUPS_PER_MINUTE: '3' }
  const first = await start(env)
  const second = await start(env)
  const client = uniqueClient()
  expect((await reader(first.app, client)('/api/ip')).statusCode).toBe(200)
  expect((await reader(second.app, client)('/api/ip')).statusCode).toBe(200)
  expect((await reader(first.app, client)('/api/ip')).statusCode).toBe(200)
  const refused = await reader(second.app, client)('/api/ip')
  expect(refused.statusCode).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

  const redis = new Redis(REDIS_URL)
  try {
    // IPv6 clients are counted by their /64, as one household or phone gets a whole /64.
    const key = `${RATE_LIMIT_NAMESPACE}lookups:${client.replace(/::1$/, '::')}`
    expect(await redis.get(key)).toBe('4')
    const ttl = await redis.pttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  } finally {
    redis.disconnect()
  }
})

test('when Redis is unreachable requests go through and one warning is logged', async () => {
  const { app, logLines } = await start({
    REDIS_URL: 'redis://127.0.0.1:1',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '1',
  })
  const read = reader(app, uniqueClient())
  for (let i = 0; i < 3; i++) expect((await read('/api/ip')).statusCode).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const warnings = logLines().filter((line) => line.msg === 'rate-limit store unavailable')
  expect(warnings).toHaveLength(1)
  expect(JSON.stringify(warnings)).not.toContain('redis://')
})

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

test.each<[Record<string, string>, string[]]>([
  [
    { RATE_LIMIT_WRITES_PER_MINUTE: 'lots' },
    [
      'RATE_LIMIT_WRITES_PER_MINUTE must be a whole number of requests per minute, or 0 for no limit (got "lots")',
    ],
  ],
  [
    { RATE_LIMIT_LOOKUPS_PER_MINUTE: '-5' },
    [
      'RATE_LIMIT_LOOKUPS_PER_MINUTE must be a whole number of requests per minute, or 0 for no limit (got "-5")',
    ],
  ],
  [
    { REDIS_URL: 'http://cache:6379' },
    ['REDIS_URL must be a redis:// or rediss:// address, as in redis://host:6379'],
  ],
  [
    { REDIS_URL: 'cache:6379' },
    ['REDIS_URL must be a redis:// or rediss:// address, as in redis://host:6379'],
  ],
  [{ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }, []],
])('%o is understood or refused clearly', (env, problems) => {
  expect(problemsOf(env)).toEqual(problems)
})

async function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const redis = new Redis({ port, lazyConnect: true, retryStrategy: () => 50 })
  // Refused connections while the server starts are expected.
  redis.on('error', () => {})
  try {
    await vi.waitFor(() => redis.ping(), { timeout: 10_000, interval: 50 })
  } finally {
    redis.disconnect()
  }
  return server
}

async function stopRedisServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGKILL')
  await exited
}

const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0
if (!redisServerInstalled) {
  console.warn('⚠ redis-server not installed — the Redis outage test is SKIPPED')
}

test.skipIf(!redisServerInstalled)(
  'a Redis outage lets requests through, and the limits hold again once it is back',
  async () => {
    const port = randomInt(20_000, 40_000)
    let server = await startRedisServer(port)
    try {
      const { app, logLines } = await start({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        RATE_LIMIT_LOOKUPS_PER_MINUTE: '1',
      })
      const read = reader(app, uniqueClient())
      expect((await read('/api/ip')).statusCode).toBe(200)
      expect((await read('/api/ip')).statusCode).toBe(429)

      await stopRedisServer(server)
      await vi.waitFor(
        () => expect(logLines().map((line) => line.msg)).toContain('rate-limit store unavailable'),
        { timeout: 10_000, interval: 50 },
      )
      for (let i = 0; i < 3; i++) expect((await read('/api/ip')).statusCode).toBe(200)

      // A fresh server: the counters start again from nothing.
      server = await startRedisServer(port)
      await vi.waitFor(
        () =>
          expect(logLines().map((line) => line.msg)).toContain('rate-limit store available again'),
        { timeout: 10_000, interval: 50 },
      )
      const fresh = reader(app, uniqueClient())
      expect((await fresh('/api/ip')).statusCode).toBe(200)
      expect((await fresh('/api/ip')).statusCode).toBe(429)
      expect(logLines().filter((line) => line.msg === 'rate-limit store unavailable')).toHaveLength(
        1,
      )
    } finally {
      await stopRedisServer(server)
    }
  },
  30_000,
)
