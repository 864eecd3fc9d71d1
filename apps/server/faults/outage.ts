// Database outage (docs/requirements.md#reliability: a quick 503 and readiness false, recovered without a restart). The real
// server runs in a child process under a steady trickle of submissions while its database is taken away
// and given back, three ways:
// - PostgreSQL, connections refused: a TCP proxy between the server and PostgreSQL destroys every
//   connection and refuses new ones (the database host is down);
// - PostgreSQL, silent: the proxy holds connections open and passes nothing (a network partition);
// - SQLite, locked: another process holds the database's write lock (decision 1432: what "gone" means for
//   a file beside the process).
// Checked for each: every submission due during the outage answered 503 with Retry-After, none slower
// than 2 s; readiness false within 2 s of the cut and for as long as it lasts; after the database is back,
// readiness true and submissions accepted within 5 s, by the same process; nothing else (no 500, no reset)
// at any time; every 201 stored. `node --import tsx apps/server/faults/outage.ts [--quick]`.

import { randomUUID } from 'node:crypto'
import BetterSqlite3 from 'better-sqlite3'
import { SQLITE_FILE_NAME } from '../src/db/database'
import { countStoredRows, isRunning } from './support/stored-rows'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import { openLoop, requestBytes, sendOnce, type OpenLoopOutcome } from './support/raw-http'
import { isMainModule, runAlone } from './support/run-alone'
import {
  faultServerEnv,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  writeHeaders,
  type FaultDatabase,
  type ServerChild,
} from './support/server-child'
import { submissionTemplate, summarise } from './support/submission-load'
import { startTcpProxy, type CutMode } from './support/tcp-proxy'
import { join } from 'node:path'

const SECTION = 'faults:outage'
const HEADING = 'Database outage'
const BARS = { answerMs: 2000, readinessFalseMs: 2000, recoveryMs: 5000 }
const READY_POLL_MS = 100

interface Phases {
  beforeMs: number
  outageMs: number
  afterMs: number
  /** Submissions per second throughout. */
  rate: number
}

interface Fault {
  name: string
  take(): Promise<void>
  giveBack(): Promise<void>
}

interface ReadySample {
  /** When the probe was sent and when its answer came (performance.now()). */
  sentAt: number
  answeredAt: number
  status: number | 'error' | 'timeout'
}

interface FaultRun {
  name: string
  /** When the database was gone, and when it was back (performance.now()). */
  cutAt: number
  restoredAt: number
  outcomes: OpenLoopOutcome[]
  ready: ReadySample[]
  alive: boolean
  /** Every submission not answered 201, sent again afterwards as the browser does: their answers. */
  retries: { accepted: number; replayed: number; other: Map<string, number> }
  /** Submissions sent (distinct keys): each must be stored exactly once in the end. */
  sent: number
}

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const phases: Phases = quick
    ? { beforeMs: 1000, outageMs: 3000, afterMs: 3000, rate: 20 }
    : { beforeMs: 3000, outageMs: 10_000, afterMs: 6000, rate: 50 }
  const runs: FaultRun[] = []
  const stored: { engine: string; sent: number; rows: number }[] = []
  let postgresSkipped = false

  // PostgreSQL through the proxy: refused, then silent, on one server that is never restarted.
  const postgres = await postgresDatabase()
  if (postgres === undefined) {
    postgresSkipped = true
  } else {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
    const viaProxy = new URL(postgres.env.DATABASE_URL ?? '')
    const direct = viaProxy.host
    viaProxy.host = `127.0.0.1:${proxy.port}`
    if (direct !== '127.0.0.1:5432' && direct !== 'localhost:5432') {
      // The proxy forwards to the address of TEST_DATABASE_URL.
      await proxy.close()
      throw new Error(
        `outage.ts proxies to 127.0.0.1:5432 only (TEST_DATABASE_URL names ${direct})`,
      )
    }
    try {
      const server = await startServer({
        env: { ...faultServerEnv(), ...postgres.env, DATABASE_URL: viaProxy.toString() },
      })
      try {
        for (const mode of ['refuse', 'silent'] as CutMode[]) {
          runs.push(
            await runFault(server, phases, {
              name:
                mode === 'refuse'
                  ? 'PostgreSQL, connections refused'
                  : 'PostgreSQL, silent (nothing answers)',
              take: () => proxy.cut(mode),
              giveBack: () => proxy.restore(),
            }),
          )
        }
      } finally {
        await server.stop()
      }
      stored.push(await storedCheck(postgres, runs.slice(-2)))
    } finally {
      await proxy.close()
      await postgres.drop()
    }
  }

  // SQLite: another process takes the write lock and keeps it.
  const sqlite = await sqliteDatabase()
  try {
    const server = await startServer({ env: { ...faultServerEnv(), ...sqlite.env } })
    let holder: BetterSqlite3.Database | undefined
    try {
      runs.push(
        await runFault(server, phases, {
          name: 'SQLite, write lock held by another process',
          take: async () => {
            holder = new BetterSqlite3(join(sqlite.config.dataDir, SQLITE_FILE_NAME))
            // The server's writer may be mid-commit: wait for it, then keep the lock.
            holder.pragma('busy_timeout = 5000')
            holder.exec('begin exclusive')
          },
          giveBack: async () => {
            holder?.exec('rollback')
            holder?.close()
            holder = undefined
          },
        }),
      )
    } finally {
      holder?.close()
      await server.stop()
    }
    stored.push(await storedCheck(sqlite, runs.slice(-1)))
  } finally {
    await sqlite.drop()
  }

  return report({ quick, startedAt, busyAtStart, phases, runs, stored, postgresSkipped })
}

