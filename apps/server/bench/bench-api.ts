// `npm run bench:api`: the durable submission against a bare Fastify hello-world, on SQLite and on
// PostgreSQL, with the bars of docs/requirements.md#quality-bars, and the latency of a submission against the load offered.
// Every server runs in its own process on 127.0.0.1 (a free port); the load comes from this one, and each
// request carries a new key in its path and body. A run counts only if every response had the expected
// status and every 201 is a row in the database afterwards; otherwise the script fails. The full run writes
// its figures to docs/benchmarks.md (section "API") and the chart to docs/benchmarks/; `--quick` (a few
// seconds a step, for development) and `--no-report` only print them. Decision records: 0607, 1462.
// It stays one file, over 500 lines: the servers, the rounds, the latency curve and the checks share one run's
// measurements, and the report is written from all of them together.

import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import {
  busyness,
  describeMachine,
  machine,
  utcDate,
  type Machine,
} from '../faults/support/machine'
import {
  faultServerEnv,
  freePort,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  writeHeaders,
  type FaultDatabase,
  type ServerChild,
} from '../faults/support/server-child'
import {
  closedLoop,
  closedLoopSubmissions,
  durableWrite,
  submissionTemplate,
  type ClosedLoopRun,
} from '../faults/support/submission-load'
import { REPOSITORY_ROOT } from '../src/config'
import { countStoredRows } from '../faults/support/stored-rows'
import { cpuMicros } from '../faults/support/proc-cpu'
import { latencyChart, type ChartSeries } from './latency-chart'
import { openLoop, type OpenLoopResult } from './open-loop'
import { withBrowserSecret } from '../faults/support/browser-secret'
import { validBody } from '../faults/support/malformed-cases'
import type { RequestData, RequestSpec } from 'autocannon'

export interface BenchSettings {
  /** Closed-loop clients for the maximum rates, as in the toolchain notes. */
  connections: number
  warmUpSeconds: number
  rounds: number
  roundSeconds: number
  /** The offered loads of the curve, as shares of each engine's maximum rate. */
  loadShares: number[]
  curveSeconds: number
  curveWarmUpSeconds: number
}

const FULL: BenchSettings = {
  connections: 20,
  warmUpSeconds: 5,
  rounds: 5,
  roundSeconds: 4,
  loadShares: [0.1, 0.25, 0.5, 0.75, 0.9, 1],
  curveSeconds: 6,
  curveWarmUpSeconds: 1,
}

const QUICK: BenchSettings = {
  ...FULL,
  warmUpSeconds: 2,
  rounds: 3,
  roundSeconds: 2,
  curveSeconds: 2,
  curveWarmUpSeconds: 0.5,
}

export const BARS = {
  ratioToHelloWorld: 0.1,
  p99Ms: 25,
  postgresToSqlite: 0.5,
  /** Server CPU, every thread, per durable SQLite submission and per partial save (µs). */
  submissionCpuMicros: 400,
  partialSaveCpuMicros: 250,
}
/** The applications the partial saves of a round go to, in turn: each save overwrites that one's row. */
const PARTIAL_APPLICATIONS = 200
/** The bar's load: half the maximum rate. */
const BAR_SHARE = 0.5
const CHART_FILE = join(REPOSITORY_ROOT, 'docs', 'benchmarks', 'submission-latency.svg')
const CHART_LINK = 'benchmarks/submission-latency.svg'

interface Target {
  name: 'hello-world' | 'lean write' | 'SQLite' | 'PostgreSQL'
  url: string
  pid: number | undefined
  stop(): Promise<void>
}

interface Engine extends Target {
  name: 'SQLite' | 'PostgreSQL'
  database: FaultDatabase
  headers: Record<string, string>
}

export interface Run {
  rate: number
  p50: number
  p99: number
  statuses: Record<string, number>
  problems: string[]
  /**
   * CPU time per answered request (µs): the server's (all threads, and the event loop's thread), and the
   * load generator's (this process, sharing the machine's cores with the server).
   */
  cpu:
    | {
        process: number
        mainThread: number
        generator?: number
        /**
         * Time the server's threads and the load generator's spent ready to run but waiting for a CPU
         * (µs per answered request): large when other work on the machine takes the cores.
         */
        serverWaited?: number
        generatorWaited?: number
      }
    | undefined
}

