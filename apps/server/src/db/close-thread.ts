// How the server's SQLite threads (the writer and the checkpointer) are closed: told to close (a message
// both understand: ToThread and ToCheckpointer), and waited for until they have exited.

import type { Worker } from 'node:worker_threads'

/**
 * Sends `{ type: 'close' }` to a thread and resolves once it has exited. The thread is referenced
 * meanwhile: an idle thread is unreferenced, and a process with nothing else left to do would otherwise
 * exit at once and stop it wherever it is, loading its native module included, which aborts the whole
 * process (better-sqlite3 cannot be interrupted there).
 */
export async function closeThread(worker: Worker): Promise<void> {
  const exited = new Promise((resolve) => worker.once('exit', resolve))
  worker.ref()
  worker.postMessage({ type: 'close' })
  await exited
}
