// One batch of the SQLite writer (decision 1461): one write transaction, in which a write that fails is
// undone alone while the rest of the batch commits. Run by the writer thread, and on the server's own
// connection while that thread is starting. What each write does is the caller's: the repositories own
// the statements (repositories/sqlite-write-ops.ts); this file only holds the transaction.

import type BetterSqlite3 from 'better-sqlite3'

export type WriteOutcome =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; code?: string } }

export type BatchRunner<Op> = (ops: readonly Op[]) => WriteOutcome[]

/**
 * The batches of one connection. `run` writes one op on that connection and returns what the caller is
 * told; it may throw, and then its op alone is undone.
 */
export function createBatchRunner<Op>(
  db: BetterSqlite3.Database,
  run: (op: Op) => unknown,
): BatchRunner<Op> {
  // Taking the write lock at BEGIN: a batch never reads and then finds another writer ahead of it.
  const begin = db.prepare('begin immediate')
  const commit = db.prepare('commit')
  const rollback = db.prepare('rollback')
  const savepoint = db.prepare('savepoint write_op')
  const release = db.prepare('release write_op')
  const rollbackToSavepoint = db.prepare('rollback to write_op')

  // Each write in a savepoint: a write that fails is undone alone, and the others commit.
  const eachInSavepoint = (ops: readonly Op[]): WriteOutcome[] => {
    const outcomes: WriteOutcome[] = []
    begin.run()
    for (const op of ops) {
      savepoint.run()
      try {
        outcomes.push({ ok: true, value: run(op) })
        release.run()
      } catch (error) {
        // Some errors (a full disk, an I/O error) end the whole transaction; then nothing is kept.
        if (!db.inTransaction) throw error
        rollbackToSavepoint.run()
        release.run()
        outcomes.push(writeFailure(error))
      }
    }
    commit.run()
    return outcomes
  }

  return (ops) => {
    try {
      // Savepoints cost a tenth of a write, and writes rarely fail: the batch goes without them first,
      // and only a batch in which a write failed is undone and written again with them.
      begin.run()
      const outcomes: WriteOutcome[] = []
      for (const op of ops) {
        try {
          outcomes.push({ ok: true, value: run(op) })
        } catch {
          if (db.inTransaction) rollback.run()
          return eachInSavepoint(ops)
        }
      }
      // With synchronous=FULL this returns once the disk has the batch.
      commit.run()
      return outcomes
    } catch (error) {
      if (db.inTransaction) rollback.run()
      const failed = writeFailure(error)
      return ops.map(() => failed)
    }
  }
}

/** An error as it can cross to another thread: its name, message and the database's code. */
export function writeFailure(error: unknown): WriteOutcome {
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown }
  return {
    ok: false,
    error: {
      name: typeof name === 'string' ? name : 'Error',
      message: typeof message === 'string' ? message : String(error),
      ...(typeof code === 'string' ? { code } : {}),
    },
  }
}
