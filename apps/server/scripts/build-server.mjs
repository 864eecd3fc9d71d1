#!/usr/bin/env node
// `npm run build -w @forecourt/server`: compiles the server to JavaScript with esbuild (docs/decisions/1552),
// so production runs plain `node` with no TypeScript loader. Each entry point (a process or a thread the
// server starts) becomes one self-contained ES module in apps/server/dist, all in the same folder, with a
// source map beside it: the server's own code and the workspace packages it imports (@forecourt/*, which
// are TypeScript source) are bundled; every other package stays an import of node_modules, resolved at
// run time as before. Whatever the entry points import (routes, plugins, any app added later) comes
// along: nothing here lists routes.
//
// `--if-missing` builds only when a compiled entry point is missing (`npm run worker` and `npm run
// deliveries`, which must not rewrite the files of a server running beside them); `--outdir <folder>`
// builds elsewhere; `--quiet` prints nothing but errors.
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

/** The processes and threads the server starts, by the name of their compiled file. */
export const ENTRY_POINTS = {
  // The API and the front end (`npm start`).
  server: 'src/server.ts',
  // The delivery worker alone (`npm run worker`).
  worker: 'src/worker.ts',
  // The operator command (`npm run deliveries`).
  deliveries: 'src/cli/deliveries.ts',
  // The back office's operator and audit commands (`npm run operators`, `npm run audit`).
  operators: 'src/cli/operators.ts',
  audit: 'src/cli/audit.ts',
  // The second half of a data key rotation (docs/operations.md).
  reseal: 'src/crypto/reseal.ts',
  // The SQLite writer thread (decision 1461), started by the server from the file beside it.
  'sqlite-writer-thread': 'src/repositories/sqlite-writer-thread.ts',
}

// Workspace packages are TypeScript source (their package.json exports map to .ts): they are compiled in.
const WORKSPACE_SCOPE = '@forecourt/'

/** Leaves every package import but the workspace's own to Node's resolution at run time. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined
      return { path: args.path, external: true }
    })
  },
}

export async function buildServer({ outdir = join(serverDir, 'dist'), quiet = false } = {}) {
  const started = Date.now()
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, file]) => [name, join(serverDir, file)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // With NODE_OPTIONS=--enable-source-maps, stack traces name the TypeScript files and lines (off by
    // default: decision 2001). The sources themselves stay out of the maps (smaller, read at start-up).
    sourcemap: 'linked',
    sourcesContent: false,
    // No keepNames: the code is not minified, so classes and functions keep their names; only the few
    // that two modules both declare get a number added ("isRecord2") in a stack trace. keepNames wrapped
    // every function made at run time in a call that set its name again: 1.9 % of the event loop's time
    // under partial saves, 4-6 % of a request's CPU in all (docs/benchmarks.md, "Cuts to a durable write").
    keepNames: false,
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
    plugins: [packagesStayExternal],
  })
  if (!quiet) {
    const outputs = Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(
        ([file, { bytes }]) =>
          `${relative(serverDir, join(serverDir, file))} ${(bytes / 1024).toFixed(0)} KiB`,
      )
    console.log(`Server compiled in ${Date.now() - started} ms: ${outputs.join(', ')}`)
  }
  return result
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      outdir: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      'if-missing': { type: 'boolean', default: false },
    },
  })
  const outdir =
    values.outdir === undefined ? join(serverDir, 'dist') : join(process.cwd(), values.outdir)
  const missing = Object.keys(ENTRY_POINTS).some((name) => !existsSync(join(outdir, `${name}.js`)))
  if (values['if-missing'] && !missing) process.exit(0)
  await buildServer({
    outdir,
    quiet: values.quiet,
  })
}
