// The SQLite writer (decision 1461): the server's writes on SQLite (submissions and partial saves) run on a
// worker thread with a connection of its own, so the statements and the disk sync of every commit
// (synchronous=FULL) no longer stop the event loop. Writes that arrive while a batch is being written wait
// and go together as the next batch: one transaction and one sync for all of them (group commit, decision
// 0603). A write's promise settles only after the COMMIT that holds it has returned.
//
// The thread takes a moment to start (and more on a busy machine); until it says it is ready, batches
// are written on the server's own connection by `fallback`, the same code on the event loop, so the first
// applicants of a fresh process never wait for it.
//
// What a write is and does belongs to the repositories (repositories/write-store.ts makes the writer and
// names the thread's entry file): this file moves ops and outcomes between the threads and knows no table.

import { Worker } from 'node:worker_threads'
import type { WriteOutcome } from './sqlite-batch'
import { closeThread } from './close-thread'
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer'

export interface SqliteWriter<Op> {
  /**
   * Resolves, with what the op's runner returned, after the commit that stored it; rejects with the
   * database's error (code kept).
   */
  write(op: Op): Promise<unknown>
  /**
   * Starts the thread now (a server about to take traffic) instead of on the first write; resolves when it
   * is ready, rejects when it could not start.
   */
  start(): Promise<void>
  /** Lets the writes already sent finish, then closes the thread's connection. Safe to call twice. */
  close(): Promise<void>
}

export interface WriterOptions<Op> {
  /**
   * The thread's entry file, which calls serveSqliteWriter (sqlite-writer-loop.ts) with what an op does:
   * its TypeScript source when running from source, its compiled file beside the server's otherwise.
   */
  thread: URL
  /** Writes a batch while the thread is not ready (starting, or starting again after it stopped). */
  fallback?: (ops: readonly Op[]) => Promise<WriteOutcome[]>
  maxBatch?: number
}

export interface WriterData {
  file: string
  /** The TypeScript entry file the boot script loads when running from source. */
  entry: string
  /** The same entry started a second time serves checkpoints (sqlite-checkpointer.ts) instead of writes. */
  role: 'writer' | 'checkpointer'
}

export type ToThread<Op> = { type: 'batch'; id: number; ops: Op[] } | { type: 'close' }

export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; error: { name: string; message: string; code?: string } | undefined }
  | { type: 'done'; id: number; outcomes: WriteOutcome[] }

/** An error from the writer, with the database's code (SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_FULL, …). */
export class SqliteWriteError extends Error {
  readonly code: string | undefined

  constructor(error: { name: string; message: string; code?: string }) {
    super(error.message)
    this.name = error.name
    this.code = error.code
  }
}

interface Pending<Op> {
  op: Op
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

// Compiled (apps/server/dist, decision 1552), the thread is a bundle of its own beside the server's and
// runs on plain Node. From the TypeScript source (tests, development scripts), a boot script registers tsx
// in the thread first, since worker threads do not inherit the loader.
const BOOT_FILE = new URL('./sqlite-writer-boot.mjs', import.meta.url)
// The thread holds one batch (at most 128 writes of a few KiB) at a time: a small heap is plenty, and a
// young generation of V8's default size (up to 16 MiB a semi-space) would only hold garbage longer
// (decision 1553). A thread that runs out is replaced like any thread that stops.
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 3, maxOldGenerationSizeMb: 48 }
// After the thread failed to start or stopped unexpectedly, the fallback writes for this long before a
// new thread is tried, so a thread that cannot start is not started again for every batch.
const RESTART_PAUSE_MS = 1000

