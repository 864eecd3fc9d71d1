// Operators' ids to their emails, for the back office's records, which store the id and show the
// email.

import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

type Db = Kysely<Tables>

export async function operatorEmails(
  db: Db,
  ids: Iterable<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'email'])
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((row) => [row.id, row.email]))
}
