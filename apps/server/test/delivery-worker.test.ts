// The delivery worker against a local fake lender, on both engines: at least once, never twice accepted,
// signed, retried, dead-lettered, shared by two workers, and quiet about personal data.

import { randomBytes } from 'node:crypto'
import { afterEach, expect, test } from 'vitest'
import { parseDataKeyring } from '../src/crypto/field-encryption'
import type { Database } from '../src/db/database'
import { destinationIdsFor } from '../src/delivery/destinations'
import {
  enqueueDeliveries,
  listDeliveries,
  retryDeliveries,
} from '../src/repositories/delivery-repository'
import { createDeliveryWorker, type DeliveryWorker } from '../src/delivery/worker'
import {
  allDeliveries,
  applicationPayload,
  BRAND,
  CANARY,
  captureLogger,
  destinationsFor,
  FAST,
  fastWorker,
  newSecret,
  openMigrated,
  submitApplications,
  waitUntil,
  type OpenedEngine,
} from './delivery-fixtures'
import { startFakeLender, type FakeLender, type FakeLenderOptions } from './fake-lender'
import { engines } from './test-databases'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  // Workers first, then lenders, then databases.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function lender(options: Omit<FakeLenderOptions, 'secret'> = {}) {
  const secret = newSecret()
  const fake = await startFakeLender({ secret, ...options })
  cleanups.push(() => fake.close())
  return { fake, destinations: destinationsFor([{ id: 'fake-lender', url: fake.url, secret }]) }
}

function running(worker: DeliveryWorker): DeliveryWorker {
  cleanups.push(() => worker.stop())
  worker.start()
  return worker
}

async function allSettled(database: Database, status = 'delivered'): Promise<boolean> {
  const rows = await allDeliveries(database)
  return rows.length > 0 && rows.every((row) => row.status === status)
}

function expectNoAttemptTwice(fake: FakeLender) {
  const pairs = fake.received.map((request) => `${request.webhookId}#${request.attempt}`)
  expect(new Set(pairs).size).toBe(pairs.length)
}

