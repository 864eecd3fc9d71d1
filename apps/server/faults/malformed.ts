// Malformed input (docs/requirements.md#reliability: thousands of generated malformed bodies → no 5xx, nothing stored, the
// process alive). The real server runs in a child process; every write route it lists in its OpenAPI
// document gets thousands of generated bad requests (support/malformed-cases.ts: random JSON, wrong types,
// huge strings, deep nesting, wrong content types, lying lengths, broken UTF-8, bad keys in the path,
// missing or wrong anti-forgery, bad headers, prototype keys, extreme numbers), each over a socket of its
// own. No answer may be a 5xx; no connection may be dropped without an answer; a request may go
// unanswered only when its length promised bytes that never came. The rows stored afterwards must be
// exactly those of the few generated bodies that were valid after all (answered 2xx), and the process must
// still be there and accept a valid submission. `node --import tsx apps/server/faults/malformed.ts
// [--quick]`; decision 1433.

import { randomUUID } from 'node:crypto'
import { countStoredRows, isRunning, type StoredRows } from './support/stored-rows'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import {
  ANSWER_SAVING_ROUTES,
  CATEGORIES,
  KNOWN_WRITE_ROUTES,
  caseBytes,
  malformedCases,
  type MalformedCase,
  type WriteRoute,
} from './support/malformed-cases'
import { requestBytes, sendOnce, type RawOutcome } from './support/raw-http'
import { isMainModule, runAlone } from './support/run-alone'
import {
  faultServerEnv,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  writeHeaders,
  type FaultDatabase,
} from './support/server-child'
import { submissionTemplate } from './support/submission-load'

const SECTION = 'faults:malformed'
const HEADING = 'Malformed input'
const SEED = 20_261_122
const CONCURRENCY = 16
/** How long a request whose length promised more than it sent is given before it counts as waited on. */
const WAIT_MS = 1000
const ANSWER_TIMEOUT_MS = 10_000

interface EngineRun {
  engine: string
  routes: string[]
  unknownRoutes: string[]
  cases: MalformedCase[]
  outcomes: RawOutcome[]
  before: StoredRows
  after: StoredRows
  finalSubmission: number | string
  alive: boolean
  health: number
  seconds: number
}

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const perCategory = quick ? 10 : 100
  const runs: EngineRun[] = []
  let postgresSkipped = false

  const sqlite = await sqliteDatabase()
  try {
    runs.push(await runEngine(sqlite, perCategory))
  } finally {
    await sqlite.drop()
  }
  if (!quick) {
    const postgres = await postgresDatabase()
    if (postgres === undefined) {
      postgresSkipped = true
    } else {
      try {
        runs.push(await runEngine(postgres, perCategory))
      } finally {
        await postgres.drop()
      }
    }
  }
  return report({ quick, startedAt, busyAtStart, runs, postgresSkipped, perCategory })
}

