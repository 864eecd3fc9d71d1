// The SQLite writer thread (decision 1461): its own connection to the file, and one batch (sqlite-batch.ts)
// per message from the main thread. The answer goes back only after COMMIT has returned, that is, after
// the disk sync of synchronous=FULL.

import { parentPort, workerData } from 'node:worker_threads'
import type { WriteOp } from '../repositories/sqlite-write-ops'
import { createBatchRunner, writeFailure, type BatchRunner } from './sqlite-batch'
import { openSqliteConnection } from './sqlite-connection'
import type { FromThread, ToThread, WriterData } from './sqlite-writer'

const port = parentPort
if (port === null) throw new Error('sqlite-writer-thread runs as a worker thread only')

let opened: { db: ReturnType<typeof openSqliteConnection>; runBatch: BatchRunner } | undefined
try {
  const db = openSqliteConnection((workerData as WriterData).file)
  opened = { db, runBatch: createBatchRunner(db) }
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

port.on('message', (message: ToThread) => {
  if (opened === undefined) return
  if (message.type === 'close') {
    // Closing the last connection folds the write-ahead log back into the file.
    opened.db.close()
    port.close()
    return
  }
  const ops: readonly WriteOp[] = message.ops
  port.postMessage({
    type: 'done',
    id: message.id,
    outcomes: opened.runBatch(ops),
  } satisfies FromThread)
})
