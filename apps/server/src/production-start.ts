// How the compiled server's processes are started (decisions 1552 and 1553), in one place for every
// launcher that must run what ships: the end-to-end tests' web server, the fault scenarios and the API
// benchmark. The npm scripts (apps/server/package.json `start`, the root's `worker` and `deliveries`) spell
// the same command out; test/production-start.test.ts keeps them in step. No entry point imports this file,
// so it is never bundled: its own location finds the compiled folder.

import { fileURLToPath } from 'node:url'

/** Where `npm run build` compiles the server (apps/server/scripts/build-server.mjs). */
export const COMPILED_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

/**
 * Node's flags for every compiled process: V8 sized for memory (decisions 2001 and 2021). A young
 * generation of 1 MiB a semi-space instead of up to 16 (decision 1553), V8's memory-saving mode with two
 * helper threads, and TurboFan the one optimising compiler, compiling on the main thread (no Maglev): a
 * compiler thread's malloc arena keeps its high-water mark, tens of MB under a submission load.
 * Source maps are not enabled (they held 12 MB of the heap): stack traces name lines of the compiled
 * file, whose `// src/...` comments name the TypeScript file, and `NODE_OPTIONS=--enable-source-maps`
 * brings the TypeScript's lines back when they are wanted.
 */
export const NODE_FLAGS = [
  '--max-semi-space-size=1',
  '--optimize-for-size',
  '--v8-pool-size=2',
  '--no-maglev',
  '--no-concurrent-recompilation',
  '--no-concurrent-osr',
  '--no-concurrent-sparkplug',
] as const

export type CompiledEntry = 'server' | 'worker' | 'deliveries'

/** The compiled file of an entry point. */
export function compiledEntry(name: CompiledEntry): string {
  return `${COMPILED_DIR}${name}.js`
}

/** Node's arguments to run a compiled entry point as production does. */
export function productionArgs(name: CompiledEntry): string[] {
  return [...NODE_FLAGS, compiledEntry(name)]
}
