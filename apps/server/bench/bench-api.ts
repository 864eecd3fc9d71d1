// `npm run bench:api`: the durable submission against a bare Fastify hello-world, on SQLite and on
// PostgreSQL, with the bars of quality.md. Every server runs in its own process on 127.0.0.1 (a free port),
// the load comes from autocannon in this one, and each request carries a new key in its path and body.
// A run counts only if every response had the expected status and every 201 is a row in the database
// afterwards; otherwise the script fails. Figures go to docs/benchmarks.md, section "API".

import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon, { type RequestData, type RequestSpec, type Result } from 'autocannon'
import pg from 'pg'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledState } from '@forecourt/domain/payload/test-fixtures'
import { REPOSITORY_ROOT } from '../src/config'
import { createDatabase } from '../src/db/database'

const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4)
const ROUNDS = 5
const HALF_RATE_SECONDS = Number(process.env.BENCH_HALF_RATE_SECONDS ?? 10)
// The server's code is compiled by the JIT as it runs: the first seconds are slower than the rest.
const WARM_UP_SECONDS = 5
const CONNECTIONS = 20
const BARS = { ratioToHelloWorld: 0.1, p99Ms: 25, postgresToSqlite: 0.5 }
const BENCHMARKS_FILE = join(REPOSITORY_ROOT, 'docs', 'benchmarks.md')
const SECTION_START = '<!-- bench:api:start -->'
const SECTION_END = '<!-- bench:api:end -->'
const KEY_PLACEHOLDER = '00000000-0000-4000-8000-000000000000'

const children = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

interface Target {
  name: string
  url: string
  child: ChildProcess
  stderr: () => string
}

interface Run {
  rate: number
  p50: number
  p99: number
  responses: number
  statuses: Record<string, number>
  problems: string[]
}

