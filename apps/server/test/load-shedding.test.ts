// Load shedding (decision 1431): past LOAD_SHEDDING_MAX_IN_FLIGHT requests in flight a new request is
// refused at once with 503 and Retry-After, the probes never are, and the count of requests in flight
// never leaks (an answered request, a refused one and one whose client went away all leave it). The
// applicant's, the back office's and the lenders' requests have pools of their own, and a client's share of
// the receiving places shrinks as they fill (decision 2121). The overload itself, over real HTTP at twice the maximum rate, is `apps/server/faults/overload.ts`.

import { PassThrough } from 'node:stream'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterEach, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { SERVICE_UNAVAILABLE } from '../src/plugins/error-handler'
import { poolOf, shareOf } from '../src/plugins/load-shedding'
import {
  countRows,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { startTestApp, type TestApp } from './test-app'
import { openSqlite } from './test-databases'

const sqlite = { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite } as const

let testApp: TestApp | undefined
let engineApp: EngineApp | undefined
afterEach(async () => {
  await testApp?.close()
  await engineApp?.close()
  testApp = undefined
  engineApp = undefined
})

/** An app whose `GET /test/hold` answers only when the test lets it. */
async function appWithHeldRoute(env: Record<string, string>): Promise<{
  app: FastifyInstance
  release: () => void
}> {
  testApp = await startTestApp({ RETENTION_JOB: 'off', DELIVERY_WORKER: 'off', ...env })
  const { app } = testApp
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  app.get('/test/hold', async () => {
    await held
    return { held: false }
  })
  await app.ready()
  return { app, release }
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

test('the defaults shed past 64 requests in flight and ask for a retry after 2 s', () => {
  expect(loadConfig({}).loadShedding).toEqual({
    maxInFlight: 64,
    maxPerClient: 32,
    retryAfterSeconds: 2,
  })
  expect(
    loadConfig({
      LOAD_SHEDDING_MAX_IN_FLIGHT: '0',
      LOAD_SHEDDING_MAX_PER_CLIENT: '0',
      LOAD_SHEDDING_RETRY_AFTER_SECONDS: '30',
    }).loadShedding,
  ).toEqual({ maxInFlight: 0, maxPerClient: 0, retryAfterSeconds: 30 })
})

test.each([
  [
    { LOAD_SHEDDING_MAX_IN_FLIGHT: 'many' },
    'LOAD_SHEDDING_MAX_IN_FLIGHT must be a whole number of requests, or 0 to never shed load (got "many")',
  ],
  [
    { LOAD_SHEDDING_MAX_IN_FLIGHT: '-1' },
    'LOAD_SHEDDING_MAX_IN_FLIGHT must be a whole number of requests, or 0 to never shed load (got "-1")',
  ],
  [
    { LOAD_SHEDDING_RETRY_AFTER_SECONDS: '0' },
    'LOAD_SHEDDING_RETRY_AFTER_SECONDS must be a whole number of seconds, 1 or more (got "0")',
  ],
  [
    { LOAD_SHEDDING_RETRY_AFTER_SECONDS: '1.5' },
    'LOAD_SHEDDING_RETRY_AFTER_SECONDS must be a whole number of seconds, 1 or more (got "1.5")',
  ],
  [
    { LOAD_SHEDDING_MAX_PER_CLIENT: 'all' },
    'LOAD_SHEDDING_MAX_PER_CLIENT must be a whole number of requests, or 0 for no cap per client (got "all")',
  ],
  [
    { REQUEST_TIMEOUT_MS: '500' },
    'REQUEST_TIMEOUT_MS must be a whole number of milliseconds, 1000 or more (got "500")',
  ],
])('a bad load-shedding setting %o is refused at start-up', (env, problem) => {
  expect(problemsOf(env)).toEqual([problem])
})

test('a request beyond the limit is refused at once with 503, Retry-After and security headers', async () => {
  const { app, release } = await appWithHeldRoute({
    LOAD_SHEDDING_MAX_IN_FLIGHT: '2',
    LOAD_SHEDDING_RETRY_AFTER_SECONDS: '3',
  })
  const first = app.inject({ method: 'GET', url: '/test/hold' })
  const second = app.inject({ method: 'GET', url: '/test/hold' })
  await expect.poll(() => app.loadGauge.inFlight()).toBe(2)

  const refused = await app.inject({ method: 'GET', url: '/api/stock/demo-car-1' })
  expect(refused.statusCode).toBe(503)
  expect(refused.headers['retry-after']).toBe('3')
  expect(refused.headers['x-content-type-options']).toBe('nosniff')
  expect(refused.json()).toEqual(SERVICE_UNAVAILABLE)
  expect(app.loadGauge.refused()).toBe(1)
  expect(testApp?.logLines().some((line) => line.msg === 'shedding load')).toBe(true)

  release()
  expect((await first).statusCode).toBe(200)
  expect((await second).statusCode).toBe(200)
  expect(app.loadGauge.inFlight()).toBe(0)
  expect((await app.inject({ method: 'GET', url: '/api/stock/demo-car-1' })).statusCode).toBe(200)
})

test('the probes answer while the server sheds load, and are not counted in flight', async () => {
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_IN_FLIGHT: '1' })
  const held = app.inject({ method: 'GET', url: '/test/hold' })
  await expect.poll(() => app.loadGauge.inFlight()).toBe(1)
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  // Every place taken: readiness says so (decision 1571), and is answered all the same.
  const ready = await app.inject({ method: 'GET', url: '/api/ready?probe=lb' })
  expect(ready.statusCode).toBe(503)
  expect(ready.json()).toEqual({ status: 'saturated' })
  expect((await app.inject({ method: 'GET', url: '/api/ip' })).statusCode).toBe(503)
  expect(app.loadGauge.inFlight()).toBe(1)
  release()
  await held
  expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
})