async function runEngine(database: FaultDatabase, perCategory: number): Promise<EngineRun> {
  const started = performance.now()
  const server = await startServer({ env: { ...faultServerEnv(), ...database.env } })
  try {
    const host = `127.0.0.1:${server.port}`
    // Every write route the server has, from its own OpenAPI document: a new one fails the run until
    // cases are written for it.
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    const unknownRoutes = routes.filter(
      (route) => !(KNOWN_WRITE_ROUTES as readonly string[]).includes(route),
    )
    const antiForgery = await writeHeaders(server.url)
    const cases = malformedCases(
      { host, antiForgery },
      {
        perCategory,
        seed: SEED,
        routes: KNOWN_WRITE_ROUTES.filter((route) => routes.includes(route)) as WriteRoute[],
      },
    )
    console.log(`Malformed: ${database.engine}, ${cases.length} requests…`)
    const before = await countStoredRows(database.config)
    const outcomes: RawOutcome[] = new Array(cases.length)
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < cases.length; index = next++) {
          const item = cases[index]
          if (item === undefined) continue
          outcomes[index] = await sendOnce(
            server.port,
            caseBytes(item),
            item.mayWait === true ? WAIT_MS : ANSWER_TIMEOUT_MS,
          )
        }
      }),
    )

    const health = await fetch(`${server.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    )
    const key = randomUUID()
    const final = await sendOnce(
      server.port,
      requestBytes({
        method: 'POST',
        path: `/api/submission/${key}`,
        headers: { host, 'content-type': 'application/json', ...antiForgery },
        body: submissionTemplate()(key),
      }),
      ANSWER_TIMEOUT_MS,
    )
    const finalSubmission = final.kind === 'answer' ? final.answer.status : final.kind
    const alive = isRunning(server.pid)
    const after = await countStoredRows(database.config)
    return {
      engine: database.engine,
      routes,
      unknownRoutes,
      cases,
      outcomes,
      before,
      after,
      finalSubmission,
      alive,
      health,
      seconds: (performance.now() - started) / 1000,
    }
  } finally {
    await server.stop()
  }
}

const statusOf = (outcome: RawOutcome | undefined): string =>
  outcome === undefined
    ? 'not sent'
    : outcome.kind === 'answer'
      ? String(outcome.answer.status)
      : outcome.kind === 'timeout'
        ? 'no answer'
        : `dropped (${outcome.message})`

interface Analysis {
  faults: { item: MalformedCase; status: string }[]
  accepted: { submissions: number; applications: number; events: number }
  byCategory: Map<string, Map<string, number>>
  waited: number
  expected: StoredRows
}

function analyse(run: EngineRun): Analysis {
  const faults: { item: MalformedCase; status: string }[] = []
  const accepted = { submissions: 0, applications: 0, events: 0 }
  const byCategory = new Map<string, Map<string, number>>()
  let waited = 0
  run.cases.forEach((item, index) => {
    const outcome = run.outcomes[index]
    const status = statusOf(outcome)
    const counts = byCategory.get(item.category) ?? new Map<string, number>()
    counts.set(status, (counts.get(status) ?? 0) + 1)
    byCategory.set(item.category, counts)
    if (outcome?.kind === 'answer') {
      const code = outcome.answer.status
      if (code >= 500) faults.push({ item, status })
      if (code >= 200 && code < 300) {
        if (item.route === 'POST /api/submission/{submissionKey}') accepted.submissions += 1
        else if (ANSWER_SAVING_ROUTES.has(item.route)) accepted.applications += 1
        else accepted.events += 1
      }
    } else if (outcome?.kind === 'timeout' && item.mayWait === true) {
      waited += 1
    } else {
      faults.push({ item, status })
    }
  })
  const final = run.finalSubmission === 201 ? 1 : 0
  const submissions = accepted.submissions + final
  return {
    faults,
    accepted,
    byCategory,
    waited,
    expected: {
      submissions: run.before.submissions + submissions,
      applications: run.before.applications + submissions + accepted.applications,
      deliveries: run.before.deliveries + 2 * submissions,
    },
  }
}

interface ReportInput {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  runs: EngineRun[]
  postgresSkipped: boolean
  perCategory: number
}

function report(input: ReportInput): FaultReport {
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const number = (value: number) => value.toLocaleString('en-GB')
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  const notes: string[] = []
  let passed = true
  for (const run of input.runs) {
    const a = analyse(run)
    const storedOk =
      run.after.submissions === a.expected.submissions &&
      run.after.applications === a.expected.applications &&
      run.after.deliveries === a.expected.deliveries
    const aliveOk = run.alive && run.health === 200 && run.finalSubmission === 201
    const routesOk = run.unknownRoutes.length === 0
    passed &&= a.faults.length === 0 && storedOk && aliveOk && routesOk
    const stored = (rows: StoredRows) =>
      `${rows.submissions - run.before.submissions} submissions, ${rows.applications - run.before.applications} applications, ${rows.deliveries - run.before.deliveries} deliveries`
    rows.push(
      `| ${run.engine}: malformed requests to ${run.routes.length} write routes | ${number(run.cases.length)} in ${run.seconds.toFixed(0)} s | thousands | |`,
      `| ${run.engine}: 5xx answers, or connections dropped without an answer | ${a.faults.length}${a.waited > 0 ? ` (${a.waited} requests promising more bytes than they sent were left waiting, as they should be)` : ''} | 0 | ${verdict(a.faults.length === 0)} |`,
      `| ${run.engine}: rows stored | ${stored(run.after)}; expected ${stored(a.expected)} (the ${a.accepted.submissions} submissions and ${a.accepted.applications} partial saves and saves for later answered 2xx, and one valid submission at the end) | nothing beyond what was answered 2xx | ${verdict(storedOk)} |`,
      `| ${run.engine}: the process afterwards | ${run.alive ? 'running' : 'gone'}; health ${run.health || 'no answer'}; a valid submission → ${run.finalSubmission} | alive, accepts | ${verdict(aliveOk)} |`,
    )
    if (!routesOk) {
      rows.push(
        `| ${run.engine}: write routes without generated cases | ${run.unknownRoutes.join(', ')} | none | **FAIL** |`,
      )
    }
    if (a.faults.length > 0) {
      notes.push(
        `- ${run.engine}, failing cases (first 10): ${a.faults
          .slice(0, 10)
          .map(({ item, status }) => `${item.route}, ${item.category}: ${item.label} → ${status}`)
          .join('; ')}.`,
      )
    }
    if (run === input.runs[0]) {
      notes.push(
        `- Answers by kind of input (${run.engine}; every route): ${CATEGORIES.map(
          (category) =>
            `${category}: ${[...(a.byCategory.get(category) ?? new Map<string, number>())]
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([status, n]) => `${n} × ${status}`)
              .join(', ')}`,
        ).join('; ')}.`,
      )
    }
  }
  if (input.postgresSkipped) {
    rows.push(
      '| PostgreSQL | not measured: PostgreSQL unreachable (`TEST_DATABASE_URL`) | | **FAIL** |',
    )
    passed = false
  }
  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/malformed.ts --quick'
        : 'npm run faults',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    ...rows,
    '',
    `- The server: the compiled \`apps/server/dist/server.js\` (as \`npm start\` runs it) in its own process on 127.0.0.1, production mode, encryption at rest on, rate limits off (they would answer 429 before the input is looked at), delivery worker off${input.quick ? '; SQLite only (--quick)' : '; SQLite, then PostgreSQL in a throw-away schema'}. The write routes are read from the server's OpenAPI document (\`${input.runs[0]?.routes.join('`, `') ?? ''}\`).`,
    `- The requests: ${input.perCategory} generated cases (fast-check, seed ${SEED}) of each of ${CATEGORIES.length} kinds for each route, each over a connection of its own, ${CONCURRENCY} at a time, with a valid anti-forgery pair unless the case is about it and, on a route that takes an application key, the secret of the browser that started that application (without it the body would be refused unread, decision 1801): ${CATEGORIES.join(', ')} (apps/server/faults/support/malformed-cases.ts). Rows are counted in the database before and after; a generated body that is valid after all (a field replaced by a value it accepts) is stored and counted as such.`,
    ...notes,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
