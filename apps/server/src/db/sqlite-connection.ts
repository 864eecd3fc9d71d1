// One place that opens the SQLite file with the settings every connection to it needs: the Kysely
// connection the server reads with, and the writer thread's own (sqlite-writer.ts).

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'

export const SQLITE_FILE_NAME = 'forecourt.sqlite'

export function sqliteFile(dataDir: string): string {
  return join(dataDir, SQLITE_FILE_NAME)
}

export interface ConnectionOptions {
  /** The page cache's bound in KiB; better-sqlite3's default is 16,000 (16 MB). */
  cacheKib?: number
}

export function openSqliteConnection(
  file: string,
  options: ConnectionOptions = {},
): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file)
  // WAL lets readers run beside the single writer; FULL syncs every commit so an answered submission
  // survives a power cut (the reliability bar), at the throughput cost measured in the toolchain notes.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  // Wait for a competing writer (the other connection, a second process, a migration) instead of failing
  // with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  if (options.cacheKib !== undefined) sqlite.pragma(`cache_size = -${options.cacheKib}`)
  return sqlite
}

/**
 * The page cache of the connection the server reads with, in KiB: SQLite's own default instead of
 * better-sqlite3's 16 MB. Its reads are lookups by key in small indexes and the back office's pages of
 * 50 rows; under a submission load a 16 MB cache filled with pages the operating system's file cache
 * holds anyway, about 24 MB of the process's memory with its allocator's overhead (decision 2001).
 */
export const READER_CACHE_KIB = 2000

/** Opens the file of a DATA_DIR, making the folder first. */
export function openSqliteDataDir(
  dataDir: string,
  options: ConnectionOptions = {},
): BetterSqlite3.Database {
  mkdirSync(dataDir, { recursive: true })
  return openSqliteConnection(sqliteFile(dataDir), options)
}
