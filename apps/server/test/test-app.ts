// An app for route tests: real configuration parsing, a SQLite database in a temporary DATA_DIR (migrated
// and seeded by buildApp itself, as at start-up), and log lines captured instead of printed.

import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { temporaryFolder } from './test-databases'
import { assertApplicantAnswers, checkApplicantAnswers } from './applicant-contract'

export interface TestApp {
  app: FastifyInstance
  /** Every log line written so far, parsed. */
  logLines(): Record<string, unknown>[]
  /** The raw log output, to search for values that must never appear. */
  logText(): string
  close(): Promise<void>
}

/**
 * Not yet ready, so a test may add a route of its own; the first inject makes it ready. Its close() fails
 * with any answer outside the applicant contract (applicant-contract.ts).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await temporaryFolder()
  const config = loadConfig({
    DATA_DIR: dataDir,
    // A folder with no index.html unless the test gives one: the "front end not built" state.
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    LOG_LEVEL: 'info',
    ...env,
  })
  const lines: string[] = []
  const app = await buildApp(config, { logger: { stream: { write: (line) => lines.push(line) } } })
  const mismatches = checkApplicantAnswers(app)
  return {
    app,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    logText: () => lines.join(''),
    close: async () => {
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
      assertApplicantAnswers(mismatches())
    },
  }
}

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en-GB"><head><title>Forecourt test</title></head><body><div id="root"></div></body></html>'

/** A tiny stand-in for `npm run build`'s output: index.html, a hashed script and an unhashed logo. */
export async function makeWebDist(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await temporaryFolder('forecourt-web-dist-')
  await mkdir(join(dir, 'assets'))
  await mkdir(join(dir, 'brands'))
  await writeFile(join(dir, 'index.html'), TEST_INDEX_HTML)
  await writeFile(join(dir, 'assets', 'index-B4x9Qk2d.js'), 'console.log("app")\n')
  await writeFile(
    join(dir, 'brands', 'carfinance.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  )
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
