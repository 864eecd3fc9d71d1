// Kysely's SQLite driver prepares a statement for every query it runs. On the event loop that was most of
// the cost of the one read a submission makes there (its application's secret): about 8 % of the event
// loop's time under a submission load, half of it in `prepare` (decision 1981). Kysely gets the same
// connection with its statements kept, so a query it has run before is not compiled again.

import type BetterSqlite3 from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * `connection` for Kysely's SqliteDialect, keeping the statements of the `size` SQL texts used last. A
 * kept statement that is in the middle of an iteration (a streamed query) is busy: that call gets a new
 * one. SQLite recompiles a kept statement by itself when the schema changes under it.
 */
export function withStatementCache(connection: BetterSqlite3.Database, size = 256): SqliteDatabase {
  // A Map iterates in insertion order: deleting and setting again keeps the most recent last.
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    prepare(sql) {
      const kept = statements.get(sql)
      if (kept !== undefined && !kept.busy) {
        statements.delete(sql)
        statements.set(sql, kept)
        return kept
      }
      const statement = connection.prepare(sql)
      if (kept === undefined) {
        statements.set(sql, statement)
        if (statements.size > size) {
          const oldest = statements.keys().next()
          if (oldest.done !== true) statements.delete(oldest.value)
        }
      }
      return statement
    },
    close() {
      statements.clear()
      connection.close()
    },
  }
}