for (const engine of await engines()) {
  const run = test.skipIf(!engine.available)
  const open = async (): Promise<OpenedEngine> => {
    const migrated = await openMigrated(engine)
    cleanups.push(() => migrated.cleanup())
    return migrated
  }

  run(
    `${engine.name}: with half the lender's answers failing, every application is delivered and accepted once`,
    async () => {
      const { database } = await open()
      const { fake, destinations } = await lender({ failureRate: 0.5, seed: 20261122 })
      const keys = await submitApplications(database, 30, destinations)
      const logs = captureLogger()
      running(fastWorker(database, destinations, { logger: logs.logger }))
      await waitUntil(() => allSettled(database), 30_000, 'every delivery to succeed')

      const rows = await allDeliveries(database)
      expect(rows.map((row) => row.submission_key)).toEqual([...keys].sort())
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'delivered', last_status_code: 200, last_error: null })
        expect(row.delivered_at).not.toBeNull()
      }
      // Accepted exactly once each, with the application as it was submitted.
      expect([...fake.accepted.keys()].sort()).toEqual([...keys].sort())
      expect([...fake.acceptCounts.values()].every((count) => count === 1)).toBe(true)
      for (const key of keys) {
        expect(fake.accepted.get(key)?.body).toEqual({
          ...applicationPayload(key),
          evidence: { version: 1, records: [] },
        })
      }
      // The run did go through failures, hangs and repeats the lender dropped.
      const answers = fake.received.map((request) => request.answer)
      expect(answers).toContain('failed-500')
      expect(answers).toContain('hung')
      expect(answers).toContain('duplicate')
      expect(answers).not.toContain('bad-signature')
      // Every repeat of a delivery carries the same webhook-id and Idempotency-Key.
      for (const row of rows) {
        const requests = fake.received.filter(
          (request) => request.idempotencyKey === row.submission_key,
        )
        // An attempt can fail before its request arrives (here: a starved event loop), never the reverse.
        expect(requests.length).toBeGreaterThan(0)
        expect(requests.length).toBeLessThanOrEqual(row.attempts)
        expect(new Set(requests.map((request) => request.webhookId))).toEqual(new Set([row.id]))
      }
      expectNoAttemptTwice(fake)
      // Logs say which delivery, where, which attempt and what happened; never who applied.
      expect(logs.text()).not.toContain(CANARY)
      expect(logs.text()).not.toContain('zebedee.canary@example.com')
      const attempt = logs.lines.find((line) => line.message === 'delivery attempt')
      expect(Object.keys(attempt?.fields ?? {}).sort()).toEqual(
        ['attempt', 'deliveryId', 'destinationId', 'status', 'statusCode'].sort(),
      )
    },
    30_000,
  )

  run(
    `${engine.name}: the request is JSON, signed, with the submission key as Idempotency-Key`,
    async () => {
      const { database } = await open()
      const { fake, destinations } = await lender()
      const [key] = await submitApplications(database, 1, destinations)
      await fastWorker(database, destinations).runOnce()
      const accepted = fake.accepted.get(key!)
      const [row] = await allDeliveries(database)
      expect(accepted?.headers).toMatchObject({
        'content-type': 'application/json',
        'idempotency-key': key,
        'webhook-id': row!.id,
        'forecourt-delivery-attempt': '1',
        'user-agent': 'Forecourt-Delivery/1.0',
      })
      const sentAt = Number(accepted?.headers['webhook-timestamp'])
      expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(5)
      expect(accepted?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    },
  )

  run(
    `${engine.name}: after the last attempt the delivery is dead, listed, and retry brings it back`,
    async () => {
      const { database } = await open()
      const { fake, destinations } = await lender({ alwaysStatus: 503 })
      const [key] = await submitApplications(database, 1, destinations)
      const worker = running(
        fastWorker(database, destinations, { policy: { ...FAST.policy, maxAttempts: 3 } }),
      )
      await waitUntil(() => allSettled(database, 'dead'), 10_000, 'the delivery to die')
      await worker.stop()

      const [dead] = await listDeliveries(database.db, { status: 'dead' })
      expect(dead).toMatchObject({
        submission_key: key,
        status: 'dead',
        attempts: 3,
        last_status_code: 503,
        last_error: 'HTTP 503',
        delivered_at: null,
      })
      expect(fake.received.map((request) => request.attempt)).toEqual(['1', '2', '3'])

      fake.setAlwaysStatus(undefined)
      const [outcome] = await retryDeliveries(database.db, key!, new Date())
      expect(outcome?.action).toBe('requeued')
      await fastWorker(database, destinations).runOnce()
      expect((await allDeliveries(database))[0]).toMatchObject({
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
      })
      expect(fake.accepted.has(key!)).toBe(true)
    },
  )

  run(`${engine.name}: a refusal the lender repeats ends dead after a few attempts`, async () => {
    const { database } = await open()
    const { fake, destinations } = await lender({ alwaysStatus: 422 })
    await submitApplications(database, 1, destinations)
    running(fastWorker(database, destinations))
    await waitUntil(() => allSettled(database, 'dead'), 10_000, 'the delivery to die')
    expect((await allDeliveries(database))[0]).toMatchObject({
      attempts: FAST.policy!.maxRejectedAttempts,
      last_status_code: 422,
      last_error: 'HTTP 422',
    })
    expect(fake.received).toHaveLength(FAST.policy!.maxRejectedAttempts!)
  })

  run(`${engine.name}: a lender that does not answer in time is tried again later`, async () => {
    const { database } = await open()
    const { fake, destinations } = await lender({ failureRate: 1, failures: 'hang' })
    await submitApplications(database, 1, destinations)
    const started = Date.now()
    await fastWorker(database, destinations, { policy: { baseDelayMs: 60_000 } }).runOnce()
    expect(Date.now() - started).toBeLessThan(4000)
    const [row] = await allDeliveries(database)
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'no answer within 1 s',
    })
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(started)
    // It had in fact arrived: the retry will be a repeat the lender drops.
    expect(fake.accepted.size).toBe(1)
  })

  run(`${engine.name}: a payload encrypted at rest is delivered opened`, async () => {
    const { database } = await open()
    const { fake, destinations } = await lender()
    const problems: string[] = []
    const dataKeys = parseDataKeyring(
      { key: randomBytes(32).toString('base64'), keyId: 'k1', oldKeys: undefined },
      problems,
    )
    expect(problems).toEqual([])
    const [key] = await submitApplications(database, 1, destinations, { dataKeys })
    const stored = await database.db.selectFrom('applications').select('payload').execute()
    expect(JSON.stringify(stored)).not.toContain(CANARY)

    const logs = captureLogger()
    await createDeliveryWorker(
      { lenderDestinations: destinations, dataKeys },
      database,
      logs.logger,
      {
        ...FAST,
      },
    ).runOnce()
    expect(fake.accepted.get(key!)?.body).toEqual({
      ...applicationPayload(key!),
      evidence: { version: 1, records: [] },
    })
    expect(logs.text()).not.toContain(CANARY)
  })

  run(`${engine.name}: a delivery whose submission is gone is dead at once`, async () => {
    const { database } = await open()
    const { fake, destinations } = await lender()
    await enqueueDeliveries(database.db, {
      submissionKey: 'f0e1d2c3-0000-4000-8000-000000000000',
      brandId: BRAND,
      now: new Date(),
      destinationIds: destinationIdsFor(destinations, BRAND),
    })
    await fastWorker(database, destinations).runOnce()
    expect((await allDeliveries(database))[0]).toMatchObject({
      status: 'dead',
      attempts: 1,
      last_error: 'submission not found',
    })
    expect(fake.received).toEqual([])
  })

  run(
    `${engine.name}: a destination no longer configured waits to be configured again`,
    async () => {
      const { database } = await open()
      const { fake, destinations } = await lender()
      await submitApplications(database, 1, destinations)
      await fastWorker(database, {}, { policy: { baseDelayMs: 60_000 } }).runOnce()
      expect((await allDeliveries(database))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'destination not configured',
      })
      expect(fake.received).toEqual([])
    },
  )

  run(
    `${engine.name}: stopping lets an attempt in flight finish and record its result`,
    async () => {
      const { database } = await open()
      const { fake, destinations } = await lender({ delayMs: 200 })
      await submitApplications(database, 1, destinations)
      // A grace far longer than the lender's 200 ms, so a busy machine cannot turn "finish" into "abandon".
      const worker = fastWorker(database, destinations, {
        requestTimeoutMs: 3000,
        leaseMs: 6000,
        stopGraceMs: 5000,
      })
      worker.start()
      await waitUntil(async () => fake.received.length > 0, 5000, 'the request to arrive')
      await worker.stop()
      expect((await allDeliveries(database))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
    },
  )

  run(`${engine.name}: stopping abandons an attempt still unanswered after the grace`, async () => {
    const { database } = await open()
    const { fake, destinations } = await lender({ failureRate: 1, failures: 'hang' })
    await submitApplications(database, 1, destinations)
    const worker = fastWorker(database, destinations, {
      requestTimeoutMs: 5000,
      leaseMs: 10_000,
      stopGraceMs: 100,
      policy: { baseDelayMs: 60_000 },
    })
    worker.start()
    await waitUntil(async () => fake.received.length > 0, 5000, 'the request to arrive')
    const stopping = Date.now()
    await worker.stop()
    expect(Date.now() - stopping).toBeLessThan(2000)
    expect((await allDeliveries(database))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      locked_by: null,
      last_error: 'abandoned at shutdown before the lender answered',
    })
  })

  run(
    `${engine.name}: two workers on one database share the work and never send an attempt twice`,
    async () => {
      const opened = await open()
      const { fake, destinations } = await lender({ failureRate: 0.5, seed: 7 })
      const keys = await submitApplications(opened.database, 40, destinations)
      const logsA = captureLogger()
      const logsB = captureLogger()
      running(
        fastWorker(opened.database, destinations, { logger: logsA.logger, workerId: 'worker-a' }),
      )
      running(
        fastWorker(opened.openAnother(), destinations, {
          logger: logsB.logger,
          workerId: 'worker-b',
        }),
      )
      await waitUntil(() => allSettled(opened.database), 30_000, 'every delivery to succeed')

      expect([...fake.accepted.keys()].sort()).toEqual([...keys].sort())
      expectNoAttemptTwice(fake)
      const attempts = (lines: typeof logsA.lines) =>
        lines.filter((line) => line.message === 'delivery attempt').length
      // Both took part: the claims interleaved rather than one worker doing everything.
      expect(attempts(logsA.lines)).toBeGreaterThan(0)
      expect(attempts(logsB.lines)).toBeGreaterThan(0)
      const lost = [...logsA.lines, ...logsB.lines].filter((line) =>
        line.message.startsWith('delivery lease lost'),
      )
      expect(lost).toEqual([])
    },
    30_000,
  )
}
