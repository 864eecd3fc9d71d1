// A database outage (decision 1432): which errors mean "the database is gone", the gate that refuses
// writes at once while it is, and the whole app through an outage on each engine: readiness false and a
// quick 503 with Retry-After for writes, then readiness true and writes accepted again, without a restart.
// PostgreSQL is taken away by a TCP proxy (connections refused, or held open in silence); SQLite by
// another connection holding the write lock. The same over real HTTP under load:
// `apps/server/faults/outage.ts`.

import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import Fastify from 'fastify'
import { afterEach, describe, expect, test } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../faults/support/tcp-proxy'
import { SQLITE_FILE_NAME } from '../src/db/database'
import {
  createDatabaseAvailability,
  isDatabaseUnavailable,
  registerDatabaseGate,
  SUSPECT_AFTER_MS,
  type DatabaseAvailability,
} from '../src/plugins/database-availability'
import { SERVICE_UNAVAILABLE } from '../src/plugins/error-handler'
import {
  countRows,
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import {
  openPostgres,
  openSqlite,
  postgresReachable,
  TEST_POSTGRES_URL,
  type TestDatabase,
} from './test-databases'

const silentLog = Fastify({ logger: false }).log

const error = (fields: Record<string, unknown>, message = 'failed') =>
  Object.assign(new Error(message), fields)

test.each<[string, boolean, unknown]>([
  ['connection refused', true, error({ code: 'ECONNREFUSED' })],
  ['connection reset', true, error({ code: 'ECONNRESET' })],
  ['host not found', true, error({ code: 'ENOTFOUND' })],
  ['PostgreSQL connection failure (08006)', true, error({ code: '08006' })],
  ['PostgreSQL shutting down (57P01)', true, error({ code: '57P01' })],
  ['PostgreSQL starting up (57P03)', true, error({ code: '57P03' })],
  ['PostgreSQL statement timeout (57014)', true, error({ code: '57014' })],
  ['PostgreSQL too many connections (53300)', true, error({ code: '53300' })],
  ['pg: connection terminated', true, new Error('Connection terminated unexpectedly')],
  ['pg: pool connect timeout', true, new Error('timeout exceeded when trying to connect')],
  ['pg: query timeout', true, new Error('Query read timeout')],
  ['SQLite busy', true, error({ code: 'SQLITE_BUSY' })],
  ['SQLite busy snapshot', true, error({ code: 'SQLITE_BUSY_SNAPSHOT' })],
  ['SQLite locked', true, error({ code: 'SQLITE_LOCKED' })],
  ['SQLite write I/O error', true, error({ code: 'SQLITE_IOERR_WRITE' })],
  ['SQLite disk full', true, error({ code: 'SQLITE_FULL' })],
  ['SQLite read-only', true, error({ code: 'SQLITE_READONLY' })],
  ['every address refused', true, new AggregateError([error({ code: 'ECONNREFUSED' })], 'x')],
  ['caused by a refusal', true, new Error('wrapped', { cause: error({ code: 'ECONNREFUSED' }) })],
  ['PostgreSQL unique violation (23505)', false, error({ code: '23505' })],
  ['PostgreSQL missing table (42P01)', false, error({ code: '42P01' })],
  ['SQLite constraint', false, error({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })],
  ['SQLite corrupt', false, error({ code: 'SQLITE_CORRUPT' })],
  ['a plain error', false, new Error('boom')],
  ['a type error', false, new TypeError("Cannot read properties of undefined (reading 'x')")],
  ['not an error', false, 'ECONNREFUSED'],
  ['nothing', false, undefined],
])('%s → database unavailable: %s', (_name, expected, thrown) => {
  expect(isDatabaseUnavailable(thrown)).toBe(expected)
})

test('the gate closes on an unavailable error, tells its listeners, and opens on the first good check', async () => {
  let healthy = false
  const kinds: string[] = []
  const availability = createDatabaseAvailability({
    check: async (kind) => {
      kinds.push(kind)
      if (!healthy) throw new Error('still down')
    },
    log: silentLog,
    recheckIntervalMs: 20,
  })
  let closed = 0
  availability.onUnavailable(() => (closed += 1))
  try {
    expect(availability.report(new Error('boom'))).toBe(false)
    expect(availability.available()).toBe(true)
    expect(availability.report(error({ code: 'ECONNREFUSED' }))).toBe(true)
    expect(availability.available()).toBe(false)
    expect(closed).toBe(1)
    // Rechecks run on their own, and ask whether a write could start.
    await expect.poll(() => kinds.length).toBeGreaterThanOrEqual(2)
    expect(new Set(kinds)).toEqual(new Set(['write']))
    expect(availability.available()).toBe(false)
    healthy = true
    await expect.poll(() => availability.available()).toBe(true)
    expect(closed).toBe(1)
  } finally {
    availability.stop()
  }
})

test('a check that takes longer than its time limit counts as unavailable', async () => {
  const availability = createDatabaseAvailability({
    check: () => new Promise(() => undefined),
    log: silentLog,
    timeoutMs: 50,
  })
  try {
    expect(await availability.check()).toBe(false)
    expect(availability.available()).toBe(false)
  } finally {
    availability.stop()
  }
})

/** An availability the test drives: it can be closed, and counts how often it is asked. */
function drivenAvailability() {
  let down = false
  const listeners: (() => void)[] = []
  const asked = { suspect: 0 }
  const availability: DatabaseAvailability = {
    available: () => !down,
    report: () => false,
    check: async () => !down,
    suspect: () => void (asked.suspect += 1),
    onUnavailable: (listener) => void listeners.push(listener),
    stop: () => undefined,
  }
  const close = () => {
    down = true
    for (const listener of listeners) listener()
  }
  return { availability, asked, close }
}

/** A bare app with the gate, a write that waits until released, and one that answers at once. */
async function gatedApp(writeTimeoutMs = 0) {
  const driven = drivenAvailability()
  const app = Fastify({ logger: false })
  registerDatabaseGate(app, driven.availability, { writeTimeoutMs })
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  app.post('/api/slow', async () => {
    await held
    return { stored: true }
  })
  app.post('/api/fast', async (_request, reply) => reply.code(201).send({ stored: true }))
  app.post('/api/events', async () => {
    await held
    return {}
  })
  await app.ready()
  return { app, ...driven, release }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a write waiting half a second with nothing stored meanwhile makes the gate ask the database', async () => {
  const { app, asked, release } = await gatedApp()
  try {
    const slow = app.inject({ method: 'POST', url: '/api/slow' })
    await sleep(SUSPECT_AFTER_MS / 2)
    expect(asked.suspect).toBe(0)
    await expect.poll(() => asked.suspect, { timeout: 2000 }).toBe(1)
    release()
    expect((await slow).statusCode).toBe(200)
  } finally {
    await app.close()
  }
})

