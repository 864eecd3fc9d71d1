// One place that opens the SQLite file with the settings every connection to it needs: the Kysely
// connection the server reads with, and the writer thread's own (sqlite-writer.ts).

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'

export const SQLITE_FILE_NAME = 'forecourt.sqlite'

export function sqliteFile(dataDir: string): string {
  return join(dataDir, SQLITE_FILE_NAME)
}

/**
 * Every connection's page cache, in KiB: SQLite's own default instead of better-sqlite3's 16 MB. The writer
 * thread appends rows and reads back only small indexes (decision 1961); the server's connection looks up
 * keys in small indexes and reads the back office's pages of 50 rows (decision 2001). Under a submission
 * load a 16 MB cache on either filled with pages the operating system's file cache holds anyway: memory
 * that stayed in the process.
 */
export const PAGE_CACHE_KIB = 2000

export function openSqliteConnection(file: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file)
  // WAL lets readers run beside the single writer; FULL syncs every commit so an answered submission
  // survives a power cut (the reliability bar), at the throughput cost measured in the toolchain notes.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  // Wait for a competing writer (the other connection, a second process, a migration) instead of failing
  // with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // A deleted row's bytes are overwritten with zeros, so an erased person does not stay readable in the
  // file's free pages (decision 2041).
  sqlite.pragma('secure_delete = ON')
  // Negative: a bound in KiB rather than in pages.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`)
  return sqlite
}

/** Opens the file of a DATA_DIR, making the folder first. */
export function openSqliteDataDir(dataDir: string): BetterSqlite3.Database {
  mkdirSync(dataDir, { recursive: true })
  return openSqliteConnection(sqliteFile(dataDir))
}
