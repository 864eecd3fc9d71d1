// The outbox on both engines: enqueueing in the submission's transaction, claiming under a lease, and
// the operator's retry.

import { afterEach, expect, test } from 'vitest'
import type { Database } from '../src/db/database'
import type { DeliveryRow } from '../src/db/tables'
import {
  claimDueDeliveries,
  enqueueDeliveries,
  findDeliveries,
  listDeliveries,
  recordAttempt,
  retryDeliveries,
} from '../src/repositories/delivery-repository'
import { destinationIdsFor } from '../src/delivery/destinations'
import {
  BRAND,
  destinationsFor,
  newSecret,
  openMigrated,
  type OpenedEngine,
} from './delivery-fixtures'
import { newDeliveryId } from '../src/repositories/rows'
import { engines } from './test-databases'

const opened: OpenedEngine[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.cleanup()))
})

const LENDERS = destinationsFor([
  { id: 'lender-a', url: 'https://a.example/in', secret: newSecret() },
  { id: 'lender-b', url: 'https://b.example/in', secret: newSecret() },
])
const T0 = new Date('2026-11-22T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const claimArgs = (workerId: string, now: Date, limit = 10) => ({
  workerId,
  limit,
  now,
  leaseMs: 60_000,
  maxAttempts: 5,
})