test('a write waiting while others keep being stored does not make the gate ask (a heavy load)', async () => {
  const { app, asked, release } = await gatedApp()
  try {
    const slow = app.inject({ method: 'POST', url: '/api/slow' })
    for (let elapsed = 0; elapsed < SUSPECT_AFTER_MS * 3; elapsed += 100) {
      expect((await app.inject({ method: 'POST', url: '/api/fast' })).statusCode).toBe(201)
      await sleep(100)
    }
    expect(asked.suspect).toBe(0)
    release()
    await slow
  } finally {
    await app.close()
  }
})

test('when the gate closes, waiting writes get 503 at once and new ones are refused before the route', async () => {
  const { app, close, release } = await gatedApp()
  try {
    const waiting = app.inject({ method: 'POST', url: '/api/slow' })
    // The telemetry beacon needs no database: never gated.
    const beacon = app.inject({ method: 'POST', url: '/api/events' })
    await sleep(50)
    close()
    const answer = await waiting
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['retry-after']).toBe('5')
    expect(answer.json()).toEqual(SERVICE_UNAVAILABLE)
    const refused = await app.inject({ method: 'POST', url: '/api/fast' })
    expect(refused.statusCode).toBe(503)
    release()
    expect((await beacon).statusCode).toBe(200)
  } finally {
    await app.close()
  }
})

test('a write still waiting after DATABASE_WRITE_TIMEOUT_MS gets 503 whatever the checks say', async () => {
  const { app, release } = await gatedApp(300)
  try {
    const answer = await timed(() => app.inject({ method: 'POST', url: '/api/slow' }))
    expect(answer.value.statusCode).toBe(503)
    expect(answer.value.headers['retry-after']).toBe('5')
    expect(answer.ms).toBeGreaterThanOrEqual(290)
    release()
  } finally {
    await app.close()
  }
})

/** Milliseconds an async call took, with its result. */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await call()
  return { value, ms: performance.now() - started }
}

