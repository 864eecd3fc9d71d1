// The SQLite checkpointer (decision 2185): a thread with a connection of its own that copies the
// write-ahead log back into the database file, so that the writer thread's COMMITs never do it. SQLite runs
// a checkpoint inside the COMMIT that takes the log past its threshold: that COMMIT took ~8 ms instead of
// ~1 ms, and every batch queued behind it waited (the p99 of submissions at half the maximum rate). A
// PASSIVE checkpoint from another connection copies what is committed while the writer goes on appending.
//
// The log starts again from its beginning only when a write transaction begins after every frame has
// been copied, so once the log is long a pass is followed at once by another (each shorter than the
// last) until one finds nothing new. The connections of the server keep their own automatic
// checkpoint at a high threshold (CHECKPOINT_BACKSTOP_PAGES), in case this thread falls behind or stops.

import { parentPort, Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { closeThread } from './close-thread'
import { openSqliteConnection } from './sqlite-connection'

/**
 * The automatic checkpoint of the server's connections while a checkpointer runs: 40 MiB of log (about
 * 10,000 pages of 4 KiB). Reached only when the thread is behind or gone.
 */
export const CHECKPOINT_BACKSTOP_PAGES = 10_000

// How long the thread waits between passes: at the highest rates measured, about a thousand pages of
// log, copied in a few milliseconds.
const PASS_EVERY_MS = 100

// Once the log is this long, passes follow each other at once until one finds nothing new, so that the
// writer's next transaction starts the log again (8 MiB of log at most, most of the time). Below it, the
// passes' syncs are spared.
const RESTART_AFTER_PAGES = 2000

/** After the thread stopped unexpectedly, how long before a new one is started. */
const RESTART_PAUSE_MS = 1000

export type ToCheckpointer = { type: 'close' }

/** Runs in the checkpointer thread: PASSIVE checkpoints on its own connection until told to close. */
export function serveCheckpoints(file: string): void {
  const port = parentPort
  if (port === null) throw new Error('The SQLite checkpointer runs as a worker thread only')
  const db: BetterSqlite3.Database = openSqliteConnection(file)
  let timer: NodeJS.Timeout | undefined
  let lastLog = -1
  const pass = () => {
    // `log` is the log's length when the pass began (-1 when the writer's own checkpoint was running).
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[]
    const log = result?.log ?? -1
    // A long log that changed since the last pass: the writer may have committed during this one. Once a
    // pass finds nothing new, the writer's next transaction starts the log again from its beginning.
    const chase = log >= RESTART_AFTER_PAGES && log !== lastLog
    lastLog = log
    timer = setTimeout(pass, chase ? 0 : PASS_EVERY_MS)
  }
  timer = setTimeout(pass, PASS_EVERY_MS)
  port.on('message', (message: ToCheckpointer) => {
    if (message.type !== 'close') return
    clearTimeout(timer)
    db.close()
    port.close()
  })
}

export interface Checkpointer {
  /** Stops the thread after its current pass; resolves when it has closed its connection. */
  close(): Promise<void>
}

/**
 * Starts the checkpointer thread from `threadFile` (the writer thread's entry, which serves checkpoints when
 * its workerData says so), and starts it again after a pause if it stops before close().
 */
export function startCheckpointer(threadFile: URL, workerData: unknown): Checkpointer {
  let worker: Worker | undefined
  let closed = false
  let restart: NodeJS.Timeout | undefined
  const start = () => {
    const started = new Worker(threadFile, {
      workerData,
      // A connection and a loop: the smallest heap V8 allows is plenty.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    })
    worker = started
    // An error (a file that would not open) ends the thread; its exit starts another later.
    started.on('error', () => {})
    started.on('exit', () => {
      if (worker !== started) return
      worker = undefined
      if (!closed) restart = setTimeout(start, RESTART_PAUSE_MS).unref()
    })
    // The checkpointer never keeps the process alive.
    started.unref()
  }
  start()
  return {
    async close() {
      closed = true
      clearTimeout(restart)
      const running = worker
      worker = undefined
      if (running === undefined) return
      await closeThread(running)
    },
  }
}
