// One Kysely instance over either engine: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Everything above this file is written once for both. On SQLite the submissions and partial saves
// are written by a writer thread with its own connection (sqlite-writer.ts, decision 1461).

import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { createBatchRunner, type BatchRunner } from './sqlite-batch'
import { openSqliteDataDir, sqliteFile } from './sqlite-connection'
import { createSqliteWriter, type SqliteWriter } from './sqlite-writer'
import type { Tables } from './tables'

export { SQLITE_FILE_NAME } from './sqlite-connection'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<Tables>
  dialect: Dialect
  /** SQLite only: the thread that writes submissions and partial saves; started on first use. */
  writer?: SqliteWriter
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** Told about connection errors that happen outside a query (an idle PostgreSQL client dropped). */
  onBackgroundError?: (error: Error) => void
}

// Routes are handed the Kysely instance alone; this finds the writer that belongs with it.
const writers = new WeakMap<Kysely<Tables>, SqliteWriter>()

/** The SQLite writer of the database `db` was opened with; undefined on PostgreSQL. */
export function sqliteWriterFor(db: Kysely<Tables>): SqliteWriter | undefined {
  return writers.get(db)
}

export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: DatabaseOptions = {},
): Database {
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
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) })
  let runBatch: BatchRunner | undefined
  const writer = createSqliteWriter(sqliteFile(config.dataDir), {
    // While the thread starts, the same batch on this connection: Kysely's hold on its one connection
    // keeps it out of any Kysely transaction in progress.
    fallback: (ops) =>
      db.connection().execute(async () => (runBatch ??= createBatchRunner(sqlite))(ops)),
  })
  writers.set(db, writer)
  return {
    db,
    dialect: 'sqlite',
    writer,
    // The writer first: its writes in flight finish before the file closes.
    close: () => (closing ??= writer.close().then(() => db.destroy())),
  }
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