for (const engine of await engines()) {
  const open = async (): Promise<Database> => {
    const migrated = await openMigrated(engine)
    opened.push(migrated)
    return migrated.database
  }
  const run = test.skipIf(!engine.available)

  run(`${engine.name}: enqueue writes one pending row per destination of the brand`, async () => {
    const { db } = await open()
    const count = await enqueueDeliveries(db, {
      submissionKey: 'key-1',
      brandId: BRAND,
      now: T0,
      destinationIds: destinationIdsFor(LENDERS, BRAND),
    })
    expect(count).toBe(2)
    const rows = await db.selectFrom('deliveries').selectAll().orderBy('destination_id').execute()
    expect(rows).toEqual<DeliveryRow[]>(
      ['lender-a', 'lender-b'].map((destination) => ({
        id: expect.stringMatching(/^dlv_[0-9a-f]{32}$/) as unknown as string,
        submission_key: 'key-1',
        destination_id: destination,
        brand: BRAND,
        status: 'pending',
        attempts: 0,
        next_attempt_at: T0.toISOString(),
        locked_by: null,
        locked_until: null,
        last_status_code: null,
        last_error: null,
        created_at: T0.toISOString(),
        updated_at: T0.toISOString(),
        delivered_at: null,
      })),
    )
    expect(rows[0]!.id).not.toBe(rows[1]!.id)
  })

  run(`${engine.name}: a replayed enqueue makes no second row`, async () => {
    const { db } = await open()
    const args = {
      submissionKey: 'key-1',
      brandId: BRAND,
      now: T0,
      destinationIds: destinationIdsFor(LENDERS, BRAND),
    }
    expect(await enqueueDeliveries(db, args)).toBe(2)
    expect(await enqueueDeliveries(db, args)).toBe(0)
    expect(await enqueueDeliveries(db, { ...args, now: at(60) })).toBe(0)
    const rows = await db.selectFrom('deliveries').select('next_attempt_at').execute()
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.next_attempt_at === T0.toISOString())).toBe(true)
  })

  run(`${engine.name}: a brand with no destinations gets no rows`, async () => {
    const { db } = await open()
    const none = {
      submissionKey: 'key-1',
      brandId: 'scorepal',
      now: T0,
      destinationIds: destinationIdsFor(LENDERS, 'scorepal'),
    }
    expect(await enqueueDeliveries(db, none)).toBe(0)
    expect(await db.selectFrom('deliveries').selectAll().execute()).toEqual([])
  })

  run(`${engine.name}: rows enqueued in a transaction that rolls back are gone`, async () => {
    const { db } = await open()
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueDeliveries(trx, {
          submissionKey: 'key-1',
          brandId: BRAND,
          now: T0,
          destinationIds: destinationIdsFor(LENDERS, BRAND),
        })
        throw new Error('the submission failed after enqueueing')
      }),
    ).rejects.toThrow('the submission failed after enqueueing')
    expect(await db.selectFrom('deliveries').selectAll().execute()).toEqual([])
  })

  run(`${engine.name}: a claim takes due rows only, oldest first, up to the limit`, async () => {
    const { db } = await open()
    const database = opened.at(-1)!.database
    for (const [key, seconds] of [
      ['late', 30],
      ['early', 0],
      ['middle', 10],
      ['future', 3600],
    ] as const) {
      await enqueueDeliveries(db, {
        submissionKey: key,
        brandId: BRAND,
        now: at(seconds),
        destinationIds: ['lender-a'],
      })
    }
    const first = await claimDueDeliveries(database, claimArgs('w1', at(60), 2))
    expect(first.map((row) => row.submission_key)).toEqual(['early', 'middle'])
    expect(first[0]).toMatchObject({
      status: 'in_flight',
      attempts: 1,
      locked_by: 'w1',
      locked_until: at(120).toISOString(),
      updated_at: at(60).toISOString(),
    })
    const second = await claimDueDeliveries(database, claimArgs('w2', at(60)))
    expect(second.map((row) => row.submission_key)).toEqual(['late'])
    expect(await claimDueDeliveries(database, claimArgs('w3', at(60)))).toEqual([])
  })

  run(
    `${engine.name}: a crashed worker's lease runs out and another worker takes the row`,
    async () => {
      const { db } = await open()
      const database = opened.at(-1)!.database
      await enqueueDeliveries(db, {
        submissionKey: 'key-1',
        brandId: BRAND,
        now: T0,
        destinationIds: ['lender-a'],
      })
      const [claimed] = await claimDueDeliveries(database, claimArgs('crashed', T0))
      expect(claimed?.attempts).toBe(1)
      // Still leased a second before it ends.
      expect(await claimDueDeliveries(database, claimArgs('w2', at(59)))).toEqual([])
      const [reclaimed] = await claimDueDeliveries(database, claimArgs('w2', at(60)))
      expect(reclaimed).toMatchObject({ id: claimed!.id, attempts: 2, locked_by: 'w2' })

      const delivered = { status: 'delivered' } as const
      const record = (workerId: string, attempt: number) =>
        recordAttempt(db, {
          id: claimed!.id,
          workerId,
          attempt,
          step: delivered,
          statusCode: 200,
          error: null,
          now: at(61),
        })
      // The first worker comes back to life: its result no longer counts.
      expect(await record('crashed', 1)).toBe(false)
      expect(await record('w2', 2)).toBe(true)
      const [row] = await findDeliveries(db, 'key-1')
      expect(row).toMatchObject({
        status: 'delivered',
        attempts: 2,
        locked_by: null,
        locked_until: null,
        last_status_code: 200,
        delivered_at: at(61).toISOString(),
      })
    },
  )

  run(
    `${engine.name}: a lease that runs out on the last allowed attempt makes the row dead`,
    async () => {
      const { db } = await open()
      const database = opened.at(-1)!.database
      await enqueueDeliveries(db, {
        submissionKey: 'key-1',
        brandId: BRAND,
        now: T0,
        destinationIds: ['lender-a'],
      })
      await db.updateTable('deliveries').set({ attempts: 4 }).execute()
      expect(await claimDueDeliveries(database, claimArgs('crashed', T0))).toHaveLength(1)
      expect(await claimDueDeliveries(database, claimArgs('w2', at(3600)))).toEqual([])
      const [row] = await findDeliveries(db, 'key-1')
      expect(row).toMatchObject({
        status: 'dead',
        attempts: 5,
        locked_by: null,
        last_error: 'the worker stopped during the last attempt',
      })
    },
  )

  run(`${engine.name}: a failed attempt is stored with its next time and reason`, async () => {
    const { db } = await open()
    const database = opened.at(-1)!.database
    await enqueueDeliveries(db, {
      submissionKey: 'key-1',
      brandId: BRAND,
      now: T0,
      destinationIds: ['lender-a'],
    })
    const [claimed] = await claimDueDeliveries(database, claimArgs('w1', T0))
    await recordAttempt(db, {
      id: claimed!.id,
      workerId: 'w1',
      attempt: 1,
      step: { status: 'pending', nextAttemptAt: at(45) },
      statusCode: 503,
      error: 'HTTP 503',
      now: at(1),
    })
    expect((await findDeliveries(db, claimed!.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: at(45).toISOString(),
      last_status_code: 503,
      last_error: 'HTTP 503',
      delivered_at: null,
    })
    expect(await claimDueDeliveries(database, claimArgs('w1', at(44)))).toEqual([])
    expect(await claimDueDeliveries(database, claimArgs('w1', at(45)))).toHaveLength(1)
  })

  run(
    `${engine.name}: retry requeues dead and pending rows, and leaves delivered ones`,
    async () => {
      const { db } = await open()
      await enqueueDeliveries(db, {
        submissionKey: 'key-1',
        brandId: BRAND,
        now: T0,
        destinationIds: destinationIdsFor(LENDERS, BRAND),
      })
      await db
        .updateTable('deliveries')
        .set({ status: 'dead', attempts: 34, last_status_code: 500, last_error: 'HTTP 500' })
        .where('destination_id', '=', 'lender-a')
        .execute()
      await db
        .updateTable('deliveries')
        .set({ status: 'delivered', attempts: 2, delivered_at: at(5).toISOString() })
        .where('destination_id', '=', 'lender-b')
        .execute()
      const outcomes = await retryDeliveries(db, 'key-1', at(7200))
      expect(outcomes.map((outcome) => [outcome.delivery.destination_id, outcome.action])).toEqual([
        ['lender-a', 'requeued'],
        ['lender-b', 'already-delivered'],
      ])
      expect(outcomes[0]!.delivery).toMatchObject({
        status: 'pending',
        attempts: 0,
        next_attempt_at: at(7200).toISOString(),
        // The last failure stays visible until the next attempt replaces it.
        last_error: 'HTTP 500',
      })
      // By delivery id as well as by submission key.
      const byId = await retryDeliveries(db, outcomes[0]!.delivery.id, at(7300))
      expect(byId.map((outcome) => outcome.action)).toEqual(['requeued'])
      expect(await retryDeliveries(db, 'no-such-key', at(7300))).toEqual([])
    },
  )

  run(`${engine.name}: the list shows the newest first and filters by status`, async () => {
    const { db } = await open()
    for (const [key, seconds] of [
      ['older', 0],
      ['newer', 10],
    ] as const) {
      await enqueueDeliveries(db, {
        submissionKey: key,
        brandId: BRAND,
        now: at(seconds),
        destinationIds: ['lender-a'],
      })
    }
    await db
      .updateTable('deliveries')
      .set({ status: 'dead' })
      .where('submission_key', '=', 'older')
      .execute()
    expect((await listDeliveries(db)).map((row) => row.submission_key)).toEqual(['newer', 'older'])
    expect((await listDeliveries(db, { status: 'dead' })).map((row) => row.submission_key)).toEqual(
      ['older'],
    )
    expect(await listDeliveries(db, { limit: 1 })).toHaveLength(1)
  })
}

test('a delivery id is dlv_, the time and 20 random hex digits: later ids sort after earlier ones, none repeats', () => {
  const at = Date.UTC(2026, 10, 29, 20, 0, 0)
  const id = newDeliveryId(at)
  expect(id).toMatch(/^dlv_[0-9a-f]{32}$/)
  expect(id.slice(4, 16)).toBe(at.toString(16).padStart(12, '0'))
  expect(newDeliveryId(at + 1) > newDeliveryId(at)).toBe(true)
  const many = Array.from({ length: 1000 }, () => newDeliveryId(at))
  expect(new Set(many).size).toBe(1000)
})
