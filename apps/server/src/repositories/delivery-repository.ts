// The lender outbox's SQL (decision 0701): deliveries are written in the same transaction as the
// submission they carry, so a submission acknowledged with a 2xx always has its deliveries, and a
// rolled-back one never does; the delivery worker claims them under a lease and records each attempt; the
// operator lists and requeues them. The rows themselves are built in rows.ts.

import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/database'
import type { DeliveryRow, DeliveryStatus, NewDeliveryRow, Tables } from '../db/tables'
import type { NextStep } from '../delivery/backoff'
import { claimDueRows, type ClaimArgs } from './leased-claim'
import { deliveryRowsFor } from './rows'

export interface EnqueueArgs {
  submissionKey: string
  brandId: string
  now: Date
  /** The lender destinations configured for the brand (delivery/destinations.ts): one row each. */
  destinationIds: readonly string[]
}

/** One pending delivery per destination given, due at `now`; none without any. */
export function deliveryRows(args: EnqueueArgs): NewDeliveryRow[] {
  return deliveryRowsFor(
    args.submissionKey,
    args.brandId,
    args.now.toISOString(),
    args.destinationIds,
  )
}

/**
 * Inserts one pending delivery per destination given, due at `now`. Returns how many
 * rows it inserted: 0 when the brand has no destinations, and 0 again when replayed for the same
 * submission (the unique (submission_key, destination_id) pair absorbs the repeat).
 */
export async function enqueueDeliveries(
  trx: Transaction<Tables> | Kysely<Tables>,
  args: EnqueueArgs,
): Promise<number> {
  return insertDeliveries(trx, deliveryRows(args))
}

/**
 * The deliveries of several submissions in one statement (a group commit's batch); the same rows and the
 * same absorbed repeats as enqueueDeliveries for each. Returns how many rows it inserted.
 */
export async function enqueueDeliveriesFor(
  trx: Transaction<Tables> | Kysely<Tables>,
  submissions: readonly EnqueueArgs[],
): Promise<number> {
  return insertDeliveries(trx, submissions.flatMap(deliveryRows))
}

async function insertDeliveries(
  trx: Transaction<Tables> | Kysely<Tables>,
  rows: NewDeliveryRow[],
): Promise<number> {
  if (rows.length === 0) return 0
  const result = await trx
    .insertInto('deliveries')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['submission_key', 'destination_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}

// --- The worker's side: claiming due rows under a lease, and recording what an attempt came to ---

/**
 * Claims up to `limit` due deliveries for one worker, marking them in flight under a lease and counting
 * the attempt in one atomic step (leased-claim.ts, decision 0705).
 */
export function claimDueDeliveries(database: Database, args: ClaimArgs): Promise<DeliveryRow[]> {
  return claimDueRows(database, 'deliveries', args, (now) =>
    deadenAbandonedLastAttempts(database.db, now, args.maxAttempts),
  )
}

async function deadenAbandonedLastAttempts(
  db: Kysely<Tables>,
  now: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({
      status: 'dead',
      locked_by: null,
      locked_until: null,
      last_error: 'the worker stopped during the last attempt',
      updated_at: now,
    })
    .where('status', '=', 'in_flight')
    .where('locked_until', '<=', now)
    .where('attempts', '>=', maxAttempts)
    .execute()
}

export interface AttemptRecord {
  id: string
  workerId: string
  /** The attempt number the claim gave; together with workerId it identifies the lease. */
  attempt: number
  step: NextStep
  statusCode: number | null
  error: string | null
  now: Date
  /** With these, the attempt is also kept in delivery_attempts for the back office's timeline. */
  submissionKey?: string
  destinationId?: string
}

/**
 * Stores an attempt's outcome, only if this worker still holds the lease for this attempt. Returns false
 * when the lease was lost (it ran out and another worker claimed the row): that worker's result counts.
 */
export async function recordAttempt(db: Kysely<Tables>, record: AttemptRecord): Promise<boolean> {
  const now = record.now.toISOString()
  const result = await db
    .updateTable('deliveries')
    .set({
      status: record.step.status,
      ...(record.step.status === 'pending'
        ? { next_attempt_at: record.step.nextAttemptAt.toISOString() }
        : {}),
      locked_by: null,
      locked_until: null,
      last_status_code: record.statusCode,
      last_error: record.error,
      updated_at: now,
      ...(record.step.status === 'delivered' ? { delivered_at: now } : {}),
    })
    .where('id', '=', record.id)
    .where('status', '=', 'in_flight')
    .where('locked_by', '=', record.workerId)
    .where('attempts', '=', record.attempt)
    .executeTakeFirst()
  const recorded = result.numUpdatedRows > 0n
  if (recorded && record.submissionKey !== undefined && record.destinationId !== undefined) {
    await db
      .insertInto('delivery_attempts')
      .values({
        delivery_id: record.id,
        attempt: record.attempt,
        submission_key: record.submissionKey,
        destination_id: record.destinationId,
        outcome: record.step.status,
        status_code: record.statusCode,
        error: record.error,
        created_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
  }
  return recorded
}

// --- The operator's side ---

export async function listDeliveries(
  db: Kysely<Tables>,
  filter: { status?: DeliveryStatus; limit?: number } = {},
): Promise<DeliveryRow[]> {
  let query = db.selectFrom('deliveries').selectAll()
  if (filter.status !== undefined) query = query.where('status', '=', filter.status)
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit ?? 100)
    .execute()
}

/** Every delivery of one submission, or the one delivery with this id. */
export async function findDeliveries(db: Kysely<Tables>, key: string): Promise<DeliveryRow[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where((eb) => eb.or([eb('submission_key', '=', key), eb('id', '=', key)]))
    .orderBy('destination_id')
    .execute()
}

export interface RetryOutcome {
  delivery: DeliveryRow
  /** 'requeued' when this call made it due now; otherwise why it was left alone. */
  action: 'requeued' | 'already-delivered' | 'in-flight'
}

/**
 * Makes the dead and pending deliveries of a submission (or the one delivery with this id) due now, with a
 * fresh allowance of attempts. Delivered rows are not sent again and in-flight rows are left to their
 * worker. Returns one outcome per delivery found; none when the key is unknown.
 */
export async function retryDeliveries(
  db: Kysely<Tables>,
  key: string,
  now: Date,
): Promise<RetryOutcome[]> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    const found = await findDeliveries(trx, key)
    const outcomes: RetryOutcome[] = []
    for (const delivery of found) {
      if (delivery.status === 'delivered') {
        outcomes.push({ delivery, action: 'already-delivered' })
        continue
      }
      if (delivery.status === 'in_flight') {
        outcomes.push({ delivery, action: 'in-flight' })
        continue
      }
      const updated = await trx
        .updateTable('deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: at, updated_at: at })
        .where('id', '=', delivery.id)
        .where('status', 'in', ['pending', 'dead'])
        .returningAll()
        .executeTakeFirst()
      outcomes.push({ delivery: updated ?? delivery, action: 'requeued' })
    }
    return outcomes
  })
}
