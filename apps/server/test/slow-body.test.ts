// Slow request bodies (decision 1571), the fast version of `npm run faults -- --only slow-body`: clients
// that send their bodies a byte at a time, from one address and then from twenty, must not take the places
// other clients need. Real sockets on loopback: each attacking address is a local address of its own.

import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import {
  attackInChildProcess,
  bystander,
  percentile,
  type BystanderRequest,
} from '../faults/support/slow-body'
import { applicationUrl, partialPayload, writeHeaders } from './submission-test-helpers'
import { startTestApp, type TestApp } from './test-app'
import { withBrowserSecret } from '../faults/support/browser-secret'

const P99_BAR_MS = 250

let testApp: TestApp | undefined
let attack: Awaited<ReturnType<typeof attackInChildProcess>> | undefined
afterEach(async () => {
  await attack?.stop().catch(() => undefined)
  attack = undefined
  await testApp?.close()
  testApp = undefined
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function listeningApp(env: Record<string, string> = {}) {
  testApp = await startTestApp({
    RETENTION_JOB: 'off',
    DELIVERY_WORKER: 'off',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
    RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
    // Past the measurement below, so the client is measured while every attacking socket is held; the
    // deadline's closing them all at once, and their reconnecting together, is in the fault scenario.
    REQUEST_TIMEOUT_MS: '5000',
    ...env,
  })
  const { app } = testApp
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const headers = await writeHeaders(app)
  // What an applicant's browser does meanwhile: its address, a token, a partial save.
  const next = (index: number): BystanderRequest => {
    if (index % 3 === 0) return { method: 'GET', path: '/api/ip' }
    if (index % 3 === 1) return { method: 'GET', path: '/api/csrf' }
    const key = randomUUID()
    return {
      method: 'POST',
      path: applicationUrl(key),
      headers,
      body: JSON.stringify(partialPayload(key)),
    }
  }
  return { app, port, next }
}

async function readiness(app: TestApp['app']): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/ready' })
  return `${response.statusCode} ${(response.json() as { status: string }).status}`
}

test.each([
  { addresses: 1, perAddress: 64 },
  { addresses: 20, perAddress: 40 },
])(
  'slow bodies from $addresses address(es), $perAddress each, leave other clients served fast',
  async ({ addresses, perAddress }) => {
    const { app, port, next } = await listeningApp()
    // The first requests compile schemas and start the SQLite writer: not the attack's doing.
    await bystander({ port, durationMs: 1000, next })
    // In a process of its own, as an attacker is: its sockets do not share the server's event loop.
    attack = await attackInChildProcess({ port, addresses, perAddress })
    // Every attacking socket has connected and sent its headers, and those refused have come back once.
    await sleep(2500)
    expect(app.loadGauge.receiving()).toBeGreaterThan(0)
    const readyDuring = await readiness(app)

    const served = await bystander({ port, durationMs: 2500, next })
    // Until the deadline has closed the first attacking requests.
    await sleep(2000)
    const { endings } = await attack.stop()
    attack = undefined

    expect(readyDuring).toBe('200 ready')
    expect(served.errors).toBe(0)
    expect([...served.statuses.keys()].sort()).toEqual([200, 202])
    expect(served.latenciesMs.length).toBeGreaterThan(20)
    expect(percentile(served.latenciesMs, 0.99)).toBeLessThanOrEqual(P99_BAR_MS)
    // The attacker's own requests: refused past his caps, and closed at the request deadline.
    expect(endings.get('503') ?? 0).toBeGreaterThan(0)
    expect(endings.get('408') ?? 0).toBeGreaterThan(0)

    // Nothing is left counted once the sockets are gone.
    await expect.poll(() => app.loadGauge.receiving() + app.loadGauge.inFlight()).toBe(0)
    const lines = testApp?.logLines() ?? []
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([])
    expect(lines.filter((line) => line.msg === 'write timed out waiting for the database')).toEqual(
      [],
    )
  },
  30_000,
)

test('readiness says "saturated" while every place in flight is taken, and "ready" again after', async () => {
  testApp = await startTestApp({
    RETENTION_JOB: 'off',
    DELIVERY_WORKER: 'off',
    LOAD_SHEDDING_MAX_IN_FLIGHT: '2',
  })
  const { app } = testApp
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  app.get('/test/hold', async () => {
    await held
    return {}
  })
  await app.ready()
  const holding = [1, 2].map(() => app.inject({ method: 'GET', url: '/test/hold' }))
  await expect.poll(() => app.loadGauge.inFlight()).toBe(2)
  const saturated = await app.inject({ method: 'GET', url: '/api/ready' })
  expect(saturated.statusCode).toBe(503)
  expect(saturated.json()).toEqual({ status: 'saturated' })
  expect(saturated.headers['retry-after']).toBe('5')
  release()
  await Promise.all(holding)
  expect(await readiness(app)).toBe('200 ready')
})

test('a write whose body arrives slowly is not taken for a database that does not answer', async () => {
  testApp = await startTestApp({
    RETENTION_JOB: 'off',
    DELIVERY_WORKER: 'off',
    DATABASE_WRITE_TIMEOUT_MS: '300',
  })
  const { app } = testApp
  const headers = await writeHeaders(app)
  const key = randomUUID()
  const body = Buffer.from(JSON.stringify(partialPayload(key)))
  const stream = new PassThrough()
  const answer = app.inject({
    method: 'POST',
    url: applicationUrl(key),
    headers: withBrowserSecret(applicationUrl(key), {
      ...headers,
      'content-type': 'application/json',
      'content-length': body.length,
    }),
    payload: stream,
  })
  // Longer than the write timeout and the half second after which a waiting write is suspect.
  stream.write(body.subarray(0, 10))
  await sleep(800)
  stream.end(body.subarray(10))
  const response = await answer
  expect(response.statusCode).toBe(202)
  expect(response.json()).toEqual({ status: 'saved' })
  const messages = testApp.logLines().map((line) => line.msg)
  expect(messages).not.toContain('write timed out waiting for the database')
  expect(messages).not.toContain('database unavailable: refusing writes')
})
