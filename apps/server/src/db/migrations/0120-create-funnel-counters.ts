// The funnel's counters (decision 2112), and the analyst role that reads them. Portable DDL, but for the
// role: a CHECK constraint cannot be changed in place on SQLite, so the operators table is rebuilt from its
// own definition there (whatever columns earlier migrations gave it), and on PostgreSQL the constraint is
// replaced.

import { sql, type Kysely, type Migration } from 'kysely'

const OLD_ROLES = "role in ('admin', 'caseworker', 'viewer')"
const NEW_ROLES = "role in ('admin', 'caseworker', 'viewer', 'analyst')"

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  // SQLite has no version(); a failed statement there leaves the transaction as it was. PostgreSQL has one.
  try {
    const { rows } = await sql<{ v: string }>`select version() as v`.execute(db)
    return String(rows[0]?.v ?? '').includes('PostgreSQL')
  } catch {
    return false
  }
}

async function setRoles(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (await isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'operators'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%role%'
    `.execute(db)
    for (const row of rows)
      await sql`alter table operators drop constraint ${sql.id(row.name)}`.execute(db)
    await sql`alter table operators add constraint operators_role_check check (${sql.raw(to)})`.execute(
      db,
    )
    return
  }
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'operators'
  `.execute(db)
  const definition = rows[0]?.sql
  if (definition === undefined || !definition.includes(from)) {
    throw new Error('operators: the role constraint is not the one this migration knows')
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'operators' and sql is not null
  `.execute(db)
  const rebuilt = definition
    .replace(/^CREATE TABLE\s+("?)operators\1/i, 'CREATE TABLE "operators_rebuilt"')
    .replace(from, to)
  await sql.raw(rebuilt).execute(db)
  await sql`insert into operators_rebuilt select * from operators`.execute(db)
  await sql`drop table operators`.execute(db)
  await sql`alter table operators_rebuilt rename to operators`.execute(db)
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db)
}

export const createFunnelCounters: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('funnel_counters')
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('brand', 'text', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('campaign', 'text', (column) => column.notNull())
      .addColumn('step', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('message_key', 'text', (column) => column.notNull())
      .addColumn('count', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('funnel_counters_key', [
        'day',
        'brand',
        'source',
        'campaign',
        'step',
        'kind',
        'message_key',
      ])
      .execute()
    await setRoles(db, OLD_ROLES, NEW_ROLES)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('funnel_counters').execute()
    await setRoles(db, NEW_ROLES, OLD_ROLES)
  },
}