export interface CurvePoint {
  share: number
  result: OpenLoopResult
  problems: string[]
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2))
  const quick = args.has('--quick')
  const writeReport = !quick && !args.has('--no-report')
  const settings = quick ? QUICK : FULL
  const startedAt = new Date()
  // Other work on a shared machine lowers every figure: the report says how busy it was.
  const atStart = machine()
  const failures: string[] = []
  const targets: Target[] = []
  const databases: FaultDatabase[] = []
  let leanData: string | undefined

  try {
    console.log(`Starting the servers${quick ? ' (quick run: figures are not written)' : ''}…`)
    const sqlite = await sqliteDatabase()
    databases.push(sqlite)
    const postgres = await postgresDatabase()
    if (postgres !== undefined) databases.push(postgres)
    const env = faultServerEnv()
    const leanDirectory = await mkdtemp(join(tmpdir(), 'forecourt-lean-'))
    const [hello, lean, ...engines] = await Promise.all([
      startReference('hello-world', 'hello-world.ts'),
      startReference(LEAN_RUNS, 'lean-write.ts', { DATA_DIR: leanDirectory }),
      ...databases.map((database) => startEngine(database, env)),
    ])
    targets.push(hello, lean, ...engines)
    leanData = leanDirectory

    const created = new Map<Engine, number>(engines.map((engine) => [engine, 0]))
    let closedLoopRuns = 0
    // The maximum rates are measured as the fault scenarios measure them (overload, memory): one helper.
    const runHello = (seconds: number) =>
      measure(
        hello,
        () => closedLoop({ url: `${hello.url}/`, connections: settings.connections, seconds }),
        '200',
      )
    // The reference: the same submissions, to a server that does only a lean durable write (bench/lean-write.ts).
    const runLean = (seconds: number) =>
      measure(
        lean,
        () =>
          closedLoopSubmissions({
            url: lean.url,
            headers: {},
            connections: settings.connections,
            seconds,
          }),
        '201',
      )
    const runSubmit = async (engine: Engine, seconds: number) => {
      closedLoopRuns += 1
      const run = await measure(
        engine,
        () =>
          closedLoopSubmissions({
            url: engine.url,
            headers: engine.headers,
            connections: settings.connections,
            seconds,
          }),
        '201',
      )
      created.set(engine, (created.get(engine) ?? 0) + (run.statuses['201'] ?? 0))
      return run
    }

    // Partial saves on SQLite, as the browser sends them while the applicant types: the bar's CPU figure.
    const sqliteEngine = engines.find((engine) => engine.name === 'SQLite')
    const runPartial = (engine: Engine, seconds: number) =>
      measure(
        engine,
        () =>
          closedLoop({
            url: engine.url,
            connections: settings.connections,
            seconds,
            requests: [partialSaveRequest(engine.headers)],
          }),
        '202',
      )

    console.log(`Warming up (${settings.warmUpSeconds} s each)…`)
    await runHello(settings.warmUpSeconds)
    await runLean(settings.warmUpSeconds)
    for (const engine of engines) await runSubmit(engine, settings.warmUpSeconds)
    if (sqliteEngine !== undefined) await runPartial(sqliteEngine, settings.warmUpSeconds)

    // Interleaved rounds, so a noisy neighbour on a shared machine weighs on every figure alike.
    const rounds = new Map<string, Run[]>()
    const record = (name: string, run: Run) => {
      rounds.set(name, [...(rounds.get(name) ?? []), run])
      failures.push(...run.problems.map((problem) => `${name}: ${problem}`))
      const cpu = run.cpu === undefined ? '' : `  CPU ${Math.round(run.cpu.mainThread)} µs/request`
      console.log(
        `  ${name.padEnd(11)} ${Math.round(run.rate).toString().padStart(6)} req/s  p99 ${run.p99} ms${cpu}${run.cpu === undefined ? '' : ` (all threads ${Math.round(run.cpu.process)} µs)`}${run.problems.length > 0 ? `  PROBLEM: ${run.problems.join('; ')}` : ''}`,
      )
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      console.log(
        `Round ${round} of ${settings.rounds} (maximum rate, ${settings.roundSeconds} s each)`,
      )
      record('hello-world', await runHello(settings.roundSeconds))
      record(LEAN_RUNS, await runLean(settings.roundSeconds))
      // Engines in turn, first one then the other first, so neither always follows hello-world.
      const order = round % 2 === 1 ? engines : [...engines].reverse()
      for (const engine of order)
        record(engine.name, await runSubmit(engine, settings.roundSeconds))
      if (sqliteEngine !== undefined) {
        record(PARTIAL_RUNS, await runPartial(sqliteEngine, settings.roundSeconds))
      }
    }

    // One point of a latency curve: fresh submissions at `share` of the target's maximum rate, sent whether
    // or not earlier ones were answered; its problems are counted as the run's failures.
    const template = submissionTemplate()
    const curvePoint = async (
      target: Pick<Target, 'name' | 'url'> & { headers: Record<string, string> },
      share: number,
    ) => {
      const maximum = median((rounds.get(target.name) ?? []).map((run) => run.rate))
      const rate = Math.max(1, Math.round(maximum * share))
      const result = await openLoop({
        url: target.url,
        rate,
        seconds: settings.curveSeconds,
        warmUpSeconds: settings.curveWarmUpSeconds,
        request: () => ({
          method: 'POST',
          ...durableWrite('submission', randomUUID(), target.headers, template),
        }),
      })
      const problems = curveProblems(result, share)
      failures.push(...problems.map((problem) => `${target.name} at ${percent(share)}: ${problem}`))
      console.log(
        `  ${target.name.padEnd(11)} ${percent(share).padStart(4)} ${rate.toString().padStart(6)} req/s offered, ${Math.round(result.served).toString().padStart(6)} served  p50 ${result.p50} ms  p99 ${result.p99} ms  ${statusText(result.statuses)}${result.errors > 0 ? `, ${result.errors} errors` : ''}${problems.length > 0 ? `  PROBLEM: ${problems.join('; ')}` : ''}`,
      )
      return { share, result, problems }
    }

    // The curve: each load share in turn on every engine, lightest first.
    const curves = new Map<string, CurvePoint[]>()
    for (const share of settings.loadShares) {
      for (const engine of engines) {
        const point = await curvePoint(engine, share)
        created.set(
          engine,
          (created.get(engine) ?? 0) +
            (point.result.statuses['201'] ?? 0) +
            (point.result.warmUpStatuses['201'] ?? 0),
        )
        curves.set(engine.name, [...(curves.get(engine.name) ?? []), point])
      }
    }

    // The p99 bar asked of the reference: the lean write at half its own maximum rate, the same open
    // load, so the report tells the machine's floor from the product's own queueing.
    const leanHalf = (await curvePoint({ ...lean, headers: {} }, BAR_SHARE)).result

    await Promise.all(targets.map((target) => target.stop()))
    // Every acknowledged submission must be there once the servers have stopped.
    for (const engine of engines) {
      const answered = created.get(engine) ?? 0
      const rows = (await countStoredRows(engine.database.config)).submissions
      console.log(`${engine.name}: ${answered} submissions answered 201, ${rows} stored`)
      // A request still in flight when a closed-loop run's time is up is stored but its answer not
      // counted: at most one per connection per run. The open-loop runs wait for every answer.
      const slack = settings.connections * (closedLoopRuns / engines.length)
      if (rows < answered || rows > answered + slack) {
        failures.push(`${engine.name}: ${answered} answered 201 but ${rows} rows stored`)
      }
    }

    const input: ReportInput = {
      settings,
      hello: rounds.get('hello-world') ?? [],
      lean: rounds.get(LEAN_RUNS),
      leanHalf,
      sqlite: rounds.get('SQLite') ?? [],
      postgres: rounds.get('PostgreSQL'),
      sqlitePartial: rounds.get(PARTIAL_RUNS),
      curves,
      created: new Map([...created].map(([engine, count]) => [engine.name, count])),
      startedAt,
      atStart,
      failures,
    }
    const section = report(input)
    console.log(`\n${section}\n`)
    const chart = latencyChart(chartSeries(curves), { barMs: BARS.p99Ms })
    if (writeReport) {
      writeReportSection('bench:api', 'API', section)
      await mkdir(join(REPOSITORY_ROOT, 'docs', 'benchmarks'), { recursive: true })
      await writeFile(CHART_FILE, chart)
      console.log('Written to docs/benchmarks.md and docs/benchmarks/submission-latency.svg')
    } else {
      const preview = join(tmpdir(), `forecourt-submission-latency-${process.pid}.svg`)
      await writeFile(preview, chart)
      console.log(
        `Nothing written to docs/ (${quick ? '--quick' : '--no-report'}); chart: ${preview}`,
      )
    }
  } finally {
    await Promise.all(targets.map((target) => target.stop()))
    await Promise.all(databases.map((database) => database.drop().catch(() => undefined)))
    if (leanData !== undefined) await rm(leanData, { recursive: true, force: true })
  }
  if (failures.length > 0) {
    console.error(`\nThe run is not valid:\n- ${failures.join('\n- ')}`)
    process.exitCode = 1
  }
}

