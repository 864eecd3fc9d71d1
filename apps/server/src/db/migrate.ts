// Brings the schema up to date at start-up. Kysely's Migrator records what ran and holds a lock, so two
// processes starting together, or one starting twice, apply each migration exactly once.

import { Migrator, sql, type MigrationProvider, type MigrationResultSet } from 'kysely'
import type { Database } from './database'
import { migrations } from './migrations/migrations'

export interface MigrationSummary {
  /** Names of the migrations this call applied; empty when the schema was already up to date. */
  applied: string[]
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration: string | undefined,
    options: { cause: unknown },
  ) {
    super(message, options)
    this.name = 'MigrationError'
  }
}

const inCodeProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
}

export async function migrateToLatest(database: Database): Promise<MigrationSummary> {
  const migrator = new Migrator({
    db: database.db,
    provider: inCodeProvider,
    // Kysely looks for its bookkeeping tables in every schema unless told which one; on a PostgreSQL
    // database shared with other schemas (or other test runs) it would find theirs and skip creating ours.
    migrationTableSchema:
      database.dialect === 'postgres' ? await currentSchema(database) : undefined,
  })
  let outcome = await migrator.migrateToLatest()
  // Before it starts, Kysely's Migrator reads the catalogue of every schema in the database (its
  // PostgreSQL introspector asks pg_get_serial_sequence about every column of every table). A schema that
  // someone else drops meanwhile (another test file on a shared database, another application's
  // migration) fails that read with undefined_table; nothing has been migrated then, and reading again
  // succeeds.
  for (let retry = 1; retry <= CATALOGUE_RACE_RETRIES && isCatalogueRace(outcome); retry += 1) {
    outcome = await migrator.migrateToLatest()
  }
  const { error, results = [] } = outcome
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName
    throw new MigrationError(
      failed === undefined ? 'Migration failed' : `Migration ${failed} failed`,
      failed,
      { cause: error },
    )
  }
  return {
    applied: results
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName),
  }
}

const CATALOGUE_RACE_RETRIES = 5
// undefined_table, invalid_schema_name, undefined_column (a table of another schema dropped or altered
// between the catalogue's list of columns and the question about one of them)
const CATALOGUE_RACE_CODES = new Set(['42P01', '3F000', '42703'])

function isCatalogueRace({ error, results }: MigrationResultSet): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return (
    typeof code === 'string' &&
    CATALOGUE_RACE_CODES.has(code) &&
    (results === undefined || results.length === 0)
  )
}

async function currentSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    database.db,
  )
  const schema = rows[0]?.schema
  if (schema === undefined || schema === null) {
    throw new MigrationError('PostgreSQL has no current schema: check search_path', undefined, {
      cause: undefined,
    })
  }
  return schema
}
