// Brings the schema up to date at start-up. Kysely's Migrator records what ran and holds a lock, so two
// processes starting together, or one starting twice, apply each migration exactly once.

import { Migrator, sql, type MigrationProvider } from 'kysely'
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
  const { error, results = [] } = await migrator.migrateToLatest()
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
