// The funnel's counters as stored (decision 2112): one upsert per distinct counter, adding to the row's
// count, never overwriting it, so several instances on one PostgreSQL add up. This is the Kysely write
// (PostgreSQL, and SQLite when no writer thread is in use); its SQLite twin runs in the write store's
// batches (sqlite-write-ops.ts), so on SQLite the counts share a batch's transaction and disk sync
// instead of committing their own on the event loop.

import { sql, type Insertable, type Kysely } from 'kysely'
import type { FunnelCountersTable, Tables } from '../db/tables'

/** One counter's increment, as written: the row of `funnel_counters` with the count to add. */
export type FunnelCountRow = Insertable<FunnelCountersTable>

/** Adds the counts in one transaction. */
export async function addFunnelCountsWithKysely(
  db: Kysely<Tables>,
  counts: readonly FunnelCountRow[],
): Promise<void> {
  if (counts.length === 0) return
  await db.transaction().execute(async (trx) => {
    for (const row of counts) {
      await trx
        .insertInto('funnel_counters')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'brand', 'source', 'campaign', 'step', 'kind', 'message_key'])
            .doUpdateSet({ count: sql<number>`funnel_counters.count + excluded.count` }),
        )
        .execute()
    }
  })
}
