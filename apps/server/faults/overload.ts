// Overload at twice the maximum rate (docs/requirements.md#reliability: refused fast with 503 + Retry-After, nothing slower than
// 2 s, the server stays up). The real server runs on SQLite in a child process with its default load
// shedding. First its maximum submission rate is measured as `npm run bench:api` measures it (autocannon,
// 20 clients), which must need no shedding at all; then submissions arrive at twice that rate, open loop,
// over many connections. Every answer must be a 201 or a 503 with Retry-After, none slower than 2 s; the
// process must still be there, accept the next submission at once, and have stored every 201.
// `node --import tsx apps/server/faults/overload.ts [--quick]`; decision 1431.

import { randomUUID } from 'node:crypto'
import { countStoredRows, isRunning } from './support/stored-rows'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import { isMainModule, runAlone } from './support/run-alone'
import { faultServerEnv, sqliteDatabase, startServer, writeHeaders } from './support/server-child'
import {
  BENCH_CONNECTIONS,
  closedLoopSubmissions,
  submissionTemplate,
  summarise,
  type ClosedLoopRun,
  type LatencySummary,
} from './support/submission-load'
import { openLoop, requestBytes, type OpenLoopResult } from './support/raw-http'
import { withBrowserSecret } from './support/browser-secret'

const SECTION = 'faults:overload'
const HEADING = 'Overload at twice the maximum rate'
const BAR_MAX_LATENCY_MS = 2000
/** Sockets the overload may hold open at once: many applicants, not twenty. */
const OVERLOAD_CONNECTIONS = 256
/** "At once" after the load: the first submission is answered 201 within this. */
const RECOVERY_BAR_MS = 1000
/**
 * The load generator shares the CPUs: when it sends requests later than they were due by more than this,
 * the latencies are its own as much as the server's, and the run does not count.
 */
