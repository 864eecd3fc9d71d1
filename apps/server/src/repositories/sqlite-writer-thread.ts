// The SQLite writer thread's entry file (decision 1461): the thread's loop (db/sqlite-writer-loop.ts)
// with the repositories' writes (sqlite-write-ops.ts). Compiled to its own file beside the server's
// (scripts/build-server.mjs), which the write store starts (write-store.ts).

import { serveSqliteWriter } from '../db/sqlite-writer-loop'
import { createWriteRunner } from './sqlite-write-ops'

serveSqliteWriter(createWriteRunner)