const PARTIAL_RUNS = 'SQLite partial save'
const LEAN_RUNS = 'lean write'

/**
 * `POST /api/application/<key>` with a valid partial payload, the keys taken in turn from a fixed set of
 * applications, each with its browser's secret: the first save of a key binds it, the later ones overwrite
 * its row (a later save always wins, so every one is answered 202).
 */
export function partialSaveRequest(headers: Record<string, string>): RequestSpec {
  const keys = Array.from({ length: PARTIAL_APPLICATIONS }, () => randomUUID())
  const bodies = keys.map((key) =>
    JSON.stringify(validBody('POST /api/application/{applicationKey}', key)),
  )
  let next = 0
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    setupRequest: (request: RequestData) => {
      const index = next++ % keys.length
      request.path = `/api/application/${keys[index]}`
      request.headers = withBrowserSecret(request.path, { ...request.headers })
      request.body = bodies[index]!
      return request
    },
  }
}

async function startEngine(database: FaultDatabase, env: Record<string, string>): Promise<Engine> {
  const server: ServerChild = await startServer({ env: { ...env, ...database.env } })
  return {
    name: database.engine,
    url: server.url,
    pid: server.pid,
    stop: () => server.stop(),
    database,
    headers: await writeHeaders(server.url),
  }
}

