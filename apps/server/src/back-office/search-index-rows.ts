// The search index's rows and how they are replaced: kept apart from search-index.ts so the write path
// (and the SQLite writer thread) loads no more than this.

import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

export const SEARCH_FIELDS = ['reference', 'email', 'phone', 'postcode', 'lastName'] as const
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
  await db.deleteFrom('application_index').where('application_key', '=', applicationKey).execute()
  if (entries.length === 0) return
  await db
    .insertInto('application_index')
    .values(entries.map((entry) => ({ application_key: applicationKey, ...entry })))
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}
