// How the compiled server's processes are started (decisions 1552, 1553, 2091 and 2145), in one place for every
// launcher that must run what ships: the end-to-end tests' web server, the fault scenarios and the API
// benchmark. The npm scripts (apps/server/package.json `start`, the root's `worker` and `deliveries`) spell
// the same command out; test/production-start.test.ts keeps them in step. No entry point imports this file,
// so it is never bundled: its own location finds the compiled folder.

import { fileURLToPath } from 'node:url'

/** Where `npm run build` compiles the server (apps/server/scripts/build-server.mjs). */
export const COMPILED_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

/**
 * Node's flags for every compiled process: none. V8's defaults (Maglev and TurboFan compiling on helper
 * threads) cost less CPU per request than the memory-saving flags of decisions 2001 and 2021, which decision
 * 2091 retired. Source maps are not enabled (they held 12 MB of the heap): stack traces name lines of the
 * compiled file, whose `// src/...` comments name the TypeScript file, and `NODE_OPTIONS=--enable-source-maps`
 * brings the TypeScript's lines back when they are wanted.
 */
export const NODE_FLAGS: readonly string[] = []

/** The young generation's semi-space of the server, in MiB: V8's own default on this machine is 32. */
export const SERVER_SEMI_SPACE_MB = 16

/**
 * The server's flags besides: a young generation of two 16 MiB semi-spaces instead of V8's 32 MiB ones. Under
 * the launch-day spike it held the server's resident memory at 216 MB against 319 MB, for the same CPU per
 * journey (8.8 ms against 8.7 ms, in one run): the young generation was the largest part of the memory, and
 * a request's garbage dies young either way (decision 2145; `npm run faults -- --only spike`).
 */
export const SERVER_FLAGS: readonly string[] = [`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`]

/**
 * Flags that trade CPU for memory, which no production process may run with (decision 2091). A semi-space
 * smaller than SERVER_SEMI_SPACE_MB is one of them: decision 2001's 1 MiB collected many times as often.
 */
export const CPU_FOR_MEMORY_FLAGS = [
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

/** Node's flags for a compiled entry point as production runs it. */
export function productionFlags(name: CompiledEntry): string[] {
  return [...NODE_FLAGS, ...(name === 'server' ? SERVER_FLAGS : [])]
}

/** Node's arguments to run a compiled entry point as production does. */
export function productionArgs(name: CompiledEntry): string[] {
  return [...productionFlags(name), compiledEntry(name)]
}