async function main(): Promise<void> {
  const started = Date.now()
  // Other work on a shared machine lowers every figure: the report says how busy it was.
  const loadAtStart = busyness()
  const dataDir = await mkdtemp(join(tmpdir(), 'forecourt-bench-'))
  const postgresBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const postgresSchema = (await postgresReachable(postgresBase))
    ? `forecourt_bench_${randomUUID().replaceAll('-', '')}`
    : undefined
  const failures: string[] = []

  try {
    if (postgresSchema !== undefined) {
      await adminQuery(postgresBase, `create schema "${postgresSchema}"`)
    } else {
      console.warn(`⚠ PostgreSQL unreachable at ${postgresBase}: its figures are skipped`)
    }

    console.log('Starting the servers…')
    const [hello, sqlite, postgres] = await Promise.all([
      startServer('hello-world', join(REPOSITORY_ROOT, 'apps/server/bench/hello-world.ts'), {}),
      startServer('SQLite', join(REPOSITORY_ROOT, 'apps/server/src/server.ts'), {
        ...serverEnv(),
        DATA_DIR: dataDir,
      }),
      postgresSchema === undefined
        ? Promise.resolve(undefined)
        : startServer('PostgreSQL', join(REPOSITORY_ROOT, 'apps/server/src/server.ts'), {
            ...serverEnv(),
            DATA_DIR: dataDir,
            DATABASE_URL: withSearchPath(postgresBase, postgresSchema),
          }),
    ])
    const submitTargets = [sqlite, postgres].filter((target) => target !== undefined)
    const headers = new Map<Target, Record<string, string>>()
    for (const target of submitTargets) headers.set(target, await writeHeaders(target))
    const created = new Map<Target, number>(submitTargets.map((target) => [target, 0]))
    // Warm-up, the rounds, and the run at half rate.
    const runsPerTarget = 1 + ROUNDS + 1

    const runHello = (seconds: number) =>
      measure(
        autocannon({ url: `${hello.url}/`, connections: CONNECTIONS, duration: seconds }),
        '200',
      )
    const runSubmit = async (target: Target, seconds: number, overallRate?: number) => {
      const run = await measure(
        autocannon({
          url: target.url,
          connections: CONNECTIONS,
          duration: seconds,
          ...(overallRate === undefined ? {} : { overallRate }),
          requests: [submissionRequest(headers.get(target) ?? {})],
        }),
        '201',
      )
      created.set(target, (created.get(target) ?? 0) + (run.statuses['201'] ?? 0))
      return run
    }

    console.log(`Warming up (${WARM_UP_SECONDS} s each)…`)
    await runHello(WARM_UP_SECONDS)
    for (const target of submitTargets) await runSubmit(target, WARM_UP_SECONDS)

    // Interleaved rounds, so a noisy neighbour on a shared machine weighs on every figure alike.
    const rounds = new Map<string, Run[]>()
    const record = (name: string, run: Run) => {
      rounds.set(name, [...(rounds.get(name) ?? []), run])
      failures.push(...run.problems.map((problem) => `${name}: ${problem}`))
      console.log(
        `  ${name.padEnd(11)} ${Math.round(run.rate).toString().padStart(6)} req/s  p99 ${run.p99} ms${run.problems.length > 0 ? `  PROBLEM: ${run.problems.join('; ')}` : ''}`,
      )
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`Round ${round} of ${ROUNDS} (maximum rate, ${ROUND_SECONDS} s each)`)
      record('hello-world', await runHello(ROUND_SECONDS))
      for (const target of submitTargets)
        record(target.name, await runSubmit(target, ROUND_SECONDS))
    }

    const halfRate = new Map<string, { rate: number; run: Run }>()
    for (const target of submitTargets) {
      const rate = Math.floor(median((rounds.get(target.name) ?? []).map((run) => run.rate)) / 2)
      console.log(
        `${target.name}: latency at half the maximum rate (${rate} req/s, ${HALF_RATE_SECONDS} s)`,
      )
      const run = await runSubmit(target, HALF_RATE_SECONDS, rate)
      record(`${target.name} ½`, run)
      halfRate.set(target.name, { rate, run })
    }

    await Promise.all([hello, ...submitTargets].map(stopServer))
    // Every acknowledged submission must be there once the servers have stopped.
    const stored = new Map<string, number>()
    stored.set('SQLite', await countSubmissions({ databaseUrl: undefined, dataDir }))
    if (postgres !== undefined && postgresSchema !== undefined) {
      stored.set(
        'PostgreSQL',
        await countSubmissions({
          databaseUrl: withSearchPath(postgresBase, postgresSchema),
          dataDir,
        }),
      )
    }
    for (const target of submitTargets) {
      const answered = created.get(target) ?? 0
      const rows = stored.get(target.name) ?? 0
      console.log(`${target.name}: ${answered} submissions answered 201, ${rows} stored`)
      // A request still in flight when a run's time is up is stored but its answer not counted: at most
      // one per connection per run.
      if (rows < answered || rows > answered + CONNECTIONS * runsPerTarget) {
        failures.push(`${target.name}: ${answered} answered 201 but ${rows} rows stored`)
      }
    }

    const section = report({
      hello: rounds.get('hello-world') ?? [],
      sqlite: rounds.get('SQLite') ?? [],
      postgres: rounds.get('PostgreSQL'),
      halfRate,
      created: new Map([...created].map(([target, count]) => [target.name, count])),
      seconds: Math.round((Date.now() - started) / 1000),
      load: [loadAtStart, busyness()],
      failures,
    })
    await writeSection(section)
    console.log(`\n${section}\nWritten to docs/benchmarks.md`)
  } finally {
    for (const child of children) child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
    if (postgresSchema !== undefined) {
      await adminQuery(postgresBase, `drop schema if exists "${postgresSchema}" cascade`).catch(
        () => undefined,
      )
    }
  }
  if (failures.length > 0) {
    console.error(`\nThe run is not valid:\n- ${failures.join('\n- ')}`)
    process.exitCode = 1
  }
}

/** The real server's settings for the run: production mode, encryption on, limits off, no worker. */
function serverEnv(): Record<string, string> {
  const secret = () => `whsec_${randomBytes(32).toString('base64')}`
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    FORECOURT_SECRET: randomBytes(48).toString('base64url'),
    FORECOURT_DATA_KEY: randomBytes(32).toString('base64'),
    // One client sends everything: the per-client limits would measure themselves.
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '0',
    // Deliveries are written to the outbox (two per submission) but sent by no one during the run.
    DELIVERY_WORKER: 'off',
    RETENTION_JOB: 'off',
    LENDER_DESTINATIONS: JSON.stringify({
      carfinance: [
        { id: 'lender-a', url: 'https://lender-a.example/applications', secret: secret() },
        { id: 'lender-b', url: 'https://lender-b.example/applications', secret: secret() },
      ],
    }),
  }
}