async function runFault(server: ServerChild, phases: Phases, fault: Fault): Promise<FaultRun> {
  console.log(`Outage: ${fault.name}…`)
  const headers = await writeHeaders(server.url)
  const body = submissionTemplate()
  const host = `127.0.0.1:${server.port}`
  const ready: ReadySample[] = []
  let polling = true
  const poller = (async () => {
    const probe = requestBytes({ method: 'GET', path: '/api/ready', headers: { host } })
    while (polling) {
      const sentAt = performance.now()
      const outcome = await sendOnce(server.port, probe, 10_000)
      ready.push({
        sentAt,
        answeredAt: performance.now(),
        status: outcome.kind === 'answer' ? outcome.answer.status : outcome.kind,
      })
      await delay(READY_POLL_MS)
    }
  })()

  let cutAt = 0
  let restoredAt = 0
  const faults = (async () => {
    await delay(phases.beforeMs)
    await fault.take()
    cutAt = performance.now()
    await delay(phases.outageMs)
    await fault.giveBack()
    restoredAt = performance.now()
  })()
  const keys: string[] = []
  const load = await openLoop({
    port: server.port,
    rate: phases.rate,
    durationMs: phases.beforeMs + phases.outageMs + phases.afterMs,
    connections: 64,
    timeoutMs: 15_000,
    next: () => {
      const key = randomUUID()
      keys.push(key)
      return requestBytes({
        method: 'POST',
        path: `/api/submission/${key}`,
        headers: { host, 'content-type': 'application/json', ...headers },
        body: body(key),
      })
    },
  })
  await faults
  polling = false
  await poller
  const alive = isRunning(server.pid)

  // What the browser does with a 503: the same request again, until it gets an answer that settles it.
  const retries = { accepted: 0, replayed: 0, other: new Map<string, number>() }
  for (const outcome of load.outcomes) {
    if (outcome.status === 201) continue
    const key = keys[outcome.index] ?? ''
    const again = await sendOnce(
      server.port,
      requestBytes({
        method: 'POST',
        path: `/api/submission/${key}`,
        headers: { host, 'content-type': 'application/json', ...headers },
        body: body(key),
      }),
      10_000,
    )
    const status = again.kind === 'answer' ? again.answer.status : again.kind
    if (status === 201 && again.kind === 'answer') {
      if (again.answer.headers['idempotent-replayed'] === 'true') retries.replayed += 1
      else retries.accepted += 1
    } else {
      retries.other.set(String(status), (retries.other.get(String(status)) ?? 0) + 1)
    }
  }
  return {
    name: fault.name,
    cutAt,
    restoredAt,
    outcomes: load.outcomes,
    ready,
    alive,
    retries,
    sent: keys.length,
  }
}

