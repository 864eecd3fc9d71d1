// Claiming the due rows of an outbox under a lease (decision 0705), for both outboxes that are worked that
// way: the lender deliveries (delivery-repository.ts) and the emails (email/outbox.ts). Both keep the same
// columns for it, and are claimed the same way on both engines.

import type { ExpressionBuilder, Kysely, Selectable } from 'kysely'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'

/** The outboxes claimed under a lease. */
export type LeasedTable = 'deliveries' | 'emails'

/** What a claim reads and writes: columns every leased outbox has, with the same meaning. */
interface LeaseColumns {
  id: string
  status: string
  attempts: number
  next_attempt_at: string
  locked_by: string | null
  locked_until: string | null
  updated_at: string
}

type LeaseTables = Record<LeasedTable, LeaseColumns>
type Filter = ExpressionBuilder<LeaseTables, LeasedTable>

export interface ClaimArgs {
  workerId: string
  limit: number
  now: Date
  /** How long the claim holds; after it a crashed worker's row is claimable again. */
  leaseMs: number
  /** Rows whose lease ran out on their last allowed attempt are not claimed again but made dead. */
  maxAttempts: number
}

function isDue(now: string, maxAttempts: number) {
  return (eb: Filter) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
      // A worker that died mid-attempt never recorded a result: its lease runs out and the row is due.
      eb.and([
        eb('status', '=', 'in_flight'),
        eb('locked_until', '<=', now),
        eb('attempts', '<', maxAttempts),
      ]),
    ])
}

/**
 * Claims up to `limit` due rows of `table` for one worker: marks them in flight with a lease and counts
 * the attempt, all in one atomic step, so no two workers ever hold the same attempt. Counting at claim
 * time means an attempt that crashes the worker still counts, and a poisonous row cannot loop forever.
 * Before claiming, `deadenAbandoned` makes dead the rows whose lease ran out on their last allowed attempt
 * (each outbox says what it records then).
 */
export async function claimDueRows<T extends LeasedTable>(
  database: Database,
  table: T,
  args: ClaimArgs,
  deadenAbandoned: (now: string) => Promise<unknown>,
): Promise<Selectable<Tables[T]>[]> {
  // Every column used here has the same name, type and meaning in each leased table.
  const db = database.db as unknown as Kysely<LeaseTables>
  const outbox = table as LeasedTable
  const now = args.now.toISOString()
  const due = isDue(now, args.maxAttempts)
  const claim = {
    status: 'in_flight',
    locked_by: args.workerId,
    locked_until: new Date(args.now.getTime() + args.leaseMs).toISOString(),
    attempts: (eb: Filter) => eb('attempts', '+', 1),
    updated_at: now,
  }
  // A read first: the usual poll finds nothing, and then takes no write lock at all.
  const anything = await db
    .selectFrom(outbox)
    .select('id')
    .where((eb) =>
      eb.or([due(eb), eb.and([eb('status', '=', 'in_flight'), eb('locked_until', '<=', now)])]),
    )
    .limit(1)
    .executeTakeFirst()
  if (anything === undefined) return []
  await deadenAbandoned(now)
  // `returningAll` returns the table's whole rows, whatever this view of its columns names.
  const claimed = (rows: LeaseColumns[]) => rows as unknown as Selectable<Tables[T]>[]
  if (database.dialect === 'postgres') {
    // Rows another worker is claiming at this moment are skipped, not waited for: workers share the
    // queue without queueing behind each other.
    return db.transaction().execute(async (trx) => {
      const ids = await trx
        .selectFrom(outbox)
        .select('id')
        .where(due)
        .orderBy('next_attempt_at')
        .limit(args.limit)
        .forUpdate()
        .skipLocked()
        .execute()
      if (ids.length === 0) return []
      return claimed(
        await trx
          .updateTable(outbox)
          .set(claim)
          .where(
            'id',
            'in',
            ids.map((row) => row.id),
          )
          .returningAll()
          .execute(),
      )
    })
  }
  // SQLite takes the database's write lock before a writing statement reads anything, so one statement
  // that picks and marks the rows is atomic across connections and processes.
  return claimed(
    await db
      .updateTable(outbox)
      .set(claim)
      .where('id', 'in', (eb) =>
        eb.selectFrom(outbox).select('id').where(due).orderBy('next_attempt_at').limit(args.limit),
      )
      .where(due)
      .returningAll()
      .execute(),
  )
}
