// One Kysely instance over either engine: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Everything above this file is written once for both.

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import type { Tables } from './tables'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<Tables>
  dialect: Dialect
  close(): Promise<void>
}

export const SQLITE_FILE_NAME = 'forecourt.sqlite'

export interface DatabaseOptions {
  /** Told about connection errors that happen outside a query (an idle PostgreSQL client dropped). */
  onBackgroundError?: (error: Error) => void
}

export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: DatabaseOptions = {},
): Database {
  const db =
    config.databaseUrl === undefined
      ? new Kysely<Tables>({ dialect: sqliteDialect(config.dataDir) })
      : new Kysely<Tables>({ dialect: postgresDialect(config.databaseUrl, options) })
  let closing: Promise<void> | undefined
  return {
    db,
    dialect: config.databaseUrl === undefined ? 'sqlite' : 'postgres',
    // Safe to call twice (a signal during shutdown, a test's afterAll after the app closed it).
    close: () => (closing ??= db.destroy()),
  }
}

function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new BetterSqlite3(join(dataDir, SQLITE_FILE_NAME))
  // WAL lets readers run beside the single writer; FULL syncs every commit so an answered submission
  // survives a power cut (the reliability bar), at the throughput cost measured in the toolchain notes.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  // Wait for a competing writer (a second process, a migration) instead of failing with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  return new SqliteDialect({ database: sqlite })
}

function postgresDialect(connectionString: string, options: DatabaseOptions): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // An unreachable database must turn into a quick 503, not a request that hangs.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  })
  // Without a listener an idle client's error (the database restarted) would crash the process; the pool
  // drops that client and the next query connects afresh, so the server recovers without a restart.
  pool.on('error', (error) => options.onBackgroundError?.(error))
  // pg-pool listens to idle clients only: a connection lost during a query (the network cut) would emit
  // an 'error' no one hears and end the process. The query itself fails, and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onBackgroundError?.(error))
  })
  return new PostgresDialect({ pool })
}
