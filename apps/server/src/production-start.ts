// How the compiled server's processes are started (decisions 1552, 1553 and 2091), in one place for every
// launcher that must run what ships: the end-to-end tests' web server, the fault scenarios and the API
// benchmark. The npm scripts (apps/server/package.json `start`, the root's `worker` and `deliveries`) spell
// the same command out; test/production-start.test.ts keeps them in step. No entry point imports this file,
// so it is never bundled: its own location finds the compiled folder.

import { fileURLToPath } from 'node:url'

/** Where `npm run build` compiles the server (apps/server/scripts/build-server.mjs). */
export const COMPILED_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

/**
 * Node's flags for every compiled process: none. V8's defaults (Maglev and TurboFan compiling on helper
 * threads, a young generation sized by V8) cost less CPU per request than the memory-saving flags of
 * decisions 2001 and 2021, which decision 2091 retired; memory is measured against its bar by
 * `npm run faults -- --only memory`. Source maps are not enabled (they held 12 MB of the heap): stack traces
 * name lines of the compiled file, whose `// src/...` comments name the TypeScript file, and
 * `NODE_OPTIONS=--enable-source-maps` brings the TypeScript's lines back when they are wanted.
 */
export const NODE_FLAGS: readonly string[] = []

/** Flags that trade CPU for memory, which no production process may run with (decision 2091). */
export const CPU_FOR_MEMORY_FLAGS = [
  '--max-semi-space-size',
  '--optimize-for-size',
  '--v8-pool-size',
  '--no-maglev',
  '--no-opt',
  '--no-concurrent-recompilation',
  '--no-concurrent-osr',
  '--no-concurrent-sparkplug',
  '--single-threaded',
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