test('one client address past its cap is refused while another is served', async () => {
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_PER_CLIENT: '2' })
  const held = [1, 2].map(() =>
    app.inject({ method: 'GET', url: '/test/hold', remoteAddress: '198.51.100.7' }),
  )
  await expect.poll(() => app.loadGauge.inFlight()).toBe(2)
  const same = await app.inject({ method: 'GET', url: '/api/ip', remoteAddress: '198.51.100.7' })
  expect(same.statusCode).toBe(503)
  expect(same.headers['retry-after']).toBe('2')
  expect(same.json()).toEqual(SERVICE_UNAVAILABLE)
  // The same client over IPv6-mapped IPv4 is the same client.
  const mapped = await app.inject({
    method: 'GET',
    url: '/api/ip',
    remoteAddress: '::ffff:198.51.100.7',
  })
  expect(mapped.statusCode).toBe(503)
  const other = await app.inject({ method: 'GET', url: '/api/ip', remoteAddress: '198.51.100.8' })
  expect(other.statusCode).toBe(200)
  release()
  await Promise.all(held)
  const again = await app.inject({ method: 'GET', url: '/api/ip', remoteAddress: '198.51.100.7' })
  expect(again.statusCode).toBe(200)
})

test('0 switches shedding off', async () => {
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_IN_FLIGHT: '0' })
  const held = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/test/hold' }))
  expect((await app.inject({ method: 'GET', url: '/api/ip' })).statusCode).toBe(200)
  release()
  expect((await Promise.all(held)).map((response) => response.statusCode)).toEqual([
    200, 200, 200, 200, 200,
  ])
  expect(app.loadGauge.refused()).toBe(0)
})

test('a request whose client went away leaves the count', async () => {
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_IN_FLIGHT: '1' })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const aborted = new AbortController()
  const gone = fetch(`${address}/test/hold`, { signal: aborted.signal }).catch(() => 'aborted')
  await expect.poll(() => app.loadGauge.inFlight()).toBe(1)
  aborted.abort()
  expect(await gone).toBe('aborted')
  await expect.poll(() => app.loadGauge.inFlight()).toBe(0)
  expect((await fetch(`${address}/api/ip`)).status).toBe(200)
  release()
})

test('twenty submissions at once, as in `npm run bench:api`, are all accepted', async () => {
  engineApp = await startEngineApp(sqlite, { LOAD_SHEDDING_MAX_IN_FLIGHT: '64' })
  const app = engineApp
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => {
      const body = validSubmission()
      return app.post(submissionUrl(body.submissionKey), body)
    }),
  )
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201))
  expect((await countRows(app.database)).submissions).toBe(20)
})

test('two hundred submissions at once: the ones beyond the limit are refused, the others stored', async () => {
  // From many clients: no cap per client, so the limit on requests in flight is what refuses.
  engineApp = await startEngineApp(sqlite, {
    LOAD_SHEDDING_MAX_IN_FLIGHT: '64',
    LOAD_SHEDDING_MAX_PER_CLIENT: '0',
  })
  const app = engineApp
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => {
      const body = validSubmission()
      return app.post(submissionUrl(body.submissionKey), body)
    }),
  )
  const accepted = answers.filter((answer) => answer.statusCode === 201)
  const refused = answers.filter((answer) => answer.statusCode === 503)
  expect(accepted.length + refused.length).toBe(200)
  expect(accepted.length).toBeGreaterThanOrEqual(64)
  expect(refused.length).toBeGreaterThan(0)
  expect(refused.every((answer) => answer.headers['retry-after'] === '2')).toBe(true)
  expect((await countRows(app.database)).submissions).toBe(accepted.length)
  // Recovered at once.
  const body = validSubmission()
  expect((await app.post(submissionUrl(body.submissionKey), body)).statusCode).toBe(201)
})