export function createSqliteWriter<Op>(file: string, options: WriterOptions<Op>): SqliteWriter<Op> {
  const { fallback } = options
  const fromSource = options.thread.pathname.endsWith('.ts')
  const threadFile = fromSource ? BOOT_FILE : options.thread
  const workerData: WriterData = { file, entry: options.thread.href, role: 'writer' }
  // Copies the log back into the file beside the writer, so that no COMMIT of it does (decision 2185).
  let checkpointer: Checkpointer | undefined
  // Large enough that one sync serves everything that queued behind a slow one; small enough that a
  // batch's own work stays a few milliseconds.
  const maxBatch = options.maxBatch ?? 128
  const queue: Pending<Op>[] = []
  let thread: Worker | undefined
  let ready = false
  let startAfter = 0
  let inFlight: { id: number; batch: Pending<Op>[]; onThread: boolean } | undefined
  let nextId = 1
  let scheduled = false
  let closing: Promise<void> | undefined
  let drained: (() => void) | undefined
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = []
  const tellWaiting = (error?: unknown) => {
    const told = waiting
    waiting = []
    for (const waiter of told) {
      if (error === undefined) waiter.resolve()
      else waiter.reject(error)
    }
  }

  const settle = (id: number, outcomes: readonly WriteOutcome[], lost?: unknown) => {
    if (inFlight?.id !== id) return
    const { batch } = inFlight
    inFlight = undefined
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]
      if (outcome?.ok === true) pending.resolve(outcome.value)
      else pending.reject(outcome === undefined ? lost : new SqliteWriteError(outcome.error))
    })
    thread?.unref()
    if (queue.length > 0) flush()
    else drained?.()
  }

  const startThread = () => {
    if (thread !== undefined || closing !== undefined) return
    if (fallback !== undefined && Date.now() < startAfter) return
    checkpointer ??= startCheckpointer(threadFile, { ...workerData, role: 'checkpointer' })
    const worker = new Worker(threadFile, {
      workerData,
      resourceLimits: THREAD_LIMITS,
    })
    thread = worker
    let lastError: unknown
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') {
        ready = true
        tellWaiting()
        if (inFlight === undefined && queue.length > 0) flush()
      } else if (message.type === 'failed') {
        if (message.error !== undefined) lastError = new SqliteWriteError(message.error)
      } else {
        settle(message.id, message.outcomes)
      }
    })
    worker.on('error', (error) => {
      lastError = error
    })
    worker.on('exit', () => {
      if (thread === worker) {
        thread = undefined
        ready = false
        startAfter = Date.now() + RESTART_PAUSE_MS
      }
      tellWaiting(lastError ?? new SqliteWriteError(LOST))
      // A thread that stopped mid-batch never committed it: nothing of it is stored.
      if (inFlight?.onThread === true) {
        settle(inFlight.id, [], lastError ?? new SqliteWriteError(LOST))
      }
    })
    // An idle writer does not keep the process alive; a batch in flight does.
    worker.unref()
  }

  const flush = () => {
    scheduled = false
    if (inFlight !== undefined || queue.length === 0) return
    startThread()
    const batch = queue.splice(0, maxBatch)
    const id = nextId++
    const ops = batch.map((pending) => pending.op)
    const onThread = thread !== undefined && (ready || fallback === undefined)
    inFlight = { id, batch, onThread }
    if (thread !== undefined && onThread) {
      thread.ref()
      thread.postMessage({ type: 'batch', id, ops } satisfies ToThread<Op>)
      return
    }
    if (fallback === undefined) {
      settle(id, [], new SqliteWriteError(LOST))
      return
    }
    fallback(ops).then(
      (outcomes) => settle(id, outcomes),
      (error: unknown) => settle(id, [], error),
    )
  }

  const write = (op: Op): Promise<unknown> => {
    if (closing !== undefined) return Promise.reject(new SqliteWriteError(CLOSED))
    return new Promise<unknown>((resolve, reject) => {
      queue.push({ op, resolve, reject })
      // Waits one turn of the event loop, so requests already read can join the batch.
      if (!scheduled && inFlight === undefined) {
        scheduled = true
        setImmediate(flush)
      }
    })
  }

  return {
    write,
    start() {
      if (ready) return Promise.resolve()
      startThread()
      if (thread === undefined) return Promise.reject(new SqliteWriteError(NOT_STARTED))
      return new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }))
    },
    close() {
      closing ??= (async () => {
        if (queue.length > 0 || inFlight !== undefined) {
          await new Promise<void>((resolve) => {
            drained = resolve
          })
        }
        const worker = thread
        thread = undefined
        if (worker !== undefined) await closeThread(worker)
        await checkpointer?.close()
      })()
      return closing
    },
  }
}

const LOST = { name: 'Error', message: 'The SQLite writer thread stopped before answering' }
const CLOSED = { name: 'Error', message: 'The database is closed' }
const NOT_STARTED = {
  name: 'Error',
  message: 'The SQLite writer thread is closed or pausing after a failed start',
}
