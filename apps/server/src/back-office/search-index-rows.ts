// The search index's rows and how they are replaced: kept apart from search-index.ts so the write path
// (and the SQLite writer thread) loads no more than this.

import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

export const SEARCH_FIELDS = ['reference', 'email', 'phone', 'postcode', 'name'] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** One row of application_index, without its application key. */
export interface IndexEntry {
  field: SearchField
  hash: string
}

/** Replaces an application's index rows (inside the caller's transaction). */
export async function replaceIndexRows(
  db: Kysely<Tables>,
  applicationKey: string,
  entries: readonly IndexEntry[],
): Promise<void> {
  await replaceIndexRowsOf(db, [{ applicationKey, entries }])
}

/**
 * Replaces the index rows of several applications in two statements, whatever their number (inside the
 * caller's transaction): a batch of submissions written together on PostgreSQL waited for two round trips
 * per submission here (decision 1981).
 */
export async function replaceIndexRowsOf(
  db: Kysely<Tables>,
  applications: readonly { applicationKey: string; entries: readonly IndexEntry[] }[],
): Promise<void> {
  if (applications.length === 0) return
  await db
    .deleteFrom('application_index')
    .where(
      'application_key',
      'in',
      applications.map((application) => application.applicationKey),
    )
    .execute()
  const rows = applications.flatMap((application) =>
    application.entries.map((entry) => ({ application_key: application.applicationKey, ...entry })),
  )
  if (rows.length === 0) return
  await db
    .insertInto('application_index')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}