test("a request takes its places in the applicant's, the back office's or the lenders' pool", () => {
  expect(poolOf('/api/submission/x', false)).toBe('applicant')
  expect(poolOf('/', false)).toBe('applicant')
  expect(poolOf('/api/back-office/sign-in', false)).toBe('back-office')
  expect(poolOf('/assets/index.js', true)).toBe('back-office')
  expect(poolOf('/api/lender-decisions/northfield', false)).toBe('lenders')
})

test("a client's share of the receiving places is the free places over the addresses holding some, between 2 and the cap", () => {
  const pool = (receiving: number, holders: Record<string, number>) => ({
    maxReceiving: 1024,
    receiving,
    receivingClients: new Map(Object.entries(holders)),
  })
  // An empty pool: the cap per client.
  expect(shareOf(pool(0, {}), 'a', 32)).toBe(32)
  // Forty addresses holding half the pool: each may hold 12, a newcomer 12 too.
  const forty = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`10.0.0.${i}`, 12]))
  expect(shareOf(pool(480, forty), '10.0.0.1', 32)).toBe(13)
  expect(shareOf(pool(480, forty), 'newcomer', 32)).toBe(13)
  // Nearly full: never below two.
  expect(shareOf(pool(1020, forty), 'newcomer', 32)).toBe(2)
  // No cap per client: no share either.
  expect(shareOf(pool(1020, forty), 'newcomer', 0)).toBe(Number.POSITIVE_INFINITY)
})

test('the back office and the lenders are served while every applicant place in flight is taken', async () => {
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_IN_FLIGHT: '4' })
  const held = Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/test/hold' }))
  await expect.poll(() => app.loadGauge.pool('applicant').inFlight()).toBe(4)

  const applicant = await app.inject({ method: 'GET', url: '/api/ip' })
  expect(applicant.statusCode).toBe(503)
  expect(applicant.json()).toEqual(SERVICE_UNAVAILABLE)
  const session = await app.inject({
    method: 'GET',
    url: '/api/back-office/session',
    headers: { host: 'backoffice.localhost' },
  })
  expect(session.statusCode).toBe(401)
  expect(session.json()).toMatchObject({ error: 'Not signed in' })
  const decision = await app.inject({
    method: 'POST',
    url: '/api/lender-decisions/no-such-lender',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  })
  // Past the gate: the route itself answers.
  expect(decision.statusCode).toBe(404)
  expect(decision.json()).toEqual({ error: 'Unknown lender' })
  // Pools of their own, a quarter of the applicant's (rounded up).
  expect(app.loadGauge.pool('back-office').maxInFlight).toBe(1)
  expect(app.loadGauge.pool('lenders').maxInFlight).toBe(1)
  // Every applicant place in flight taken: readiness says so (decision 1571).
  const ready = await app.inject({ method: 'GET', url: '/api/ready' })
  expect(ready.statusCode).toBe(503)
  expect(ready.json()).toEqual({ status: 'saturated' })
  release()
  await Promise.all(held)
})

test('bodies arriving from one address take at most half the free receiving places, and each later address less', async () => {
  // One applicant place in flight: sixteen receiving places. The cap per client at its default, 32.
  const { app, release } = await appWithHeldRoute({ LOAD_SHEDDING_MAX_IN_FLIGHT: '1' })
  const applicant = app.loadGauge.pool('applicant')
  expect(applicant.maxReceiving).toBe(16)
  const streams: PassThrough[] = []
  const answers: Promise<LightMyRequestResponse>[] = []
  /** Opens writes whose body never arrives from `address` until one is refused: how many got in. */
  const openUntilRefused = async (address: string): Promise<number> => {
    for (let accepted = 0; ; accepted += 1) {
      const refusedBefore = app.loadGauge.refused()
      const receivingBefore = applicant.receiving()
      const stream = new PassThrough()
      streams.push(stream)
      answers.push(
        app.inject({
          method: 'POST',
          url: '/api/events',
          remoteAddress: address,
          headers: { 'content-type': 'application/json', 'content-length': '2' },
          payload: stream,
        }),
      )
      await expect
        .poll(
          () => app.loadGauge.refused() - refusedBefore + applicant.receiving() - receivingBefore,
        )
        .toBe(1)
      if (app.loadGauge.refused() > refusedBefore) return accepted
    }
  }
  // 16 free over one address: 8; then 8 over two: 3; 5 over three: 2 (the least a share is), and so on.
  expect(await openUntilRefused('198.51.100.1')).toBe(8)
  expect(await openUntilRefused('198.51.100.2')).toBe(3)
  expect(await openUntilRefused('198.51.100.3')).toBe(2)
  // A client sending one or two writes at a time still gets in while places are free.
  expect(await openUntilRefused('198.51.100.4')).toBe(2)
  expect(applicant.receiving()).toBe(15)
  expect(await openUntilRefused('198.51.100.5')).toBe(1)
  expect(applicant.receiving()).toBe(16)

  for (const stream of streams) stream.end('{}')
  await Promise.all(answers)
  release()
  await expect.poll(() => applicant.receiving() + applicant.inFlight()).toBe(0)
})