/**
 * A reference server of bench/ in its own process (the baseline hello-world.ts, the lean write of
 * lean-write.ts), ready when it answers.
 */
async function startReference(
  name: 'hello-world' | typeof LEAN_RUNS,
  file: string,
  env: Record<string, string> = {},
): Promise<Target> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPOSITORY_ROOT, 'apps/server/bench', file)],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.once('exit', () => child.kill('SIGKILL'))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start-up`)
    try {
      // Any answer: the lean write has no GET route and answers 404.
      await fetch(`${url}/`)
      break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    name,
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

async function measure(
  target: Target,
  running: () => Promise<ClosedLoopRun>,
  expected: string,
): Promise<Run> {
  const before = cpuTime(target.pid)
  const generatorBefore = process.cpuUsage()
  const generatorWaitBefore = runQueueWait(process.pid)
  const result = await running()
  const generator = process.cpuUsage(generatorBefore)
  const generatorWaitAfter = runQueueWait(process.pid)
  const after = cpuTime(target.pid)
  const { statuses } = result
  const responses = Object.values(statuses).reduce((sum, count) => sum + count, 0)
  const problems: string[] = []
  for (const [status, count] of Object.entries(statuses)) {
    if (status !== expected) problems.push(`${count} responses with status ${status}`)
  }
  if (result.errors > 0) problems.push(`${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`)
  if (responses === 0) problems.push('no responses at all')
  return {
    rate: result.rate,
    p50: result.p50,
    p99: result.p99,
    statuses,
    problems,
    cpu:
      before === undefined || after === undefined || responses === 0
        ? undefined
        : {
            process: (after.process - before.process) / responses,
            mainThread: (after.mainThread - before.mainThread) / responses,
            generator: (generator.user + generator.system) / responses,
            ...(before.waited === undefined || after.waited === undefined
              ? {}
              : { serverWaited: (after.waited - before.waited) / responses }),
            ...(generatorWaitBefore === undefined || generatorWaitAfter === undefined
              ? {}
              : { generatorWaited: (generatorWaitAfter - generatorWaitBefore) / responses }),
          },
  }
}

/**
 * Up to three quarters of the maximum every answer must be a 201. Beyond it an open load may outrun the
 * server for a while (the maximum was measured with a closed loop), and a 503 from load shedding is then
 * an answer, reported beside the figures; anything else is a fault.
 */
export function curveProblems(result: OpenLoopResult, share: number): string[] {
  const problems: string[] = []
  for (const [status, count] of Object.entries(result.statuses)) {
    if (status === '201') continue
    if (status === '503' && share > 0.75) continue
    problems.push(`${count} responses with status ${status}`)
  }
  for (const [status, count] of Object.entries(result.warmUpStatuses)) {
    if (status === '201') continue
    if (status === '503' && share > 0.75) continue
    problems.push(`${count} warm-up requests answered ${status}`)
  }
  if (result.errors > 0) problems.push(`${result.errors} requests without an answer`)
  if ((result.statuses['201'] ?? 0) === 0) problems.push('no 201 at all')
  return problems
}

/**
 * CPU time used so far by a process and by its main thread (the event loop), in microseconds; Linux only.
 * Less sensitive to other work on the machine than a rate: it says what a request costs, not how often the
 * server got a CPU.
 */
function cpuTime(
  pid: number | undefined,
): { process: number; mainThread: number; waited: number | undefined } | undefined {
  if (pid === undefined) return undefined
  try {
    return {
      process: cpuMicros(pid),
      mainThread: cpuMicros(pid, pid),
      waited: runQueueWait(pid),
    }
  } catch {
    return undefined
  }
}

/**
 * Time the threads of a process spent ready to run but waiting for a CPU, so far (µs; the second field
 * of /proc/<pid>/task/<tid>/schedstat, Linux only). A thread that ended takes its time with it, which
 * only undercounts.
 */
export function runQueueWait(pid: number): number | undefined {
  try {
    let waited = 0
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')
        waited += Number(fields[1] ?? 0) / 1000
      } catch {
        // The thread ended meanwhile.
      }
    }
    return waited
  } catch {
    return undefined
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return 0
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const percent = (share: number) => `${Math.round(share * 100)} %`
const number = (value: number) => Math.round(value).toLocaleString('en-GB')
const milliseconds = (value: number) =>
  value >= 10 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toString()

function statusText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${number(count)} × ${status}`)
    .join(', ')
}

