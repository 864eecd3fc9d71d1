// Retention of the evidence, emails, support records and lenders' decisions (decision 1654): kept as long as the submitted
// application they belong to (six years by default), and deleted with the rest when that time is up.
// Records about an application that was never submitted go once it has gone (30 days after its last
// save by default). Portable SQL in batches, as retention/delete-expired.ts.

import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { idTime } from '../repositories/rows'

export interface RecordCutoffs {
  /** Rows older than this go, whatever they belong to. */
  submittedBefore: string
  /** Rows older than this go when no application is stored under their key any more. */
  partialBefore: string
}

type KeyedTable = 'evidence' | 'emails' | 'support_flags' | 'support_notes'

// Evidence and email ids begin with their time (newEvidenceId, newEmailId), so "older than" is a range of
// the primary key there, not a scan of the whole table; the support tables are small.
const TIME_COLUMN: Record<KeyedTable, 'id' | 'flagged_at' | 'at'> = {
  evidence: 'id',
  emails: 'id',
  support_flags: 'flagged_at',
  support_notes: 'at',
}

const ID_PREFIX: Partial<Record<KeyedTable, string>> = { evidence: 'evd_', emails: 'eml_' }

/** The value of the table's time column that stands for `iso`. */
function bound(table: KeyedTable, iso: string): string {
  const prefix = ID_PREFIX[table]
  return prefix === undefined ? iso : `${prefix}${idTime(Date.parse(iso))}`
}

/** Deletes the expired rows of each table; returns how many went, per table. */
export async function deleteExpiredRecords(
  db: Kysely<Tables>,
  cutoffs: RecordCutoffs,
  batchSize: number,
): Promise<Record<KeyedTable | 'lender_decisions', number>> {
  const counts = { evidence: 0, emails: 0, support_flags: 0, support_notes: 0, lender_decisions: 0 }
  for (const table of Object.keys(TIME_COLUMN) as KeyedTable[]) {
    counts[table] += await deleteWhere(db, table, batchSize, cutoffs.submittedBefore, false)
    counts[table] += await deleteWhere(db, table, batchSize, cutoffs.partialBefore, true)
  }
  // A decision arrives after its submission, so it goes with the submission's age at the latest.
  for (;;) {
    const ids = (
      await db
        .selectFrom('lender_decisions')
        .select('id')
        .where('received_at', '<', cutoffs.submittedBefore)
        .limit(batchSize)
        .execute()
    ).map((row) => row.id)
    if (ids.length === 0) break
    const result = await db.deleteFrom('lender_decisions').where('id', 'in', ids).executeTakeFirst()
    counts.lender_decisions += Number(result.numDeletedRows)
  }
  return counts
}

async function deleteWhere(
  db: Kysely<Tables>,
  table: KeyedTable,
  batchSize: number,
  before: string,
  orphansOnly: boolean,
): Promise<number> {
  // Kysely's types cannot follow a table chosen at run time; the columns used exist in all four.
  const typed = db as unknown as Kysely<Record<KeyedTable, Record<string, string | null>>>
  const time = TIME_COLUMN[table]
  before = bound(table, before)
  let total = 0
  for (;;) {
    let select = typed.selectFrom(table).select('application_key').where(time, '<', before)
    if (orphansOnly) {
      select = select.where('application_key', 'not in', (eb) =>
        eb.selectFrom('applications' as KeyedTable).select('application_key'),
      )
    }
    const keys = [
      ...new Set(
        (await select.limit(batchSize).execute())
          .map((row) => row.application_key)
          .filter((key): key is string => typeof key === 'string'),
      ),
    ]
    if (keys.length === 0) return total
    const result = await typed
      .deleteFrom(table)
      .where('application_key', 'in', keys)
      .where(time, '<', before)
      .executeTakeFirst()
    total += Number(result.numDeletedRows)
    if (Number(result.numDeletedRows) === 0) return total
  }
}