function submissionRequest(headers: Record<string, string>): RequestSpec {
  const state = filledState()
  state.GUID = KEY_PLACEHOLDER
  const template = JSON.stringify(
    toFullSubmissionPayload(state, { brand: brands.carfinance, now: new Date() }),
  )
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    setupRequest: (request: RequestData) => {
      const key = randomUUID()
      request.path = `/api/submission/${key}`
      request.body = template.replace(KEY_PLACEHOLDER, key)
      return request
    },
  }
}

async function measure(running: Promise<Result>, expected: string): Promise<Run> {
  const result = await running
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]),
  )
  const responses = Object.values(statuses).reduce((sum, count) => sum + count, 0)
  const problems: string[] = []
  for (const [status, count] of Object.entries(statuses)) {
    if (status !== expected) problems.push(`${count} responses with status ${status}`)
  }
  if (result.errors > 0) problems.push(`${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`)
  if (responses === 0) problems.push('no responses at all')
  return {
    rate: responses / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses,
    statuses,
    problems,
  }
}

async function startServer(
  name: string,
  file: string,
  env: Record<string, string>,
): Promise<Target> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      // No built front end needed: only the API is measured.
      WEB_DIST_DIR: join(REPOSITORY_ROOT, 'apps/web/dist'),
    },
    // The request log goes nowhere, but is still written: its cost is part of the figure.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.add(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const url = `http://127.0.0.1:${port}`
  const probe = name === 'hello-world' ? `${url}/` : `${url}/api/ready`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start-up:\n${stderr}`)
    try {
      const response = await fetch(probe)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start within 60 s:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { name, url, child, stderr: () => stderr }
}

async function stopServer(target: Target): Promise<void> {
  const { child } = target
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  children.delete(child)
}

/** The anti-forgery pair, as a browser would hold it after loading a page. */
async function writeHeaders(target: Target): Promise<Record<string, string>> {
  const response = await fetch(`${target.url}/api/csrf`)
  if (!response.ok) return {}
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  return cookie === undefined ? {} : { cookie, 'x-csrf-token': token }
}

async function countSubmissions(config: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<number> {
  const database = createDatabase(config)
  try {
    const row = await database.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  } finally {
    await database.close()
  }
}

function freePort(): Promise<number> {
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

function withSearchPath(base: string, schema: string): string {
  const url = new URL(base)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  try {
    await adminQuery(url, 'select 1')
    return true
  } catch {
    return false
  }
}

/**
 * CPU pressure (Linux PSI: the share of the last 10 s in which something waited for a CPU) where the kernel
 * reports it, which follows other work at once; the one-minute load average, which lags, elsewhere.
 */
function busyness(): string {
  try {
    const some = readFileSync('/proc/pressure/cpu', 'utf8').match(/^some avg10=([\d.]+)/m)
    if (some?.[1] !== undefined) return `CPU pressure ${Math.round(Number(some[1]))} %`
  } catch {
    // Not Linux, or no PSI.
  }
  return `load average ${(loadavg()[0] ?? 0).toFixed(1)}`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return 0
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

interface ReportInput {
  hello: Run[]
  sqlite: Run[]
  postgres: Run[] | undefined
  halfRate: Map<string, { rate: number; run: Run }>
  created: Map<string, number>
  seconds: number
  /** How busy the machine was at the start and at the end of the run. */
  load: [string, string]
  failures: string[]
}

function report(input: ReportInput): string {
  const number = (value: number) => Math.round(value).toLocaleString('en-GB')
  const ratio = (value: number) => value.toFixed(3)
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const rates = (runs: Run[]) => runs.map((run) => number(run.rate)).join(', ')
  const hello = median(input.hello.map((run) => run.rate))
  const sqlite = median(input.sqlite.map((run) => run.rate))
  const postgres = input.postgres && median(input.postgres.map((run) => run.rate))
  // Each round's runs are seconds apart: their ratio is steadier than the ratio of medians when other
  // work on the machine comes and goes.
  const ratioOfRounds = (top: Run[], bottom: Run[]) =>
    median(top.map((run, i) => run.rate / (bottom[i]?.rate ?? Number.NaN)))
  const sqliteRatio = ratioOfRounds(input.sqlite, input.hello)
  const postgresRatio = input.postgres && ratioOfRounds(input.postgres, input.sqlite)
  const sqliteHalf = input.halfRate.get('SQLite')
  const postgresHalf = input.halfRate.get('PostgreSQL')
  const cpu = cpus()
  const rows = [
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    `| Fastify hello-world, \`GET /\` (maximum rate) | ${number(hello)} req/s | baseline | |`,
    `| durable submission on SQLite, \`synchronous=FULL\` (maximum rate) | ${number(sqlite)} req/s; ${ratio(sqliteRatio)} × hello-world | ≥ ${BARS.ratioToHelloWorld} × | ${verdict(sqliteRatio >= BARS.ratioToHelloWorld)} |`,
  ]
  if (sqliteHalf !== undefined) {
    rows.push(
      `| SQLite p99 at half that rate (${number(sqliteHalf.rate)} req/s asked, ${number(sqliteHalf.run.rate)} served) | ${sqliteHalf.run.p99} ms (p50 ${sqliteHalf.run.p50} ms) | ≤ ${BARS.p99Ms} ms | ${verdict(sqliteHalf.run.p99 <= BARS.p99Ms)} |`,
    )
  }
  if (postgres !== undefined && postgresRatio !== undefined) {
    rows.push(
      `| durable submission on PostgreSQL (maximum rate) | ${number(postgres)} req/s; ${ratio(postgresRatio)} × SQLite | ≥ ${BARS.postgresToSqlite} × SQLite | ${verdict(postgresRatio >= BARS.postgresToSqlite)} |`,
    )
  } else {
    rows.push('| durable submission on PostgreSQL | not measured: PostgreSQL unreachable | | |')
  }
  if (postgresHalf !== undefined) {
    rows.push(
      `| PostgreSQL p99 at half its rate (${number(postgresHalf.rate)} req/s asked, ${number(postgresHalf.run.rate)} served) | ${postgresHalf.run.p99} ms (p50 ${postgresHalf.run.p50} ms) | ≤ ${BARS.p99Ms} ms | ${verdict(postgresHalf.run.p99 <= BARS.p99Ms)} |`,
    )
  }
  const createdText = [...input.created]
    .map(([name, count]) => `${number(count)} on ${name}`)
    .join(', ')
  return [
    SECTION_START,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:api\` (${input.seconds} s), on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Linux ${release()}, Node ${process.version}; ${input.load[0]} at the start and ${input.load[1]} at the end. The load generator (autocannon, ${CONNECTIONS} connections) shares the machine with the server, as in the toolchain notes.`,
    '',
    ...rows,
    '',
    `- Maximum rates are the median of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s (hello-world ${rates(input.hello)}; SQLite ${rates(input.sqlite)}${input.postgres ? `; PostgreSQL ${rates(input.postgres)}` : ''} req/s), after a ${WARM_UP_SECONDS} s warm-up; each ratio is the median of the rounds' ratios. Latency at half rate: autocannon \`overallRate\`, ${HALF_RATE_SECONDS} s, corrected for coordinated omission.`,
    '- Each request is `POST /api/submission/<new UUID>` with a valid full payload carrying the same key, through the whole server: security headers, CORS, anti-forgery check (token from `GET /api/csrf`), the domain schema, the body hash, personal fields encrypted (AES-256-GCM), and a transaction holding the idempotency row, the application and two outbox rows (submissions arriving together share one transaction and, on SQLite, one disk sync: decision 0603); the 201 is sent after the commit. Production mode, request log at `info` (written to /dev/null), rate limits off (one client sends everything), delivery worker off.',
    `- Checked: every response had status 201 (hello-world: 200), with no connection error or timeout, and after the servers stopped every submission answered 201 was in the database (${createdText} answered; the few more stored were in flight when a run's time ran out).${input.failures.length > 0 ? ` **This run is not valid:** ${input.failures.join('; ')}.` : ''}`,
    existsSync(join(REPOSITORY_ROOT, 'apps/web/dist/index.html'))
      ? ''
      : '- The front end was not built for this run; it does not take part in these requests.',
    SECTION_END,
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

async function writeSection(section: string): Promise<void> {
  const existing = existsSync(BENCHMARKS_FILE) ? await readFile(BENCHMARKS_FILE, 'utf8') : undefined
  let text: string
  if (existing === undefined) {
    text = `# Benchmarks\n\nFigures measured by the project's scripts, each with the command that produced it. The bars are those of \`quality.md\`.\n\n## API\n\n${section}\n`
  } else if (existing.includes(SECTION_START) && existing.includes(SECTION_END)) {
    const before = existing.slice(0, existing.indexOf(SECTION_START))
    const after = existing.slice(existing.indexOf(SECTION_END) + SECTION_END.length)
    text = `${before}${section}${after}`
  } else {
    text = `${existing.trimEnd()}\n\n## API\n\n${section}\n`
  }
  await writeFile(BENCHMARKS_FILE, text)
}

await main()