function chartSeries(curves: Map<string, CurvePoint[]>): ChartSeries[] {
  return [...curves].map(([name, points]) => ({
    name,
    points: points.map((point) => ({
      offered: point.result.offered,
      p50: point.result.p50,
      p99: point.result.p99,
      bar: point.share === BAR_SHARE,
    })),
  }))
}

/**
 * How long the servers' and the load generator's threads waited for a CPU per request, against how long
 * they ran: a server whose threads wait longer than they run is measured by the machine's other work more
 * than by its own cost (decision 1981).
 */
function waitLine(input: ReportInput): string | undefined {
  const of = (runs: Run[] | undefined) => {
    const measured = (runs ?? []).flatMap((run) =>
      run.cpu?.serverWaited === undefined ? [] : [run.cpu],
    )
    if (measured.length === 0) return undefined
    const at = (part: (cpu: (typeof measured)[number]) => number) =>
      number(median(measured.map(part)))
    return `server waited ${at((cpu) => cpu.serverWaited ?? 0)} µs and ran ${at((cpu) => cpu.process)} µs, load generator waited ${at((cpu) => cpu.generatorWaited ?? 0)} µs and ran ${at((cpu) => cpu.generator ?? 0)} µs`
  }
  const parts = [
    ['hello-world', of(input.hello)],
    ['SQLite', of(input.sqlite)],
    ['PostgreSQL', of(input.postgres)],
  ].filter((part): part is [string, string] => part[1] !== undefined)
  if (parts.length === 0) return undefined
  return `- Waiting for a CPU per answered request, median of the rounds (time ready to run without a CPU, every thread, from \`/proc/<pid>/task/*/schedstat\`; against the CPU time run): ${parts.map(([name, text]) => `${name}: ${text}`).join('; ')}. Threads that wait longer than they run were held back by other work on the machine: their rates say more about it than about the server (decision 1981).`
}

