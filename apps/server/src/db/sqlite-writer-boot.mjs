// The writer thread's entry: worker threads do not inherit tsx's loader on Node 20, so the thread
// registers it itself before loading the TypeScript file named in workerData.
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

await tsImport(workerData.entry, import.meta.url)
