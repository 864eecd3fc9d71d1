// Databases for tests on both engines. SQLite gets a fresh temporary folder; PostgreSQL gets a fresh schema
// (selected through search_path in the connection address), so test files and concurrent runs on one
// server never see each other's tables. Both are removed by cleanup().

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase, type Database, type Dialect } from '../src/db/database'
import { createSchema, dropSchema, redactPassword, withAdminClient } from './postgres-schema'

export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestDatabase {
  database: Database
  /** The DATA_DIR (SQLite) or the schema (PostgreSQL) this database lives in. */
  location: string
  cleanup(): Promise<void>
}

export interface Engine {
  name: 'SQLite' | 'PostgreSQL'
  dialect: Dialect
  available: boolean
  open(): Promise<TestDatabase>
}

export async function temporaryFolder(prefix = 'forecourt-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix))
}

export async function openSqlite(): Promise<TestDatabase> {
  const dataDir = await temporaryFolder()
  const database = createDatabase({ databaseUrl: undefined, dataDir })
  return {
    database,
    location: dataDir,
    cleanup: async () => {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function openPostgres(baseUrl: string = TEST_POSTGRES_URL): Promise<TestDatabase> {
  const { schema, url } = await createSchema(baseUrl, 'forecourt_test')
  const database = createDatabase({ databaseUrl: url, dataDir: '/nonexistent' })
  return {
    database,
    location: schema,
    cleanup: async () => {
      await database.close()
      await dropSchema(baseUrl, schema)
    },
  }
}

/** Checks once whether the test PostgreSQL answers; says so loudly when it does not. */
export async function postgresReachable(baseUrl: string = TEST_POSTGRES_URL): Promise<boolean> {
  try {
    await withAdminClient(baseUrl, (client) => client.query('select 1'))
    return true
  } catch {
    console.warn(
      `⚠ PostgreSQL unreachable at ${redactPassword(baseUrl)} — PostgreSQL tests SKIPPED (set TEST_DATABASE_URL)`,
    )
    return false
  }
}

/** Both engines; PostgreSQL is marked unavailable (its tests skip) when the server does not answer. */
export async function engines(): Promise<Engine[]> {
  const postgres = await postgresReachable()
  return [
    { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite },
    { name: 'PostgreSQL', dialect: 'postgres', available: postgres, open: () => openPostgres() },
  ]
}
