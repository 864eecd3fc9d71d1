// The SQLite writer thread's loop (decision 1461): its own connection to the file, and one batch
// (sqlite-batch.ts) per message from the main thread. The answer goes back only after COMMIT has returned,
// that is, after the disk sync of synchronous=FULL. The thread's entry file names what a write does
// (repositories/sqlite-writer-thread.ts): the statements belong to the repositories, not to this layer.

import { parentPort, workerData } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { createBatchRunner, writeFailure, type BatchRunner } from './sqlite-batch'
import { CHECKPOINT_BACKSTOP_PAGES, serveCheckpoints } from './sqlite-checkpointer'
import { openSqliteConnection } from './sqlite-connection'
import type { FromThread, ToThread, WriterData } from './sqlite-writer'

/** Makes, for one connection, the function that writes one op on it. */
export type OpRunnerFactory<Op> = (db: BetterSqlite3.Database) => (op: Op) => unknown

/**
 * Serves the main thread's batches until it says close. Called once, by the thread's entry file; in the
 * thread started as the checkpointer (decision 2185), serves checkpoints instead.
 */
export function serveSqliteWriter<Op>(runnerFor: OpRunnerFactory<Op>): void {
  const port = parentPort
  if (port === null) throw new Error('The SQLite writer runs as a worker thread only')

  const { file, role } = workerData as WriterData
  if (role === 'checkpointer') {
    serveCheckpoints(file)
    return
  }

  let opened: { db: BetterSqlite3.Database; runBatch: BatchRunner<Op> } | undefined
  try {
    const db = openSqliteConnection(file)
    // The checkpointer thread copies the log back; a COMMIT here does only when it is far behind.
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`)
    opened = { db, runBatch: createBatchRunner(db, runnerFor(db)) }
    port.postMessage({ type: 'ready' } satisfies FromThread)
  } catch (error) {
    // The file would not open (a missing folder, a full disk): the main thread hears why, and this
    // thread ends; the next batch starts a new one.
    const failure = writeFailure(error)
    port.postMessage({
      type: 'failed',
      error: failure.ok ? undefined : failure.error,
    } satisfies FromThread)
    port.close()
  }

  port.on('message', (message: ToThread<Op>) => {
    if (opened === undefined) return
    if (message.type === 'close') {
      // Closing the last connection folds the write-ahead log back into the file.
      opened.db.close()
      port.close()
      return
    }
    port.postMessage({
      type: 'done',
      id: message.id,
      outcomes: opened.runBatch(message.ops),
    } satisfies FromThread)
  })
}
