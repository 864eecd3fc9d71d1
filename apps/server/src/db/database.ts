// One Kysely instance over either engine: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Everything above this file is written once for both. On SQLite the submissions and partial saves
// are written by a writer thread with its own connection (sqlite-writer.ts, decision 1461), which the
// write store makes at start-up (repositories/write-store.ts): this layer opens connections and knows no
// write of its own (decision 1861).

import type BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { openSqliteDataDir, sqliteFile } from './sqlite-connection'
import { withStatementCache } from './statement-cache'
import type { Tables } from './tables'

export { SQLITE_FILE_NAME } from './sqlite-connection'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<Tables>
  dialect: Dialect
  /**
   * SQLite only: the file, for the writer thread's own connection, and the connection Kysely holds, on
   * which the writer's batches run while its thread starts.
   */
  sqlite?: { file: string; connection: BetterSqlite3.Database }
  close(): Promise<void>
}

/** Where the database is: DATABASE_URL for PostgreSQL, else a SQLite file in DATA_DIR. */
export interface DatabaseLocation {
  databaseUrl: string | undefined
  dataDir: string
}

export interface DatabaseOptions {
  /** Told about connection errors that happen outside a query (an idle PostgreSQL client dropped). */
  onBackgroundError?: (error: Error) => void
}

export function createDatabase(config: DatabaseLocation, options: DatabaseOptions = {}): Database {
  let closing: Promise<void> | undefined
  if (config.databaseUrl !== undefined) {
    const db = new Kysely<Tables>({ dialect: postgresDialect(config.databaseUrl, options) })
    return {
      db,
      dialect: 'postgres',
      // Safe to call twice (a signal during shutdown, a test's afterAll after the app closed it).
      close: () => (closing ??= db.destroy()),
    }
  }
  const sqlite = openSqliteDataDir(config.dataDir)
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
  return {
    db,
    dialect: 'sqlite',
    sqlite: { file: sqliteFile(config.dataDir), connection: sqlite },
    close: () => (closing ??= db.destroy()),
  }
}

// pg is loaded when Kysely first connects, so a server on SQLite never holds it (decision 1961).
function postgresDialect(connectionString: string, options: DatabaseOptions): PostgresDialect {
  return new PostgresDialect({ pool: () => postgresPool(connectionString, options) })
}

async function postgresPool(connectionString: string, options: DatabaseOptions) {
  const { default: pg } = await import('pg')
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
  return pool
}
