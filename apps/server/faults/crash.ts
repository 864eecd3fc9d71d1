// Crash safety (docs/requirements.md#reliability): the server killed with SIGKILL 20 times in the middle of a
// submission load and restarted on the same database; every submission that got a 2xx answer must be
// there afterwards, intact, exactly once. Run on SQLite (synchronous=FULL, as configured) and on
// PostgreSQL, with a data key set so encryption at rest is in the path.
//
// Several clients send submissions without pause, each under a new key with a body of its own (names,
// email and amount differ). Every request is recorded: its key, the body sent, and whether an answer
// came. After each restart some keys are sent again: the same body (the first answer must come back,
// marked as replayed), another body (409), and half of the requests a kill left without an answer (as a
// browser retries). At the end the database is read back through the repository's own decryption and
// checked key by key. Alone: `node --import tsx apps/server/faults/crash.ts [--quick] [--no-report]`.
// Decision record: docs/decisions/1441-crash-safety-scenario.md.
// It stays one file, over 500 lines: the load, the kills, the restarts and the read-back share one run's state
// and read in the order they happen.

import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import BetterSqlite3 from 'better-sqlite3'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { openPayload, parseDataKeyring, sealedWith } from '../src/crypto/field-encryption'
import { createDatabase, SQLITE_FILE_NAME } from '../src/db/database'
import { bodyHash, canonicalJson } from '../src/repositories/body-hash'
import { payloadAad } from '../src/repositories/rows'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import type { FaultOptions, FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import {
  faultServerEnv,
  LENDER_IDS,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  writeHeaders,
  type FaultDatabase,
  type ServerChild,
} from './support/server-child'
import { unstamped } from './support/stored-payload'
import { browserSecretFor } from './support/browser-secret'
import { APPLICATION_SECRET_HEADER } from '@forecourt/domain/application-secret/application-secret'
import { conflictAnswer } from './support/conflict-answer'

export const SECTION = 'faults:crash'
export const HEADING = 'Crash safety (SIGKILL during a submission load)'
const BRAND = brands.carfinance
const REQUEST_TIMEOUT_MS = 20_000

export interface CrashOptions {
  /** How many times the server is killed (docs/requirements.md#reliability: 20). */
  kills: number
  /** Clients sending at once, each one request at a time. */
  clients: number
  /** After a start, once the load is flowing, the kill comes after a random wait in this range (ms). */
  killAfterMs: [number, number]
  /** Load after the last restart, before the clean stop (ms). */
  finalLoadMs: number
  /** Answered keys sent again with the same body, and with another body, after each restart. */
  repeatsPerRestart: number
  /** Runs once the server has stopped, before the database is checked: the checker's own test spoils rows. */
  beforeCheck?: (database: FaultDatabase) => Promise<void>
  log?: (line: string) => void
}

export const FULL: CrashOptions = {
  kills: 20,
  clients: 8,
  killAfterMs: [200, 2000],
  finalLoadMs: 1000,
  repeatsPerRestart: 3,
}

export const QUICK: CrashOptions = {
  kills: 3,
  clients: 6,
  killAfterMs: [150, 600],
  finalLoadMs: 300,
  repeatsPerRestart: 2,
}

// --- What was sent and what came back ---

type Kind = 'new' | 'same body again' | 'other body' | 'retry after no answer' | 'retry after 503'

type Result =
  | { kind: 'answered'; status: number; body: string; replayed: boolean }
  /** Refused at connection: nothing reached the server. */
  | { kind: 'refused' }
  /** Sent, then the connection died before a whole answer came: in flight at a kill. */
  | { kind: 'no answer'; error: string }
  | { kind: 'timeout' }

interface Submission {
  key: string
  /** The JSON text sent on every attempt but the "other body" ones. */
  body: string
  /** The first 2xx answer's text. */
  firstAnswer: string | undefined
  /** Attempts that got no answer, and how many of those were resolved by a later answer. */
  unanswered: number
  /** Ever sent so that it may have reached the server. */
  reachedServer: boolean
}

export interface EngineOutcome {
  engine: 'SQLite' | 'PostgreSQL'
  /** False when the engine was not available (PostgreSQL unreachable): nothing below was measured. */
  measured: boolean
  kills: number
  /** Kills that found at least one request without its answer. */
  killsWithRequestsInFlight: number
  /** Kill → ready again, ms. */
  restartMs: number[]
  requests: number
  /** Distinct keys answered 2xx (new submissions and retries after no answer). */
  answered: number
  /** Requests left without an answer by a kill. */
  inFlight: number
  /** Keys whose only attempts were in flight at kills (never retried, or retried into a kill again). */
  inFlightUnresolved: number
  inFlightUnresolvedStored: number
  /** In-flight keys sent again after the restart, and how many of those were answered as replays. */
  inFlightRetried: number
  inFlightRetriedReplayed: number
  refused: number
  /** Answered 503 (load shedding) and sent again. */
  shed: number
  sameBodyRepeats: number
  otherBodyRepeats: number
  statuses: Record<string, number>
  /** Answered keys missing afterwards, stored more than once, or stored but not as sent. */
  lost: number
  doubled: number
  damaged: number
  /** Keys a kill left unanswered that were stored in part, twice or damaged; rows of keys never sent or never delivered. */
  inFlightBad: number
  strangers: number
  /** Answers that were not what they should be: to repeats with the same body, another body, the rest. */
  wrongAnswers: { sameBody: number; otherBody: number; others: number }
  /** 'ok', or what PRAGMA integrity_check said; undefined on PostgreSQL. */
  integrity: string | undefined
  rows: { submissions: number; applications: number; deliveries: number }
  seconds: number
  /** Everything that went wrong; empty when the engine passed. */
  problems: string[]
}

// --- Bodies ---

const template = (() => {
  const state = filledState()
  return toFullSubmissionPayload(state, { brand: BRAND, now: new Date() }) as unknown as Record<
    string,
    unknown
  >
})()

/** 0 → 'a', 25 → 'z', 26 → 'ba': a name part of letters only, different for every n. */
function letters(n: number): string {
  let text = ''
  let rest = n
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text
    rest = Math.floor(rest / 26)
  } while (rest > 0)
  return text
}