async function storedCheck(database: FaultDatabase, runs: FaultRun[]) {
  const sent = runs.reduce((sum, run) => sum + run.sent, 0)
  const { submissions } = await countStoredRows(database.config)
  return { engine: database.engine, sent, rows: submissions }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

interface Analysis {
  name: string
  /** Submissions due while the database was away. */
  during: OpenLoopOutcome[]
  duringRefusedProperly: number
  /** Due during the outage, held until the database was back and then stored within the bar. */
  duringAccepted: number
  duringOther: Map<string, number>
  readinessFalseMs: number | undefined
  /** Probes sent after readiness first went false and before the restore that answered 200. */
  readyDuringOutage: number
  readinessTrueMs: number | undefined
  firstAcceptedMs: number | undefined
  /** Answers other than 201/503 anywhere, and 503s after the first 201 that followed the restore. */
  problems: string[]
  alive: boolean
}

function analyse(run: FaultRun): Analysis {
  const { cutAt, restoredAt, outcomes, ready } = run
  const problems: string[] = []
  const count = (items: OpenLoopOutcome[]) => {
    const counts = new Map<string, number>()
    for (const item of items)
      counts.set(String(item.status), (counts.get(String(item.status)) ?? 0) + 1)
    return counts
  }
  const describe = (counts: Map<string, number>) =>
    [...counts].map(([status, n]) => `${n} × ${status}`).join(', ')

  const before = outcomes.filter((o) => o.dueAt + o.latencyMs < cutAt)
  const badBefore = before.filter((o) => o.status !== 201)
  if (badBefore.length > 0) problems.push(`before the cut: ${describe(count(badBefore))}`)

  const during = outcomes.filter((o) => o.dueAt >= cutAt && o.dueAt < restoredAt)
  const duringRefusedProperly = during.filter(
    (o) => o.status === 503 && o.retryAfter !== undefined && /^\d+$/.test(o.retryAfter),
  ).length
  const duringAccepted = during.filter((o) => o.status === 201).length
  const duringOther = count(
    during.filter((o) => o.status !== 201 && !(o.status === 503 && o.retryAfter !== undefined)),
  )

  const firstFalse = ready.find((sample) => sample.sentAt >= cutAt && sample.status === 503)
  const readinessFalseMs = firstFalse === undefined ? undefined : firstFalse.answeredAt - cutAt
  const readyDuringOutage =
    firstFalse === undefined
      ? 0
      : ready.filter(
          (sample) =>
            sample.sentAt > firstFalse.answeredAt &&
            sample.answeredAt < restoredAt &&
            sample.status !== 503,
        ).length
  const firstTrue = ready.find((sample) => sample.sentAt >= restoredAt && sample.status === 200)
  const readinessTrueMs = firstTrue === undefined ? undefined : firstTrue.answeredAt - restoredAt

  const after = outcomes.filter((o) => o.dueAt >= restoredAt)
  const firstAccepted = after.find((o) => o.status === 201)
  const firstAcceptedMs =
    firstAccepted === undefined
      ? undefined
      : firstAccepted.dueAt + firstAccepted.latencyMs - restoredAt
  if (firstAccepted !== undefined) {
    const recoveredAt = firstAccepted.dueAt + firstAccepted.latencyMs
    const badAfter = after.filter((o) => o.dueAt >= recoveredAt && o.status !== 201)
    if (badAfter.length > 0) {
      problems.push(`after the first 201 that followed the restore: ${describe(count(badAfter))}`)
    }
  }
  const strange = outcomes.filter((o) => o.status !== 201 && o.status !== 503)
  if (strange.length > 0)
    problems.push(`answers other than 201 and 503: ${describe(count(strange))}`)
  const strangeReady = ready.filter((sample) => sample.status !== 200 && sample.status !== 503)
  if (strangeReady.length > 0) {
    problems.push(
      `readiness answers other than 200 and 503: ${strangeReady.map((s) => s.status).join(', ')}`,
    )
  }
  return {
    name: run.name,
    during,
    duringRefusedProperly,
    duringAccepted,
    duringOther,
    readinessFalseMs,
    readyDuringOutage,
    readinessTrueMs,
    firstAcceptedMs,
    problems,
    alive: run.alive,
  }
}

interface ReportInput {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  phases: Phases
  runs: FaultRun[]
  stored: { engine: string; sent: number; rows: number }[]
  postgresSkipped: boolean
}

function report(input: ReportInput): FaultReport {
  const ms = (value: number | undefined) =>
    value === undefined ? 'never' : `${Math.round(value)} ms`
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const rows: string[] = ['| what | figure | bar | result |', '|---|---|---|---|']
  const checks: { what: string; ok: boolean }[] = []
  let passed = true
  for (const run of input.runs) {
    const a = analyse(run)
    const latency = summarise(a.during.map((o) => o.latencyMs))
    const allSettled =
      a.during.length > 0 &&
      a.duringRefusedProperly > 0 &&
      a.duringRefusedProperly + a.duringAccepted === a.during.length
    const answersOk = allSettled && latency.max <= BARS.answerMs
    const readinessOk =
      a.readinessFalseMs !== undefined &&
      a.readinessFalseMs <= BARS.readinessFalseMs &&
      a.readyDuringOutage === 0
    const recoveryOk =
      a.alive &&
      a.readinessTrueMs !== undefined &&
      a.readinessTrueMs <= BARS.recoveryMs &&
      a.firstAcceptedMs !== undefined &&
      a.firstAcceptedMs <= BARS.recoveryMs
    passed &&= answersOk && readinessOk && recoveryOk && a.problems.length === 0
    rows.push(
      `| ${a.name}: submissions during the outage | ${a.duringRefusedProperly} of ${a.during.length} answered 503 + Retry-After${a.duringAccepted > 0 ? `, ${a.duringAccepted} held until the database was back and answered 201` : ''}${a.duringOther.size > 0 ? ` (others: ${[...a.duringOther].map(([s, n]) => `${n} × ${s}`).join(', ')})` : ''}; p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)} | 503 (or 201 once back), none slower than ${ms(BARS.answerMs)} | ${verdict(answersOk)} |`,
      `| ${a.name}: readiness false | ${ms(a.readinessFalseMs)} after the cut${a.readyDuringOutage > 0 ? `; ${a.readyDuringOutage} probes said ready again during the outage` : ', until the restore'} | ≤ ${ms(BARS.readinessFalseMs)} | ${verdict(readinessOk)} |`,
      `| ${a.name}: recovery, same process | ready ${ms(a.readinessTrueMs)} and first 201 ${ms(a.firstAcceptedMs)} after the restore; process ${a.alive ? 'still running' : 'gone'} | ≤ ${ms(BARS.recoveryMs)}, no restart | ${verdict(recoveryOk)} |`,
    )
    checks.push({
      what: `${a.name}: nothing but 201 before the cut and after recovery, 503 + Retry-After between${a.problems.length > 0 ? ` (${a.problems.join('; ')})` : ''}`,
      ok: a.problems.length === 0,
    })
    const retried = run.retries.accepted + run.retries.replayed
    const retriesOk = run.retries.other.size === 0
    passed &&= retriesOk
    checks.push({
      what: `${a.name}: each of the ${retried + [...run.retries.other.values()].reduce((sum, n) => sum + n, 0)} submissions not answered 201, sent again afterwards as the browser does, was accepted (${run.retries.accepted} stored then, ${run.retries.replayed} answered from what an attempt during the outage had stored${run.retries.other.size > 0 ? `; others: ${[...run.retries.other].map(([status, n]) => `${n} × ${status}`).join(', ')}` : ''})`,
      ok: retriesOk,
    })
  }
  for (const entry of input.stored) {
    const ok = entry.rows === entry.sent
    passed &&= ok
    checks.push({
      what: `${entry.engine}: in the end every submission was stored exactly once (${entry.sent} sent, ${entry.rows} stored)`,
      ok,
    })
  }
  if (input.postgresSkipped) {
    rows.push(
      '| PostgreSQL | not measured: PostgreSQL unreachable (`TEST_DATABASE_URL`) | | **FAIL** |',
    )
    passed = false
  }
  const p = input.phases
  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/outage.ts --quick'
        : 'npm run faults',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    ...rows,
    '',
    `- The server: the compiled \`apps/server/dist/server.js\` (as \`npm start\` runs it) in its own process on 127.0.0.1, production mode, encryption at rest on, rate limits off, delivery worker off. Submissions (\`POST /api/submission/<new UUID>\`, a valid full payload) arrive open loop at ${p.rate} per second throughout: ${p.beforeMs / 1000} s before the cut, ${p.outageMs / 1000} s of outage, ${p.afterMs / 1000} s after the restore; \`GET /api/ready\` is asked every ${READY_POLL_MS} ms.`,
    '- PostgreSQL runs through a TCP proxy in the script, in a throw-away schema; one server lives through both PostgreSQL faults. "Connections refused" destroys every connection and stops listening; "silent" keeps connections open and passes nothing, the way a network partition looks. SQLite: another process opens the file and holds `BEGIN EXCLUSIVE` (decision 1432).',
    `- Checked: ${checks.map((check) => `${check.what}${check.ok ? '' : ' — **FAIL**'}`).join('; ')}.`,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