// In-process answers on a loaded test machine still come well inside the 2 s of the outage bar.
const QUICK_MS = 2000

let app: EngineApp | undefined
let proxy: TcpProxy | undefined
let holder: BetterSqlite3.Database | undefined
afterEach(async () => {
  holder?.close()
  await app?.close()
  await proxy?.close()
  app = undefined
  proxy = undefined
  holder = undefined
})

async function submit(current: EngineApp, body = validSubmission()) {
  return current.post(submissionUrl(body.submissionKey), body)
}

async function ready(current: EngineApp) {
  return current.app.inject({ method: 'GET', url: '/api/ready' })
}

function expectQuick503(answer: { statusCode: number; headers: Record<string, unknown> }) {
  expect(answer.statusCode).toBe(503)
  expect(answer.headers['retry-after']).toBe('5')
}

const postgres = await postgresReachable()

describe.skipIf(!postgres)('PostgreSQL through a proxy', () => {
  async function startBehindProxy(): Promise<{ current: EngineApp; cut: TcpProxy }> {
    const cut = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
    const url = new URL(TEST_POSTGRES_URL)
    url.host = `127.0.0.1:${cut.port}`
    const current = await startEngineApp({
      name: 'PostgreSQL',
      dialect: 'postgres',
      available: true,
      open: () => openPostgres(url.toString()),
    })
    return { current, cut }
  }

  test.each(['refuse', 'silent'] as const)(
    'connections %s: readiness false and quick 503s, then back without a restart',
    async (mode) => {
      const started = await startBehindProxy()
      app = started.current
      proxy = started.cut
      const current = started.current
      expect((await submit(current)).statusCode).toBe(201)
      const before = await countRows(current.database)

      await proxy.cut(mode)
      const refused = validSubmission()
      const write = await timed(() => submit(current, refused))
      expectQuick503(write.value)
      expect(write.value.json()).toEqual(SERVICE_UNAVAILABLE)
      expect(write.ms).toBeLessThan(QUICK_MS)
      const probe = await timed(() => ready(current))
      expect(probe.value.statusCode).toBe(503)
      expect(probe.value.json()).toEqual({ status: 'unavailable' })
      // The gate is closed: the next write is refused without waiting for the database.
      const next = await timed(() => submit(current))
      expectQuick503(next.value)
      expect(next.ms).toBeLessThan(500)

      await proxy.restore()
      await expect.poll(async () => (await ready(current)).statusCode, { timeout: 5000 }).toBe(200)
      // The applicant's retry of the refused submission is stored, once.
      expect((await submit(current, refused)).statusCode).toBe(201)
      expect((await countRows(current.database)).submissions).toBe(before.submissions + 1)
    },
    30_000,
  )
})

describe('SQLite with its write lock held by another connection', () => {
  test('writes get a quick 503 and readiness goes false; released, both come back', async () => {
    let opened: TestDatabase | undefined
    app = await startEngineApp({
      name: 'SQLite',
      dialect: 'sqlite',
      available: true,
      open: async () => (opened = await openSqlite()),
    })
    const current = app
    // As a listening server does: writes go to the writer thread, and the event loop stays free while
    // one waits for the lock.
    await current.app.writeStore.start()
    expect((await submit(current)).statusCode).toBe(201)
    expect((await ready(current)).statusCode).toBe(200)
    const before = await countRows(current.database)

    holder = new BetterSqlite3(join(opened?.location ?? '', SQLITE_FILE_NAME))
    holder.pragma('busy_timeout = 5000')
    holder.exec('begin exclusive')
    const refused = validSubmission()
    const write = await timed(() => submit(current, refused))
    expectQuick503(write.value)
    expect(write.ms).toBeLessThan(QUICK_MS)
    expect((await ready(current)).statusCode).toBe(503)
    const next = await timed(() => submit(current))
    expectQuick503(next.value)
    expect(next.ms).toBeLessThan(500)
    // Reads go on: the lock stops writers only.
    expect(await countRows(current.database)).toEqual(before)

    holder.exec('rollback')
    holder.close()
    holder = undefined
    await expect.poll(async () => (await ready(current)).statusCode, { timeout: 5000 }).toBe(200)
    // The refused write may still have been committed once the lock went; either way the retry is
    // answered 201 and the application is stored once.
    expect((await submit(current, refused)).statusCode).toBe(201)
    const after = await countRows(current.database)
    expect(after.submissions).toBe(before.submissions + 1)
  }, 30_000)
})
