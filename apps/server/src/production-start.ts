// How the compiled server's processes are started (decisions 1552 and 1553), in one place for every
// launcher that must run what ships: the end-to-end tests' web server, the fault scenarios and the API
// benchmark. The npm scripts (apps/server/package.json `start`, the root's `worker` and `deliveries`) spell
// the same command out; test/production-start.test.ts keeps them in step. No entry point imports this file,
// so it is never bundled: its own location finds the compiled folder.

import { fileURLToPath } from 'node:url'

/** Where `npm run build` compiles the server (apps/server/scripts/build-server.mjs). */
export const COMPILED_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

/**
 * Node's flags for every compiled process: stack traces in the TypeScript's files and lines, and a young
 * generation of 1 MiB a semi-space instead of up to 16 (V8's default on a 64-bit machine): about 30 MB less
 * resident at rest and 150 MB less under load, for about a fifth more CPU per request (decision 1553).
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=1'] as const

export type CompiledEntry = 'server' | 'worker' | 'deliveries'

/** The compiled file of an entry point. */
export function compiledEntry(name: CompiledEntry): string {
  return `${COMPILED_DIR}${name}.js`
}

/** Node's arguments to run a compiled entry point as production does. */
export function productionArgs(name: CompiledEntry): string[] {
  return [...NODE_FLAGS, compiledEntry(name)]
}
