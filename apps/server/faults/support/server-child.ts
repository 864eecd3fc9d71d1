// The real server as a child process, for fault scenarios that kill it, starve it or cut it off: started
// the way an operator starts it (the compiled apps/server/dist/server.js, with the production flags of
// src/production-start.ts; `npm run build` first), ready when /api/ready
// says so, stopped by a signal. Also the database it runs on: a temporary SQLite folder or a throw-away
// PostgreSQL schema. (bench/bench-api.ts has similar helpers, but it runs its benchmark when imported.)

import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { REPOSITORY_ROOT } from '../../src/config'
import { compiledEntry, productionArgs } from '../../src/production-start'
import {
  createSchema,
  dropSchema,
  redactPassword,
  withAdminClient,
} from '../../test/postgres-schema'

export const SERVER_ENTRY = compiledEntry('server')

/** Two lenders for the carfinance brand: every stored submission has two outbox rows. */
export const LENDER_IDS = ['lender-a', 'lender-b'] as const

// Children still running when this process ends (a failed assertion, Ctrl-C) die with it.
const children = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

/**
 * The server's settings for a fault run: production mode, encryption at rest on, rate limits and the cap
 * per client address off (one client sends everything), deliveries enqueued but sent by no one, so the
 * outbox rows stay as written.
 * Keep the returned object for every restart: the data key opens what earlier runs sealed, and the secret
 * keeps the anti-forgery pair valid.
 */
export function faultServerEnv(): Record<string, string> {
  const secret = () => `whsec_${randomBytes(32).toString('base64')}`
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    FORECOURT_SECRET: randomBytes(48).toString('base64url'),
    FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    RATE_LIMIT_PARTIAL_SAVES_PER_HOUR: '0',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
    // Likewise the cap per client address: one load generator stands for many applicants.
    LOAD_SHEDDING_MAX_PER_CLIENT: '0',
    DELIVERY_WORKER: 'off',
    RETENTION_JOB: 'off',
    // Emails are queued with each submission; with the worker off none is sent or written.
    MAIL_TRANSPORT: 'file',
    // Production serves only its configured hosts; the scenarios ask by address.
    ALLOWED_HOSTS: '127.0.0.1,localhost',
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: LENDER_IDS.map((id) => ({
        id,
        url: `https://${id}.example/applications`,
        secret: secret(),
      })),
    }),
    // Only the API takes part; the front end need not be built.
    WEB_DIST_DIR: join(REPOSITORY_ROOT, 'apps/web/dist'),
  }
}

export interface ServerChild {
  url: string
  port: number
  pid: number | undefined
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>
  /** SIGTERM (a clean stop), then waits up to `graceMs` before SIGKILL. */
  stop(graceMs?: number): Promise<void>
  /** The last few KB the process wrote to stderr. */
  stderr(): string
}

export interface StartOptions {
  env: Record<string, string>
  /** The same port across restarts lets clients keep their address; a free one by default. */
  port?: number
  /** Start-up deadline; a loaded machine needs several seconds. */
  timeoutMs?: number
  /** stdout is the request log; it is discarded unless asked for. */
  onStdout?: (chunk: string) => void
  /** Node's arguments (flags and entry point); by default those of production (src/production-start.ts). */
  nodeArgs?: string[]
}

export async function startServer(options: StartOptions): Promise<ServerChild> {
  const port = options.port ?? (await freePort())
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: build the server first (npm run build)`)
  }
  const child = spawn(process.execPath, options.nodeArgs ?? productionArgs('server'), {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', options.onStdout === undefined ? 'ignore' : 'pipe', 'pipe'],
  })
  children.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child)
      resolve(code)
    }),
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  if (options.onStdout !== undefined) {
    const onStdout = options.onStdout
    child.stdout?.on('data', (chunk: Buffer) => onStdout(chunk.toString()))
  }
  const url = `http://127.0.0.1:${port}`
  const server: ServerChild = {
    url,
    port,
    pid: child.pid,
    exited,
    stderr: () => stderr,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  let lastProbe = 'no probe made'
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited at start-up:\n${stderr}`)
    }
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) })
      if (response.ok) return server
      lastProbe = `GET /api/ready answered ${response.status} ${await response.text()}`
    } catch (error) {
      // Not listening yet, or too busy to answer.
      const cause = error instanceof Error ? (error.cause ?? error) : error
      lastProbe = `GET /api/ready failed: ${cause instanceof Error ? cause.message : String(cause)}`
    }
    if (Date.now() > deadline) {
      await server.kill()
      throw new Error(
        `The server was not ready within ${options.timeoutMs ?? 60_000} ms (last: ${lastProbe})${stderr === '' ? '' : `:\n${stderr}`}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The anti-forgery pair, as a browser holds it after loading a page: a cookie and a header. */
export async function writeHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/csrf`)
  if (!response.ok) throw new Error(`GET /api/csrf answered ${response.status}`)
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (cookie === undefined) throw new Error('GET /api/csrf set no cookie')
  return { cookie, 'x-csrf-token': token }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

// --- Databases ---

export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface FaultDatabase {
  engine: 'SQLite' | 'PostgreSQL'
  /** The server's database settings: DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Record<string, string>
  /** What createDatabase() takes to open the same database from this process. */
  config: { databaseUrl: string | undefined; dataDir: string }
  /** Removes the folder or drops the schema. */
  drop(): Promise<void>
}

export async function sqliteDatabase(): Promise<FaultDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'forecourt-faults-'))
  return {
    engine: 'SQLite',
    env: { DATA_DIR: dataDir },
    config: { databaseUrl: undefined, dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  }
}

/**
 * A fresh schema on the test PostgreSQL, selected through search_path in the address; undefined (with a
 * loud warning) when the server does not answer.
 */
export async function postgresDatabase(
  baseUrl: string = TEST_POSTGRES_URL,
): Promise<FaultDatabase | undefined> {
  try {
    await withAdminClient(baseUrl, (client) => client.query('select 1'))
  } catch {
    console.warn(
      `⚠ PostgreSQL unreachable at ${redactPassword(baseUrl)}: its run is SKIPPED and reported as not measured (set TEST_DATABASE_URL)`,
    )
    return undefined
  }
  const { schema, url } = await createSchema(baseUrl, 'forecourt_faults')
  // A SQLite folder is never used with DATABASE_URL set, but the configuration names one.
  const dataDir = join(tmpdir(), 'forecourt-faults-unused')
  return {
    engine: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    config: { databaseUrl: url, dataDir },
    drop: () => dropSchema(baseUrl, schema),
  }
}