const GENERATOR_LAG_LIMIT_MS = 250

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const seconds = quick
    ? { warmUp: 1, maxRate: 2, overload: 4 }
    : { warmUp: 5, maxRate: 5, overload: 20 }
  const database = await sqliteDatabase()
  const env = { ...faultServerEnv(), ...database.env }
  const server = await startServer({ env })
  try {
    const headers = await writeHeaders(server.url)
    console.log(`Overload: warming up (${seconds.warmUp} s)…`)
    const warmUp = await closedLoopSubmissions({
      url: server.url,
      headers,
      seconds: seconds.warmUp,
    })
    console.log(`Overload: maximum rate (${BENCH_CONNECTIONS} clients, ${seconds.maxRate} s)…`)
    const maxRate = await closedLoopSubmissions({
      url: server.url,
      headers,
      seconds: seconds.maxRate,
    })
    const offered = Math.round(maxRate.rate * 2)
    console.log(
      `Overload: maximum ${Math.round(maxRate.rate)} req/s; offering ${offered} req/s for ${seconds.overload} s…`,
    )
    const body = submissionTemplate()
    const host = `127.0.0.1:${server.port}`
    const overload = await openLoop({
      port: server.port,
      rate: offered,
      durationMs: seconds.overload * 1000,
      connections: OVERLOAD_CONNECTIONS,
      timeoutMs: 10_000,
      next: () => {
        const key = randomUUID()
        return requestBytes({
          method: 'POST',
          path: `/api/submission/${key}`,
          headers: { host, 'content-type': 'application/json', ...headers },
          body: body(key),
        })
      },
    })

    // Straight after: alive, and a submission accepted at once.
    const alive = isRunning(server.pid)
    const health = await fetch(`${server.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    )
    const afterKey = randomUUID()
    const afterStart = performance.now()
    const after = await fetch(`${server.url}/api/submission/${afterKey}`, {
      method: 'POST',
      headers: withBrowserSecret(`/api/submission/${afterKey}`, {
        'content-type': 'application/json',
        ...headers,
      }),
      body: body(afterKey),
    }).then(
      (response) => response.status,
      () => 0,
    )
    const afterMs = performance.now() - afterStart

    await server.stop()
    const stored = (await countStoredRows(database.config)).submissions
    return report({
      quick,
      startedAt,
      busyAtStart,
      seconds,
      warmUp,
      maxRate,
      offered,
      overload,
      alive,
      health,
      after: { status: after, ms: afterMs },
      stored,
    })
  } finally {
    await server.kill()
    await database.drop()
  }
}

interface ReportInput {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  seconds: { warmUp: number; maxRate: number; overload: number }
  warmUp: ClosedLoopRun
  maxRate: ClosedLoopRun
  offered: number
  overload: OpenLoopResult
  alive: boolean
  health: number
  after: { status: number; ms: number }
  stored: number
}

function report(input: ReportInput): FaultReport {
  const { maxRate, warmUp } = input
  const { outcomes } = input.overload
  const accepted = outcomes.filter((outcome) => outcome.status === 201)
  const refused = outcomes.filter((outcome) => outcome.status === 503)
  const refusedWithoutRetryAfter = refused.filter(
    (outcome) => outcome.retryAfter === undefined || !/^\d+$/.test(outcome.retryAfter),
  )
  const others = new Map<string, number>()
  for (const outcome of outcomes) {
    if (outcome.status === 201 || outcome.status === 503) continue
    others.set(String(outcome.status), (others.get(String(outcome.status)) ?? 0) + 1)
  }
  const all = summarise(outcomes.map((outcome) => outcome.latencyMs))
  const ok = summarise(accepted.map((outcome) => outcome.latencyMs))
  const shed = summarise(refused.map((outcome) => outcome.latencyMs))
  const refusedShare = outcomes.length === 0 ? 0 : refused.length / outcomes.length
  const servedRate = accepted.length / input.seconds.overload

  const closedLoopProblems = (name: string, run: ClosedLoopRun) => {
    const problems: string[] = []
    for (const [status, count] of Object.entries(run.statuses)) {
      if (status !== '201') problems.push(`${name}: ${count} answers with status ${status}`)
    }
    if (run.errors > 0) problems.push(`${name}: ${run.errors} connection errors`)
    if (run.timeouts > 0) problems.push(`${name}: ${run.timeouts} timeouts`)
    return problems
  }
  const answered201 =
    (warmUp.statuses['201'] ?? 0) +
    (maxRate.statuses['201'] ?? 0) +
    accepted.length +
    (input.after.status === 201 ? 1 : 0)

  const checks: { what: string; ok: boolean }[] = [
    {
      what: `at the maximum rate (${BENCH_CONNECTIONS} clients, as \`npm run bench:api\`) every answer was 201: nothing shed under normal load${closedLoopProblems('', maxRate).length + closedLoopProblems('', warmUp).length > 0 ? ` (${[...closedLoopProblems('warm-up', warmUp), ...closedLoopProblems('maximum rate', maxRate)].join('; ')})` : ''}`,
      ok:
        closedLoopProblems('', maxRate).length === 0 && closedLoopProblems('', warmUp).length === 0,
    },
    {
      what: `under overload every answer was 201 or 503 with a Retry-After in seconds (${others.size === 0 ? 'no other status, no connection error, no timeout' : [...others].map(([status, count]) => `${count} × ${status}`).join(', ')}${refusedWithoutRetryAfter.length > 0 ? `; ${refusedWithoutRetryAfter.length} × 503 without Retry-After` : ''})`,
      ok: others.size === 0 && refusedWithoutRetryAfter.length === 0,
    },
    {
      what: `the overload was real: load was shed (${refused.length} of ${outcomes.length} refused)`,
      ok: refused.length > 0,
    },
    {
      what: `the load generator kept up: its worst lag behind the schedule was ${Math.round(input.overload.worstSendLagMs)} ms (≤ ${GENERATOR_LAG_LIMIT_MS} ms, or the machine was too busy for the figures to mean anything)`,
      ok: input.overload.worstSendLagMs <= GENERATOR_LAG_LIMIT_MS,
    },
    {
      what: `the process stayed up (${input.alive ? 'running' : 'gone'}; \`GET /api/health\` → ${input.health || 'no answer'})`,
      ok: input.alive && input.health === 200,
    },
    {
      what: `right after the load a submission was accepted at once (${input.after.status || 'no answer'} in ${Math.round(input.after.ms)} ms)`,
      ok: input.after.status === 201 && input.after.ms <= RECOVERY_BAR_MS,
    },
    {
      // A request still in flight when autocannon's time ran out is stored without its answer counted.
      what: `every submission answered 201 was stored (${answered201} answered, ${input.stored} stored)`,
      ok: input.stored >= answered201 && input.stored <= answered201 + 2 * BENCH_CONNECTIONS,
    },
  ]
  const latencyOk = all.max <= BAR_MAX_LATENCY_MS
  const passed = latencyOk && checks.every((check) => check.ok)
  const ms = (value: number) => `${Math.round(value)} ms`
  const kind = (summary: LatencySummary) =>
    summary.count === 0
      ? 'none'
      : `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)}`
  const number = (value: number) => Math.round(value).toLocaleString('en-GB')
  const verdict = (value: boolean) => (value ? 'pass' : '**FAIL**')

  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/overload.ts --quick'
        : 'npm run faults',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    '| what | figure | bar | result |',
    '|---|---|---|---|',
    `| maximum submission rate on SQLite (${BENCH_CONNECTIONS} clients, ${input.seconds.maxRate} s) | ${number(maxRate.rate)} req/s, p99 ${ms(maxRate.p99)}, none refused | baseline; no 503 | ${verdict(checks[0]?.ok ?? false)} |`,
    `| offered: twice that, open loop, ${input.seconds.overload} s, up to ${OVERLOAD_CONNECTIONS} connections | ${number(input.offered)} req/s (${number(outcomes.length)} requests; ${input.overload.connectionsUsed} connections used; the generator's worst lag ${ms(input.overload.worstSendLagMs)}) | 2 × maximum | |`,
    `| accepted (201) | ${number(accepted.length)} (${number(servedRate)} req/s); ${kind(ok)} | | |`,
    `| refused (503 + Retry-After) | ${number(refused.length)} (${(refusedShare * 100).toFixed(1)} %); ${kind(shed)} | refused fast | ${verdict((checks[1]?.ok ?? false) && refused.length > 0)} |`,
    `| slowest answer of all | ${ms(all.max)} | ≤ ${ms(BAR_MAX_LATENCY_MS)} | ${verdict(latencyOk)} |`,
    `| the server afterwards | ${input.alive ? 'up' : 'gone'}; next submission ${input.after.status || 'unanswered'} in ${ms(input.after.ms)} | stays up, recovers | ${verdict((checks[4]?.ok ?? false) && (checks[5]?.ok ?? false))} |`,
    '',
    `- The server: the compiled \`apps/server/dist/server.js\` (as \`npm start\` runs it) in its own process on 127.0.0.1, SQLite (\`synchronous=FULL\`), production mode, encryption at rest on, rate limits and the cap per client address off (one client sends everything), delivery worker off, load shedding at its defaults (\`LOAD_SHEDDING_MAX_IN_FLIGHT\` 64, Retry-After 2 s; decisions 1431, 1571). Each request is \`POST /api/submission/<new UUID>\` with a valid full payload and the anti-forgery pair.`,
    `- The maximum rate is measured as \`npm run bench:api\` measures it (autocannon, ${BENCH_CONNECTIONS} connections, after a ${input.seconds.warmUp} s warm-up). The overload then arrives open loop, evenly spread at twice that rate, whatever the answers (as independent applicants do); each latency counts from when its request was due, so waiting for a free socket counts too. Latencies measured by the load generator, which shares the two cores with the server.`,
    `- Checked: ${checks.map((check) => `${check.what}${check.ok ? '' : ' — **FAIL**'}`).join('; ')}.`,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