/** A valid full submission under `key`, its names, email and amount its own. */
export function crashBody(key: string, n: number): string {
  const name = `Crash${letters(n)}`
  return JSON.stringify({
    ...template,
    submissionKey: key,
    firstName: name,
    lastName: `Tester${letters(n * 7 + 3)}`,
    email: `${name.toLowerCase()}@example.com`,
    loanAmount: 1000 + ((n * 37) % 49_000),
    netMonthlyIncome: 1000 + (n % 5000),
  })
}

/** The same application with one answer changed: a different body under a used key. */
function otherBody(body: string): string {
  const parsed = JSON.parse(body) as { loanAmount: number; lastName: string }
  return JSON.stringify({
    ...parsed,
    loanAmount: parsed.loanAmount < 50_000 ? parsed.loanAmount + 1 : parsed.loanAmount - 1,
    lastName: `${parsed.lastName}x`,
  })
}

function expectedAnswer(key: string): string {
  return JSON.stringify({
    submissionKey: key,
    reference: applicationReference(key),
    status: 'received',
  })
}

// --- HTTP ---

function post(
  agent: Agent,
  url: string,
  key: string,
  headers: Record<string, string>,
  body: string,
): Promise<Result> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: Result) => {
      if (!settled) {
        settled = true
        resolve(result)
      }
    }
    const req = request(
      `${url}/api/submission/${key}`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [APPLICATION_SECRET_HEADER]: browserSecretFor(key),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          settle(
            response.complete
              ? {
                  kind: 'answered',
                  status: response.statusCode ?? 0,
                  body: Buffer.concat(chunks).toString('utf8'),
                  replayed: response.headers['idempotent-replayed'] === 'true',
                }
              : { kind: 'no answer', error: 'answer cut short' },
          ),
        )
        response.on('error', (error) => settle({ kind: 'no answer', error: error.message }))
        response.on('aborted', () => settle({ kind: 'no answer', error: 'answer cut short' }))
      },
    )
    req.on('timeout', () => {
      settle({ kind: 'timeout' })
      req.destroy()
    })
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle(
        error.code === 'ECONNREFUSED'
          ? { kind: 'refused' }
          : { kind: 'no answer', error: error.code ?? error.message },
      ),
    )
    req.end(body)
  })
}

