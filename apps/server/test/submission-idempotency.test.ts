// Nothing lost, nothing doubled (docs/requirements.md#reliability): replays and concurrent duplicates of one key store one
// row and get the first answer; another body under a used key is a conflict; and the transaction is all
// or nothing. On SQLite and on PostgreSQL.

import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../src/db/database'
import { migrateToLatest } from '../src/db/migrate'
import { registerErrorHandler } from '../src/plugins/error-handler'
import { registerWriteStore } from '../src/plugins/write-store'
import { findApplication } from '../src/repositories/application-repository'
import { bodyHash } from '../src/repositories/body-hash'
import {
  batchingSubmissionStore,
  type EnqueueDeliveries,
  type NewSubmission,
} from '../src/repositories/submission-repository'
import { submissionRoutes } from '../src/routes/api/submission'
import {
  countRows,
  postJson,
  startEngineApp,
  submissionUrl,
  TEST_LENDERS,
  validSubmission,
  type Answer,
  type EngineApp,
} from './submission-test-helpers'
import { engines, type Engine } from './test-databases'

const LENDERS = TEST_LENDERS.carfinance.length

const newSubmission = (key: string, firstName = 'Ada'): NewSubmission => {
  const payload = { ...validSubmission(key), firstName }
  return {
    submissionKey: key,
    body: payload,
    brand: 'carfinance',
    payload,
    answer: { status: 201, body: JSON.stringify({ submissionKey: key }) },
    reference: applicationReference(key),
    now: new Date(),
    serverSequence: Date.now() * 1000,
  }
}

