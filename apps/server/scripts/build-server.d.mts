// Types of build-server.mjs, for the TypeScript that imports it (test/production-start.test.ts).
import type { BuildResult } from 'esbuild'

/** The compiled file's name (without .js) → the entry point's source, relative to apps/server. */
export declare const ENTRY_POINTS: Record<string, string>

export declare function buildServer(options?: {
  outdir?: string
  quiet?: boolean
}): Promise<BuildResult<{ metafile: true }>>