// --- One engine ---

interface Job {
  kind: Kind
  submission: Submission
}

export async function crashEngine(
  database: FaultDatabase,
  options: CrashOptions,
): Promise<EngineOutcome> {
  const started = Date.now()
  const log = options.log ?? (() => undefined)
  const env = { ...faultServerEnv(), ...database.env }
  const outcome: EngineOutcome = { ...notMeasured(database.engine), measured: true }
  const problem = (text: string) => {
    if (outcome.problems.length < 50) outcome.problems.push(text)
    else if (outcome.problems.length === 50) outcome.problems.push('… more problems not listed')
  }

  const submissions = new Map<string, Submission>()
  const queue: Job[] = []
  let counter = 0
  let stopping = false
  let epoch = 0
  let answeredThisEpoch = 0
  // Keys sent in this epoch that got no answer: retried after the restart.
  let unansweredThisEpoch: Submission[] = []
  let inFlightThisEpoch = 0
  // From the moment the clients are held back for a kill until the server is up again.
  let killing = true
  let gate = Promise.resolve()
  let openGate = () => undefined as void
  const closeGate = () => {
    gate = new Promise<void>((resolve) => (openGate = resolve))
  }
  closeGate()

  let server: ServerChild | undefined
  let headers: Record<string, string> = {}
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients })

  const handle = (job: Job, body: string, result: Result, sentInEpoch: number) => {
    outcome.requests += 1
    const { submission } = job
    if (result.kind === 'refused') {
      outcome.refused += 1
      // Nothing reached the server: send it again like a browser would.
      queue.push(job)
      return
    }
    submission.reachedServer = true
    if (result.kind === 'timeout') {
      outcome.wrongAnswers.others += 1
      problem(`${job.kind} ${submission.key}: no answer within ${REQUEST_TIMEOUT_MS} ms`)
      return
    }
    if (result.kind === 'no answer') {
      if (!killing) {
        outcome.wrongAnswers.others += 1
        problem(
          `${job.kind} ${submission.key}: connection lost while the server was up (${result.error})`,
        )
      }
      outcome.inFlight += 1
      submission.unanswered += 1
      if (sentInEpoch === epoch) {
        inFlightThisEpoch += 1
        if (job.kind !== 'other body' && job.kind !== 'same body again') {
          unansweredThisEpoch.push(submission)
        }
      }
      return
    }
    const status = String(result.status)
    outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1
    if (sentInEpoch === epoch) answeredThisEpoch += 1
    if (result.status === 503) {
      // Load shed, or the database too slow: a browser waits and sends it again. A 503 may come after all
      // for a write that commits (decision 1432), so the next answer may be a replay.
      outcome.shed += 1
      queue.push(job.kind === 'new' ? { kind: 'retry after 503', submission } : job)
      return
    }
    const expected = expectedAnswer(submission.key)
    switch (job.kind) {
      case 'new':
      case 'retry after no answer':
      case 'retry after 503': {
        if (result.status !== 201 || result.body !== expected) {
          outcome.wrongAnswers.others += 1
          problem(`${job.kind} ${submission.key}: ${result.status} ${result.body.slice(0, 200)}`)
          return
        }
        if (job.kind === 'retry after no answer') {
          outcome.inFlightRetried += 1
          if (result.replayed) outcome.inFlightRetriedReplayed += 1
        } else if (job.kind === 'new' && result.replayed) {
          outcome.wrongAnswers.others += 1
          problem(`new ${submission.key}: answered as a replay of a key never answered before`)
        }
        if (submission.firstAnswer === undefined) {
          submission.firstAnswer = result.body
          outcome.answered += 1
        }
        return
      }
      case 'same body again': {
        outcome.sameBodyRepeats += 1
        if (
          result.status !== 201 ||
          !result.replayed ||
          result.body !== submission.firstAnswer ||
          body !== submission.body
        ) {
          outcome.wrongAnswers.sameBody += 1
          problem(
            `same body again ${submission.key}: ${result.status}${result.replayed ? ' (replayed)' : ''} ${result.body.slice(0, 200)}, not the first answer`,
          )
        }
        return
      }
      case 'other body': {
        outcome.otherBodyRepeats += 1
        if (result.status !== 409 || result.body !== conflictAnswer(submission.key)) {
          outcome.wrongAnswers.otherBody += 1
          problem(`other body ${submission.key}: ${result.status} ${result.body.slice(0, 200)}`)
        }
        return
      }
    }
  }

  const client = async () => {
    for (;;) {
      await gate
      if (stopping) return
      const target = server
      if (target === undefined) continue
      let job = queue.shift()
      if (job === undefined) {
        const key = randomUUID()
        const submission: Submission = {
          key,
          body: crashBody(key, counter),
          firstAnswer: undefined,
          unanswered: 0,
          reachedServer: false,
        }
        counter += 1
        submissions.set(key, submission)
        job = { kind: 'new', submission }
      }
      const body = job.kind === 'other body' ? otherBody(job.submission.body) : job.submission.body
      const sentInEpoch = epoch
      const result = await post(agent, target.url, job.submission.key, headers, body)
      handle(job, body, result, sentInEpoch)
    }
  }

  /** After a restart: repeats of answered keys, and retries of half of what the kill left unanswered. */
  const queueRepeats = () => {
    const answered = [...submissions.values()].filter(
      (submission) => submission.firstAnswer !== undefined,
    )
    // The most recent first: those answered just before the kill are the likeliest to be lost.
    const recent = answered.slice(-options.repeatsPerRestart * 4)
    shuffle(recent)
    for (const submission of recent.slice(0, options.repeatsPerRestart)) {
      queue.push({ kind: 'same body again', submission })
    }
    for (const submission of recent.slice(
      options.repeatsPerRestart,
      options.repeatsPerRestart * 2,
    )) {
      queue.push({ kind: 'other body', submission })
    }
    unansweredThisEpoch.forEach((submission, index) => {
      if (index % 2 === 0) queue.push({ kind: 'retry after no answer', submission })
    })
    unansweredThisEpoch = []
  }

  const start = async () => {
    server = await startServer({ env, port: server?.port })
    headers = await writeHeaders(server.url)
    answeredThisEpoch = 0
    inFlightThisEpoch = 0
    killing = false
    openGate()
  }

  const flowing = async (when: string) => {
    const deadline = Date.now() + 10_000
    while (answeredThisEpoch === 0 && Date.now() < deadline) await sleep(10)
    if (answeredThisEpoch === 0) problem(`${when}: no answer within 10 s of the start`)
  }

  const clients: Promise<void>[] = []
  try {
    log(`${database.engine}: starting the server`)
    await start()
    for (let i = 0; i < options.clients; i += 1) clients.push(client())

    for (let kill = 1; kill <= options.kills; kill += 1) {
      // The load must be flowing before the clock for the kill starts.
      await flowing(`kill ${kill}`)
      const [low, high] = options.killAfterMs
      await sleep(low + Math.random() * (high - low))
      closeGate()
      killing = true
      const killedAt = Date.now()
      await server?.kill()
      outcome.kills += 1
      // Answers that were already on their way have arrived or failed by the next turn of the loop.
      await sleep(50)
      if (inFlightThisEpoch > 0) outcome.killsWithRequestsInFlight += 1
      log(
        `${database.engine}: kill ${kill} of ${options.kills}: ${inFlightThisEpoch} requests in flight, ${outcome.answered} answered so far`,
      )
      epoch += 1
      queueRepeats()
      await start()
      outcome.restartMs.push(Date.now() - killedAt)
    }
    await flowing('the last run')
    await sleep(options.finalLoadMs)
    // Every retry is answered before the clean stop.
    const drained = Date.now() + 10_000
    while (queue.length > 0 && Date.now() < drained) await sleep(20)
    stopping = true
    await Promise.all(clients)
    if (queue.length > 0) problem(`${queue.length} retries never sent`)
    await server?.stop()
  } catch (error) {
    problem(`the run stopped: ${error instanceof Error ? error.message : String(error)}`)
    stopping = true
    openGate()
    await server?.kill()
    await Promise.all(clients)
  } finally {
    agent.destroy()
  }

  await options.beforeCheck?.(database)
  await checkDatabase(database, env, [...submissions.values()], outcome, problem)
  outcome.seconds = Math.round((Date.now() - started) / 1000)
  return outcome
}