/** Makes the database itself refuse the outbox rows of one submission key, as a broken disk might. */
async function failOutboxWritesFor(database: Database, key: string): Promise<() => Promise<void>> {
  if (database.dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger fail_outbox before insert on deliveries when new.submission_key = '${key}'
         begin select raise(abort, 'outbox unavailable'); end`,
      )
      .execute(database.db)
    return async () => {
      await sql.raw('drop trigger fail_outbox').execute(database.db)
    }
  }
  await sql
    .raw(
      `create function fail_outbox() returns trigger language plpgsql as $$
       begin
         if new.submission_key = '${key}' then raise exception 'outbox unavailable'; end if;
         return new;
       end $$`,
    )
    .execute(database.db)
  await sql
    .raw(
      'create trigger fail_outbox before insert on deliveries for each row execute function fail_outbox()',
    )
    .execute(database.db)
  return async () => {
    await sql.raw('drop trigger fail_outbox on deliveries').execute(database.db)
    await sql.raw('drop function fail_outbox()').execute(database.db)
  }
}
const allEngines = await engines()

/** Runs `tasks` with at most `width` in flight at once. */
async function inBatches<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = []
  for (let i = 0; i < tasks.length; i += width) {
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))))
  }
  return results
}

const answerOf = (response: Answer) => ({
  status: response.statusCode,
  body: response.body,
})

for (const engine of allEngines) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    test(`${engine.name}: 1,000 replays of ten submissions store exactly one row of each`, async () => {
      const before = await countRows(app.database)
      const bodies = Array.from({ length: 10 }, () => validSubmission())
      const first = await Promise.all(
        bodies.map((body) => app.post(submissionUrl(body.submissionKey), body)),
      )
      expect(first.map((response) => response.statusCode)).toEqual(bodies.map(() => 201))

      const replays = Array.from({ length: 1000 }, (_, i) => () => {
        const body = bodies[i % bodies.length]!
        return app.post(submissionUrl(body.submissionKey), body)
      })
      const answers = await inBatches(replays, 50)
      answers.forEach((response, i) => {
        const original = first[i % bodies.length]!
        expect(answerOf(response)).toEqual(answerOf(original))
        expect(response.headers['idempotent-replayed']).toBe('true')
      })

      expect(await countRows(app.database)).toEqual({
        submissions: before.submissions + 10,
        applications: before.applications + 10,
        deliveries: before.deliveries + 10 * LENDERS,
      })
    }, 60_000)

    test(`${engine.name}: a replay with keys in another order and other spacing is the same body`, async () => {
      const body = validSubmission()
      const first = await app.post(submissionUrl(body.submissionKey), body)
      const reordered = Object.fromEntries(Object.entries(body).reverse())
      const text = JSON.stringify(reordered, null, 2)
      const again = await app.post(submissionUrl(body.submissionKey), text)
      expect(answerOf(again)).toEqual(answerOf(first))
    })

    test(`${engine.name}: 50 concurrent duplicates of one key store one row, and all get the same answer`, async () => {
      const before = await countRows(app.database)
      const body = validSubmission()
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => app.post(submissionUrl(body.submissionKey), body)),
      )
      const distinct = new Set(answers.map((response) => JSON.stringify(answerOf(response))))
      expect(distinct.size).toBe(1)
      expect(answers[0]?.statusCode).toBe(201)
      // Exactly one of them did the work; the rest are replays.
      expect(answers.filter((response) => !response.headers['idempotent-replayed'])).toHaveLength(1)
      expect(await countRows(app.database)).toEqual({
        submissions: before.submissions + 1,
        applications: before.applications + 1,
        deliveries: before.deliveries + LENDERS,
      })
    })

    test(`${engine.name}: two bodies racing under one key: one is stored, its copies get 201, the others 409`, async () => {
      const key = randomUUID()
      const mine = validSubmission(key)
      const theirs = { ...validSubmission(key), firstName: 'Grace' }
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const body = i % 2 === 0 ? mine : theirs
          return app.post(submissionUrl(key), body).then((response) => ({ body, response }))
        }),
      )
      const stored = await findApplication(app.database.db, key, undefined)
      const winner = stored?.payload.firstName === 'Grace' ? theirs : mine
      for (const { body, response } of answers) {
        expect(response.statusCode).toBe(body === winner ? 201 : 409)
      }
      const rows = await app.database.db
        .selectFrom('submissions')
        .select('submission_key')
        .where('submission_key', '=', key)
        .execute()
      expect(rows).toHaveLength(1)
    })

    test(`${engine.name}: the same key with a different body → 409, and the first stays as it was`, async () => {
      const body = validSubmission()
      const first = await app.post(submissionUrl(body.submissionKey), body)
      const changed = { ...body, loanAmount: body.loanAmount + 1 }
      const conflict = await app.post(submissionUrl(body.submissionKey), changed)
      expect(conflict.statusCode).toBe(409)
      // Kept beside the first for the broker, under the same reference (decision 1802).
      expect(conflict.json()).toEqual({
        error: 'This submission key was already used with a different application',
        submissionKey: body.submissionKey,
        reference: (first.json() as { reference: string }).reference,
        status: 'needs-attention',
      })
      const stored = await findApplication(app.database.db, body.submissionKey, undefined)
      expect(stored?.payload.loanAmount).toBe(body.loanAmount)
      // The first body is still answered as before.
      expect(answerOf(await app.post(submissionUrl(body.submissionKey), body))).toEqual(
        answerOf(first),
      )
    })

    test(`${engine.name}: an invalid body under a used key → 409, not a validation answer`, async () => {
      const body = validSubmission()
      await app.post(submissionUrl(body.submissionKey), body)
      const response = await app.post(submissionUrl(body.submissionKey), {
        ...body,
        termsAndConditionsAgreed: false,
      })
      expect(response.statusCode).toBe(409)
    })
  })

  describe.skipIf(!engine.available)(`${engine.name} group commit`, () => {
    test(`${engine.name}: submissions written together are each all or nothing`, async () => {
      const testDatabase = await engine.open()
      try {
        await migrateToLatest(testDatabase.database)
        const { db } = testDatabase.database
        const keys = Array.from({ length: 10 }, () => randomUUID())
        const failing = keys[4]!
        const enqueue: EnqueueDeliveries = async (trx, batch) => {
          for (const args of batch) {
            await insertDelivery(trx, args)
            if (args.submissionKey === failing) throw new Error('outbox unavailable')
          }
        }
        // Batches of three: the ten arrive together and are written in four transactions.
        const store = batchingSubmissionStore(
          db,
          { dataKeys: undefined, destinationIds: () => [], enqueueDeliveries: enqueue },
          { maxBatch: 3 },
        )
        const duplicate = newSubmission(keys[7]!)
        const conflicting = newSubmission(keys[8]!, 'Grace')
        const outcomes = await Promise.allSettled([
          ...keys.map((key) => store(newSubmission(key))),
          store(duplicate),
          store(conflicting),
        ])

        const summary = outcomes.map((outcome) =>
          outcome.status === 'rejected'
            ? `rejected: ${(outcome.reason as Error).message}`
            : 'secretMismatch' in outcome.value
              ? 'secret mismatch'
              : outcome.value.stored
                ? 'stored'
                : `exists: ${outcome.value.existing.body_hash === bodyHash(duplicate.body) ? 'same body' : 'other body'}`,
        )
        expect(summary).toEqual([
          ...keys.map((key) => (key === failing ? 'rejected: outbox unavailable' : 'stored')),
          'exists: same body',
          'exists: other body',
        ])
        expect(await countRows(testDatabase.database)).toEqual({
          submissions: 9,
          applications: 9,
          deliveries: 9,
        })
        const stored = await findApplication(db, failing, undefined)
        expect(stored).toBeUndefined()
      } finally {
        await testDatabase.cleanup()
      }
    })
  })

  describe.skipIf(!engine.available)(`${engine.name} with the database refusing one write`, () => {
    test(`${engine.name}: of ten submissions sent together, the one whose outbox write fails is the only one not stored`, async () => {
      const app = await startEngineApp(engine)
      try {
        const bodies = Array.from({ length: 10 }, () => validSubmission())
        const failing = bodies[3]!
        const allow = await failOutboxWritesFor(app.database, failing.submissionKey)
        const answers = await Promise.all(
          bodies.map((body) => app.post(submissionUrl(body.submissionKey), body)),
        )
        expect(answers.map((answer) => answer.statusCode)).toEqual(
          bodies.map((body) => (body === failing ? 500 : 201)),
        )
        expect(await countRows(app.database)).toEqual({
          submissions: 9,
          applications: 9,
          deliveries: 9 * LENDERS,
        })
        expect(await findApplication(app.database.db, failing.submissionKey, undefined)).toBe(
          undefined,
        )

        await allow()
        const retried = await app.post(submissionUrl(failing.submissionKey), failing)
        expect(retried.statusCode).toBe(201)
        expect(retried.headers['idempotent-replayed']).toBeUndefined()
        expect(await countRows(app.database)).toEqual({
          submissions: 10,
          applications: 10,
          deliveries: 10 * LENDERS,
        })
      } finally {
        await app.close()
      }
    })
  })

  describe.skipIf(!engine.available)(`${engine.name} with a controlled route`, () => {
    test(`${engine.name}: when writing the outbox fails, nothing is stored and the client may try again`, async () => {
      let failing = true
      const enqueue: EnqueueDeliveries = async (trx, batch) => {
        for (const args of batch) await insertDelivery(trx, args)
        if (failing) throw new Error('outbox unavailable')
      }
      await withRoute(engine, { enqueueDeliveries: enqueue }, async (post, database) => {
        const body = validSubmission()
        const failed = await post(body)
        expect(failed.statusCode).toBe(500)
        expect(failed.json()).toEqual({ error: 'Internal error' })
        expect(await countRows(database)).toEqual({
          submissions: 0,
          applications: 0,
          deliveries: 0,
        })

        failing = false
        const retried = await post(body)
        expect(retried.statusCode).toBe(201)
        expect(await countRows(database)).toEqual({
          submissions: 1,
          applications: 1,
          deliveries: 1,
        })
      })
    })

    test(`${engine.name}: a replay gets the first answer even when today's rules would refuse the body`, async () => {
      let now = new Date('2025-06-02T10:00:00Z')
      await withRoute(engine, { clock: () => now }, async (post) => {
        // 79 on the day it is first sent; 80 by the time it is replayed.
        const body = { ...validSubmission(), dateOfBirth: '1945-06-03T00:00:00.000' }
        const first = await post(body)
        expect(first.statusCode).toBe(201)
        now = new Date('2025-06-04T10:00:00Z')
        const replayed = await post(body)
        expect(answerOf(replayed)).toEqual(answerOf(first))
        const fresh = await post({ ...body, submissionKey: randomUUID() })
        expect(fresh.statusCode).toBe(400)
      })
    })
  })
}

