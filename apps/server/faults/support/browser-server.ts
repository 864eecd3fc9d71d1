// The real server for the browser fault scenarios (server-child.ts starts it), serving the built
// front end: this builds nothing itself. Its request log (one line per request: method, path,
// status; no personal data) tells which submission attempts reached it.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { REPOSITORY_ROOT } from '../../src/config'
import { parseDataKeyring, type DataKeyring } from '../../src/crypto/field-encryption'
import {
  faultServerEnv,
  sqliteDatabase,
  startServer,
  type FaultDatabase,
  type ServerChild,
} from './server-child'

export class MissingWebBuildError extends Error {
  constructor(dir: string) {
    super(
      `The built front end is missing (${join(dir, 'index.html')}): run \`npm run build\` first; this script builds nothing itself.`,
    )
    this.name = 'MissingWebBuildError'
  }
}

/** The folder of the built front end; WEB_DIST_DIR points elsewhere, as it does for the server. */
export function webDistDir(): string {
  const dir = process.env.WEB_DIST_DIR ?? join(REPOSITORY_ROOT, 'apps/web/dist')
  if (!existsSync(join(dir, 'index.html'))) throw new MissingWebBuildError(dir)
  return dir
}

export interface ServerArrival {
  /** The submission key in the path, lower case. */
  key: string
  status: number
}

export interface BrowserServer {
  server: ServerChild
  database: FaultDatabase
  /** Opens the payloads the server seals (encryption at rest is on, as in production). */
  dataKeys: DataKeyring | undefined
  /** `http://<brand>.localhost:<port><path>`: Chromium resolves every *.localhost to loopback. */
  brandUrl: (brand: string, path?: string) => string
  /** Every POST to the submission API the server has answered so far, in order. */
  submissionArrivals: () => ServerArrival[]
  /** Stops the server and removes its database. */
  stop: () => Promise<void>
}

/** The server in production mode on a fresh SQLite folder (server-child.ts: faultServerEnv). */
export async function startBrowserServer(): Promise<BrowserServer> {
  const distDir = webDistDir()
  const env: Record<string, string> = { ...faultServerEnv(), WEB_DIST_DIR: distDir }
  const problems: string[] = []
  const dataKeys = parseDataKeyring(
    { key: env.FORECOURT_DATA_KEY, keyId: undefined, oldKeys: undefined },
    problems,
  )
  if (problems.length > 0) throw new Error(problems.join('; '))
  const database = await sqliteDatabase()
  const arrivals: ServerArrival[] = []
  let partial = ''
  let server: ServerChild
  try {
    server = await startServer({
      env: { ...env, ...database.env, LOG_LEVEL: 'info' },
      onStdout: (chunk) => {
        const lines = (partial + chunk).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) {
          const arrival = submissionArrival(line)
          if (arrival) arrivals.push(arrival)
        }
      },
    })
  } catch (error) {
    await database.drop()
    throw error
  }
  return {
    server,
    database,
    dataKeys,
    brandUrl: (brand, path = '/') => `http://${brand}.localhost:${server.port}${path}`,
    submissionArrivals: () => [...arrivals],
    stop: async () => {
      await server.stop()
      await database.drop()
    },
  }
}

const SUBMISSION_PATH = /^\/api\/submission\/([^/?]+)$/

/** A request log line of a submission POST, as apps/server/src/logging.ts writes it. */
export function submissionArrival(line: string): ServerArrival | undefined {
  if (!line.includes('/api/submission/')) return undefined
  try {
    const entry = JSON.parse(line) as {
      req?: { method?: string; path?: string }
      res?: { statusCode?: number }
    }
    const key = SUBMISSION_PATH.exec(entry.req?.path ?? '')?.[1]
    if (entry.req?.method !== 'POST' || key === undefined) return undefined
    return { key: decodeURIComponent(key).toLowerCase(), status: entry.res?.statusCode ?? 0 }
  } catch {
    return undefined
  }
}