// --- The database afterwards ---

async function checkDatabase(
  database: FaultDatabase,
  env: Record<string, string>,
  sent: Submission[],
  outcome: EngineOutcome,
  problem: (text: string) => void,
): Promise<void> {
  if (database.engine === 'SQLite') {
    const file = new BetterSqlite3(join(database.config.dataDir, SQLITE_FILE_NAME), {
      readonly: true,
    })
    try {
      const rows = file.pragma('integrity_check') as { integrity_check: string }[]
      outcome.integrity = rows.map((row) => row.integrity_check).join('; ')
      if (outcome.integrity !== 'ok') problem(`integrity_check: ${outcome.integrity}`)
    } finally {
      file.close()
    }
  }

  const keyring = parseDataKeyring(
    { key: env.FORECOURT_DATA_KEY, keyId: undefined, oldKeys: undefined },
    [],
  )
  const { db, close } = createDatabase(database.config)
  try {
    const submissionRows = await db.selectFrom('submissions').selectAll().execute()
    const applicationRows = await db.selectFrom('applications').selectAll().execute()
    const deliveryRows = await db.selectFrom('deliveries').selectAll().execute()
    outcome.rows = {
      submissions: submissionRows.length,
      applications: applicationRows.length,
      deliveries: deliveryRows.length,
    }
    const group = <T>(rows: T[], key: (row: T) => string) => {
      const map = new Map<string, T[]>()
      for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row])
      return map
    }
    const submissionsByKey = group(submissionRows, (row) => row.submission_key)
    const applicationsByKey = group(applicationRows, (row) => row.application_key)
    const deliveriesByKey = group(deliveryRows, (row) => row.submission_key)
    const known = new Set(sent.map((submission) => submission.key))
    for (const key of new Set([
      ...submissionsByKey.keys(),
      ...applicationsByKey.keys(),
      ...deliveriesByKey.keys(),
    ])) {
      if (!known.has(key)) {
        outcome.strangers += 1
        problem(`${key}: stored but never sent`)
      }
    }

    for (const submission of sent) {
      const { key } = submission
      const idempotency = submissionsByKey.get(key) ?? []
      const applications = applicationsByKey.get(key) ?? []
      const deliveries = deliveriesByKey.get(key) ?? []
      const stored = idempotency.length + applications.length + deliveries.length > 0
      if (submission.firstAnswer === undefined) {
        if (!submission.reachedServer) {
          if (stored) {
            outcome.strangers += 1
            problem(`${key}: never reached the server, yet stored`)
          }
          continue
        }
        // In flight at a kill and never answered afterwards: stored once or not at all.
        outcome.inFlightUnresolved += 1
        if (!stored) continue
        outcome.inFlightUnresolvedStored += 1
      }
      if (idempotency.length === 0 || applications.length === 0) {
        if (submission.firstAnswer === undefined) outcome.inFlightBad += 1
        else outcome.lost += 1
        problem(
          `${key}: ${submission.firstAnswer === undefined ? 'in flight, stored in part' : 'answered 2xx, missing'}: ${idempotency.length} submission rows, ${applications.length} application rows, ${deliveries.length} outbox rows`,
        )
        continue
      }
      if (idempotency.length > 1 || applications.length > 1 || deliveries.length > 2) {
        if (submission.firstAnswer === undefined) outcome.inFlightBad += 1
        else outcome.doubled += 1
        problem(
          `${key}: stored more than once: ${idempotency.length} submission rows, ${applications.length} application rows, ${deliveries.length} outbox rows`,
        )
        continue
      }
      const wrong: string[] = []
      const [row] = idempotency
      const [application] = applications
      const sentBody = JSON.parse(submission.body) as unknown
      if (row?.body_hash !== bodyHash(sentBody)) wrong.push('body hash')
      if (row?.response_status !== 201) wrong.push(`answer status ${row?.response_status}`)
      if (row?.response_body !== expectedAnswer(key)) wrong.push('stored answer')
      if (submission.firstAnswer !== undefined && row?.response_body !== submission.firstAnswer) {
        wrong.push('stored answer differs from the one sent')
      }
      if (application?.status !== 'submitted') wrong.push(`status ${application?.status}`)
      if (application?.brand !== BRAND.id) wrong.push(`brand ${application?.brand}`)
      if (!application?.submitted_at) wrong.push('no submitted_at')
      try {
        const sealed = JSON.parse(application?.payload ?? 'null') as Record<string, unknown>
        if (sealedWith(sealed) === undefined) wrong.push('payload not encrypted')
        const opened = openPayload(sealed, keyring, payloadAad(key))
        const { asSent, stamped } = unstamped(opened)
        if (canonicalJson(asSent) !== canonicalJson(sentBody)) wrong.push('payload differs')
        if (!stamped) wrong.push('no address or time stamped by the server')
      } catch (error) {
        wrong.push(`payload unreadable (${error instanceof Error ? error.message : 'error'})`)
      }
      const destinations = deliveries.map((delivery) => delivery.destination_id).sort()
      if (destinations.join() !== [...LENDER_IDS].sort().join()) {
        wrong.push(`outbox rows for ${destinations.join(', ') || 'no lender'}`)
      }
      for (const delivery of deliveries) {
        if (delivery.status !== 'pending' || delivery.attempts !== 0) {
          wrong.push(`outbox row ${delivery.status} after ${delivery.attempts} attempts`)
        }
      }
      if (wrong.length > 0) {
        if (submission.firstAnswer === undefined) outcome.inFlightBad += 1
        else outcome.damaged += 1
        problem(`${key}: ${wrong.join(', ')}`)
      }
    }
    const { lost, doubled, damaged } = outcome
    if (lost + doubled + damaged > 0) {
      problem(`lost ${lost}, doubled ${doubled}, corrupted ${damaged} submissions`)
    }
  } catch (error) {
    problem(`reading the database: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    await close()
  }
}

// --- The scenario ---

export const run: FaultScenario = async (options: FaultOptions): Promise<FaultReport> => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const settings = options.quick ? QUICK : FULL
  const log = (line: string) => console.log(`  ${line}`)
  const outcomes: EngineOutcome[] = []

  const sqlite = await sqliteDatabase()
  try {
    outcomes.push(await crashEngine(sqlite, { ...settings, log }))
  } finally {
    await sqlite.drop()
  }
  const postgres = await postgresDatabase()
  if (postgres === undefined) {
    outcomes.push(notMeasured('PostgreSQL'))
  } else {
    try {
      outcomes.push(await crashEngine(postgres, { ...settings, log }))
    } finally {
      await postgres.drop()
    }
  }

  const passed = outcomes.every((outcome) => outcome.problems.length === 0)
  const markdown = crashReport({
    outcomes,
    settings,
    quick: options.quick,
    header: reportHeader({
      command: `npm run faults -- --only crash${options.quick ? ' --quick' : ''}`,
      startedAt,
      busyAtStart,
    }),
  })
  return { section: SECTION, heading: HEADING, markdown, passed }
}

/** An engine's outcome before anything happened: every count zero (also the report of an engine not run). */
function notMeasured(engine: EngineOutcome['engine']): EngineOutcome {
  return {
    engine,
    measured: false,
    kills: 0,
    killsWithRequestsInFlight: 0,
    restartMs: [],
    requests: 0,
    answered: 0,
    inFlight: 0,
    inFlightUnresolved: 0,
    inFlightUnresolvedStored: 0,
    inFlightRetried: 0,
    inFlightRetriedReplayed: 0,
    refused: 0,
    shed: 0,
    sameBodyRepeats: 0,
    otherBodyRepeats: 0,
    statuses: {},
    lost: 0,
    doubled: 0,
    damaged: 0,
    inFlightBad: 0,
    strangers: 0,
    wrongAnswers: { sameBody: 0, otherBody: 0, others: 0 },
    integrity: undefined,
    rows: { submissions: 0, applications: 0, deliveries: 0 },
    seconds: 0,
    problems: [],
  }
}

export function crashReport(input: {
  outcomes: EngineOutcome[]
  settings: CrashOptions
  quick: boolean
  header: string
}): string {
  const { settings } = input
  const number = (value: number) => value.toLocaleString('en-GB')
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  const notes: string[] = []
  for (const outcome of input.outcomes) {
    const name = outcome.engine
    if (!outcome.measured) {
      rows.push(`| ${name} | not measured: PostgreSQL unreachable | | **not measured** |`)
      notes.push(
        `- ${name} was not measured: the server at \`TEST_DATABASE_URL\` (default postgres://postgres@127.0.0.1:5432/test) did not answer.`,
      )
      continue
    }
    const ok = outcome.problems.length === 0
    const storedOk = outcome.lost + outcome.doubled + outcome.damaged === 0 && outcome.answered > 0
    const wrong = outcome.wrongAnswers
    rows.push(
      `| ${name}: SIGKILLs during the load | ${outcome.kills} (${outcome.killsWithRequestsInFlight} with requests in flight); back up after ${number(median(outcome.restartMs))} ms (median), ${number(Math.max(0, ...outcome.restartMs))} ms at most | ${settings.kills} | ${verdict(outcome.kills === settings.kills)} |`,
      `| ${name}: submissions answered 2xx | ${number(outcome.answered)}: ${outcome.lost} lost, ${outcome.doubled} stored twice, ${outcome.damaged} damaged | every one there, once, intact | ${verdict(storedOk)} |`,
      `| ${name}: in flight at a kill (no answer) | ${number(outcome.inFlight)}; ${number(outcome.inFlightRetried)} sent again and answered (${number(outcome.inFlightRetriedReplayed)} of them already stored: replayed); ${number(outcome.inFlightUnresolved)} never answered: ${number(outcome.inFlightUnresolvedStored - outcome.inFlightBad)} stored once, ${number(outcome.inFlightUnresolved - outcome.inFlightUnresolvedStored)} not stored, ${outcome.inFlightBad} stored in part, twice or damaged | stored whole once or not at all | ${verdict(outcome.inFlightBad === 0 && outcome.strangers === 0)} |`,
      `| ${name}: same key, same body after a restart | ${number(outcome.sameBodyRepeats)}; ${wrong.sameBody} not the first answer | the first answer again, replayed | ${verdict(outcome.sameBodyRepeats > 0 && wrong.sameBody === 0)} |`,
      `| ${name}: same key, other body after a restart | ${number(outcome.otherBodyRepeats)}; ${wrong.otherBody} not 409 | 409 | ${verdict(outcome.otherBodyRepeats > 0 && wrong.otherBody === 0)} |`,
      `| ${name}: every other request | ${wrong.others} with a wrong status or text, a lost connection while the server was up, or a timeout | none | ${verdict(wrong.others === 0)} |`,
    )
    if (outcome.integrity !== undefined) {
      rows.push(
        `| ${name}: \`PRAGMA integrity_check\` after the kills | ${outcome.integrity} | ok | ${verdict(outcome.integrity === 'ok')} |`,
      )
    }
    const statuses = Object.entries(outcome.statuses)
      .map(([status, count]) => `${number(count)} × ${status}`)
      .join(', ')
    notes.push(
      `- ${name} (${outcome.seconds} s): ${number(outcome.requests)} requests (${statuses || 'no answer at all'}; ${number(outcome.inFlight)} cut off by a kill; ${number(outcome.refused)} refused at connection and ${number(outcome.shed)} answered 503, each sent again); afterwards ${number(outcome.rows.submissions)} submission rows, ${number(outcome.rows.applications)} application rows, ${number(outcome.rows.deliveries)} outbox rows.${ok ? '' : ` **Problems:** ${outcome.problems.slice(0, 10).join('; ')}.`}`,
    )
  }
  return [
    input.header,
    '',
    ...rows,
    '',
    ...notes,
    `- How: the real server (the compiled \`apps/server/dist/server.js\`, started as \`npm start\` starts it, production mode, \`FORECOURT_DATA_KEY\` set, two lenders for the brand, delivery worker off so the outbox rows stay as written) on a temporary SQLite file (WAL, \`synchronous=FULL\`) and then on a throw-away PostgreSQL schema. ${settings.clients} clients send \`POST /api/submission/<new UUID>\` one after another without pause, each body valid and different (names, email, loan amount, income). Once answers flow after each start, the server is killed with SIGKILL after a random ${settings.killAfterMs[0]}–${settings.killAfterMs[1]} ms and started again on the same database and port; the clients hold their anti-forgery pair and carry on.`,
    `- After each restart: ${settings.repeatsPerRestart} answered keys sent again with the same body (must be 201, \`Idempotent-Replayed: true\`, the first answer byte for byte), ${settings.repeatsPerRestart} with one answer changed (must be 409 with the conflict message), and every other request the kill left without an answer sent again with its body (must be 201 with the expected answer, replayed or not).`,
    '- Checked afterwards in the database, key by key: every key answered 2xx has exactly one submission row (body hash of the body sent, status 201, the answer sent), one application row (status submitted, brand, the payload sealed with the data key and, opened with the repository’s own code, equal to the body sent) and one outbox row per lender (pending, no attempt); a key a kill left unanswered is stored whole once or not at all; a key refused at connection is not stored; no row belongs to a key never sent. Every answer had the expected status and text; any other status, a request without an answer while the server was up, or a timeout fails the run.',
    '- A SIGKILL ends the process, not the machine: what the operating system had accepted stays in its page cache. So this shows that no answer runs ahead of its commit and that a killed writer leaves nothing half-written; surviving a power cut rests on `synchronous=FULL` (and PostgreSQL’s `fsync`) syncing each commit before the answer, which a process kill cannot show.',
    input.quick ? '- A `--quick` run: 3 kills; the full run kills 20 times.' : '',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}

function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1))
    const item = items[i] as T
    items[i] = items[j] as T
    items[j] = item
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

// Alone, like under `npm run faults`: a full run writes its section unless --no-report; --quick never does.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick')
  const report = await run({ quick })
  console.log(`\n${report.markdown}\n`)
  if (!quick && !process.argv.includes('--no-report')) {
    writeReportSection(report.section, report.heading, report.markdown)
    console.log(`Written to docs/benchmarks.md, section ${report.section}`)
  }
  console.log(report.passed ? 'crash: passed' : 'crash: FAILED')
  process.exit(report.passed ? 0 : 1)
}