export interface ReportInput {
  settings: BenchSettings
  hello: Run[]
  /** The lean write of bench/lean-write.ts in the same rounds: what the CPU bars ask of this machine. */
  lean?: Run[] | undefined
  /** The lean write under an open load at half its maximum rate: the p99 bar asked of the reference. */
  leanHalf?: OpenLoopResult | undefined
  sqlite: Run[]
  postgres: Run[] | undefined
  /** Partial saves on SQLite, in the same rounds (their CPU is a bar). */
  sqlitePartial?: Run[] | undefined
  curves: Map<string, CurvePoint[]>
  created: Map<string, number>
  startedAt: Date
  atStart: Machine
  failures: string[]
}

export function report(input: ReportInput): string {
  const { settings } = input
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
  const atBar = (name: string) =>
    input.curves.get(name)?.find((point) => point.share === BAR_SHARE)?.result
  const sqliteHalf = atBar('SQLite')
  const postgresHalf = atBar('PostgreSQL')
  const halfRow = (name: string, half: OpenLoopResult) =>
    `| ${name} p99 at half ${name === 'SQLite' ? 'that' : 'its'} rate (${number(half.offered)} req/s offered, ${number(half.served)} served) | ${milliseconds(half.p99)} ms (p50 ${milliseconds(half.p50)} ms) | ≤ ${BARS.p99Ms} ms | ${verdict(half.p99 <= BARS.p99Ms)} |`

  const rows = [
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    `| Fastify hello-world, \`GET /\` (maximum rate) | ${number(hello)} req/s | baseline | |`,
    `| durable submission on SQLite, \`synchronous=FULL\` (maximum rate) | ${number(sqlite)} req/s; ${ratio(sqliteRatio)} × hello-world | ≥ ${BARS.ratioToHelloWorld} × | ${verdict(sqliteRatio >= BARS.ratioToHelloWorld)} |`,
  ]
  // The CPU bars: every thread of the server's process, per answered request, median of the rounds.
  const cpuOfRuns = (runs: Run[] | undefined, part: (cpu: NonNullable<Run['cpu']>) => number) => {
    const measured = (runs ?? []).flatMap((run) => (run.cpu === undefined ? [] : [part(run.cpu)]))
    return measured.length === 0 ? undefined : median(measured)
  }
  const cpuRow = (what: string, runs: Run[] | undefined, bar: number) => {
    const all = cpuOfRuns(runs, (cpu) => cpu.process)
    const eventLoop = cpuOfRuns(runs, (cpu) => cpu.mainThread)
    return all === undefined || eventLoop === undefined
      ? `| ${what} | not measured | ≤ ${number(bar)} µs | **FAIL** |`
      : `| ${what} | ${number(all)} µs (event loop ${number(eventLoop)} µs) | ≤ ${number(bar)} µs | ${verdict(all <= bar)} |`
  }
  rows.push(
    cpuRow(
      'server CPU per durable submission on SQLite (every thread)',
      input.sqlite,
      BARS.submissionCpuMicros,
    ),
  )
  const partialRate = input.sqlitePartial && median(input.sqlitePartial.map((run) => run.rate))
  rows.push(
    cpuRow(
      `server CPU per partial save on SQLite (every thread${partialRate === undefined ? '' : `; ${number(partialRate)} req/s`})`,
      input.sqlitePartial,
      BARS.partialSaveCpuMicros,
    ),
  )
  const leanCpu = cpuOfRuns(input.lean, (cpu) => cpu.process)
  const sqliteCpu = cpuOfRuns(input.sqlite, (cpu) => cpu.process)
  if (input.lean !== undefined && input.lean.length > 0 && leanCpu !== undefined) {
    rows.push(
      `| reference: the lean durable write (\`bench/lean-write.ts\`), maximum rate; server CPU (every thread) | ${number(median(input.lean.map((run) => run.rate)))} req/s; ${ratio(ratioOfRounds(input.lean, input.hello))} × hello-world; ${number(leanCpu)} µs | what the bars ask of this machine | |`,
    )
  }
  if (input.leanHalf !== undefined) {
    const half = input.leanHalf
    rows.push(
      `| reference: the lean durable write's p99 at half its rate (${number(half.offered)} req/s offered, ${number(half.served)} served) | ${milliseconds(half.p99)} ms (p50 ${milliseconds(half.p50)} ms) | what the p99 bar asks of this machine | |`,
    )
  }
  if (sqliteHalf !== undefined) rows.push(halfRow('SQLite', sqliteHalf))
  if (postgres !== undefined && postgresRatio !== undefined) {
    rows.push(
      `| durable submission on PostgreSQL (maximum rate) | ${number(postgres)} req/s; ${ratio(postgresRatio)} × SQLite | ≥ ${BARS.postgresToSqlite} × SQLite | ${verdict(postgresRatio >= BARS.postgresToSqlite)} |`,
    )
  } else {
    rows.push('| durable submission on PostgreSQL | not measured: PostgreSQL unreachable | | |')
  }
  if (postgresHalf !== undefined) rows.push(halfRow('PostgreSQL', postgresHalf))

  const curveRows = [
    '| engine | load | offered | served | p50 | p99 | answers |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const [name, points] of input.curves) {
    for (const point of points) {
      const { result } = point
      curveRows.push(
        `| ${name} | ${percent(point.share)} | ${number(result.offered)} req/s | ${number(result.served)} req/s | ${milliseconds(result.p50)} ms | ${milliseconds(result.p99)} ms | ${statusText(result.statuses)}${result.errors > 0 ? `, ${result.errors} without answer` : ''} |`,
      )
    }
  }
  const lags = [...input.curves.values()].flat().map((point) => point.result.sendLagP99)

  const cpuLine = (() => {
    const cpuOf = (runs: Run[] | undefined, part: (cpu: NonNullable<Run['cpu']>) => number) =>
      runs === undefined
        ? undefined
        : median(runs.flatMap((run) => (run.cpu === undefined ? [] : [part(run.cpu)])))
    const parts = (runs: Run[] | undefined) => ({
      mainThread: cpuOf(runs, (cpu) => cpu.mainThread),
      process: cpuOf(runs, (cpu) => cpu.process),
      generator: cpuOf(runs, (cpu) => cpu.generator ?? 0),
    })
    const hello = parts(input.hello)
    const sqlite = parts(input.sqlite)
    const postgres = parts(input.postgres)
    if (!hello.mainThread || !sqlite.mainThread || !hello.process || !sqlite.process) {
      return undefined
    }
    const figures = (name: string, of: ReturnType<typeof parts>) =>
      of.mainThread === undefined || of.process === undefined
        ? ''
        : `${name} ${number(of.mainThread)} / ${number(of.process)} / ${number(of.generator ?? 0)} µs`
    // Both processes share the machine's cores: the rate a closed loop reaches follows their sum.
    const total = (of: ReturnType<typeof parts>) => (of.process ?? 0) + (of.generator ?? 0)
    return `- CPU time per answered request, median of the rounds (the server's event loop / the whole server process, every thread / the load generator): ${[figures('hello-world', hello), figures('SQLite', sqlite), ...(postgres.mainThread ? [figures('PostgreSQL', postgres)] : [])].join('; ')}. In CPU terms (server and load generator together) a submission on SQLite costs what ${ratio(total(hello) / total(sqlite))} × hello-world's rate would: a figure other work on the machine moves less than the rates.`
  })()

  const createdText = [...input.created]
    .map(([name, count]) => `${number(count)} on ${name}`)
    .join(', ')
  const seconds = Math.round((Date.now() - input.startedAt.getTime()) / 1000)
  return [
    `Measured ${utcDate(input.startedAt)} with \`npm run bench:api\` (${seconds} s), on ${describeMachine(input.atStart)}; ${busyness(input.atStart)} at the start and ${busyness()} at the end. The load generator shares the machine with the servers, as in the toolchain notes.`,
    '',
    ...rows,
    '',
    `- Maximum rates: autocannon, ${settings.connections} connections, each waiting for its answer; the median of ${settings.rounds} interleaved rounds of ${settings.roundSeconds} s (hello-world ${rates(input.hello)}; SQLite ${rates(input.sqlite)}${input.postgres ? `; PostgreSQL ${rates(input.postgres)}` : ''}${input.sqlitePartial ? `; partial saves on SQLite ${rates(input.sqlitePartial)}` : ''} req/s), after a ${settings.warmUpSeconds} s warm-up; each ratio is the median of the rounds' ratios. The CPU bars are the server process's CPU time (user and system, every thread, from \`/proc/<pid>/stat\`) per answered request, median of the rounds.`,
    `- Latency against load (decision 1462): an open load at ${settings.loadShares.map(percent).join(', ')} of each engine's maximum rate, requests evenly spaced and sent whether or not earlier ones were answered, each timed from the moment it was due (so a server that falls behind shows it: no coordinated omission); ${settings.curveSeconds} s a point after ${settings.curveWarmUpSeconds} s at the same rate. The bar's figure is the 50 % point. The load generator sent its requests at most ${milliseconds(Math.max(0, ...lags))} ms late (p99 of each point's lag; larger means the generator itself waited for a CPU).`,
    '',
    `![Latency of a durable submission against the load offered, p50 and p99, SQLite and PostgreSQL, with the 25 ms bar](${CHART_LINK})`,
    '',
    ...curveRows,
    '',
    `- Each request is \`POST /api/submission/<new UUID>\` with a valid full payload carrying the same key, through the whole server: security headers, CORS, anti-forgery check (token from \`GET /api/csrf\`), the domain schema, the body hash, personal fields encrypted (AES-256-GCM), and a transaction holding the idempotency row, the application and two outbox rows (submissions arriving together share one transaction and one disk sync: decision 0603; on SQLite they are written by a thread of their own: decision 1461); the 201 is sent after the commit. Each partial save is \`POST /api/application/<key>\` with a valid partial payload and its browser's secret, over ${number(PARTIAL_APPLICATIONS)} applications in turn (each save replaces that application's row and search index rows, in a group-committed transaction with the disk sync, answered 202). Production mode, request log at \`info\` (written to /dev/null), rate limits and the cap per client address off (one client sends everything), delivery worker off.`,
    ...(leanCpu === undefined || input.lean === undefined
      ? []
      : [
          `- The reference row is the lean durable write the CPU bars were set from (docs/requirements.md, Performance: a few hundred microseconds), measured in the same rounds with the same submissions: Fastify with its defaults, the body parsed and checked with the domain's schema, its hash, the personal fields sealed (AES-256-GCM), and one group-committed transaction on the event loop (WAL, \`synchronous=FULL\`) of four rows (the submission, the application, two outbox rows); none of the product's anti-forgery, application secret, evidence records, search index, emails, request log or security headers (rates ${rates(input.lean)} req/s). ${sqliteCpu === undefined ? '' : `A submission to the product cost ${(sqliteCpu / leanCpu).toFixed(1)} × its CPU in this run.`}`,
        ]),
    ...(cpuLine === undefined ? [] : [cpuLine]),
    ...(waitLine(input) === undefined ? [] : [waitLine(input)]),
    `- Checked: every response of the maximum-rate runs had status 201 (hello-world: 200), with no connection error or timeout; every answer of the curve up to 75 % was a 201 (beyond, a 503 from load shedding is reported in the table); and after the servers stopped every submission answered 201 was in the database (${createdText} answered; the few more stored were in flight when a closed-loop run's time ran out).${input.failures.length > 0 ? ` **This run is not valid:** ${input.failures.join('; ')}.` : ''}`,
    existsSync(join(REPOSITORY_ROOT, 'apps/web/dist/index.html'))
      ? ''
      : '- The front end was not built for this run; it does not take part in these requests.',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

// Run when started as a script; importing the module (its tests) only defines its parts.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main()
}