/** The submission route alone, with test doubles, over a fresh database of `engine`. */
async function withRoute(
  engine: Engine,
  options: { enqueueDeliveries?: EnqueueDeliveries; clock?: () => Date },
  use: (
    post: (body: { submissionKey: string }, key?: string) => Promise<Answer>,
    database: EngineApp['database'],
  ) => Promise<void>,
): Promise<void> {
  const testDatabase = await engine.open()
  const app = Fastify({ logger: false })
  try {
    await migrateToLatest(testDatabase.database)
    registerErrorHandler(app)
    const store = registerWriteStore(app, testDatabase.database, {
      dataKeys: undefined,
      destinationIds: () => [],
      groupCommit: testDatabase.database.dialect === 'sqlite',
      enqueueDeliveries: options.enqueueDeliveries,
    })
    app.addHook('onClose', () => store.close())
    await app.register(submissionRoutes, {
      db: testDatabase.database.db,
      dataKeys: undefined,
      clock: options.clock,
    })
    await use(
      (body, key = body.submissionKey) => postJson(app, submissionUrl(key), body),
      testDatabase.database,
    )
  } finally {
    await app.close()
    await testDatabase.cleanup()
  }
}

/** One outbox row, as enqueueDeliveries writes it, so a test double fails after a real write. */
async function insertDelivery(
  trx: Parameters<EnqueueDeliveries>[0],
  args: Parameters<EnqueueDeliveries>[1][number],
): Promise<void> {
  await trx
    .insertInto('deliveries')
    .values({
      id: `dlv_${randomUUID().replaceAll('-', '')}`,
      submission_key: args.submissionKey,
      destination_id: 'lender-a',
      brand: args.brandId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: args.now.toISOString(),
      locked_by: null,
      locked_until: null,
      last_status_code: null,
      last_error: null,
      created_at: args.now.toISOString(),
      updated_at: args.now.toISOString(),
      delivered_at: null,
    })
    .execute()
}
