// Forecourt on more than one machine: three API instances and two delivery workers, each its own process,
// behind a real load balancer (HAProxy, installed from Debian's packages when missing), on PostgreSQL with
// the rate-limit counters in Redis. Under a submission load one instance and one worker are killed with
// SIGKILL and started again, in one or more rounds. Then, checked from outside:
// - every acknowledged submission is stored once, intact, with one outbox row per lender;
// - every delivery is made once to the fake lenders (which verify each signature and accept each
//   Idempotency-Key once); a repeat is allowed only for a delivery the killed worker held;
// - the same key sent to two instances at once is stored once (same body: one fresh answer and one
//   replay; another body: one 201 and one 409);
// - the rate limit is one budget across the instances: one client gets exactly its budget through the
//   balancer, the refusals come from several instances, and Redis holds one counter of every request;
// and measured: how long until the balancer and the clients were past the kill, the instance and the
// worker back, and the killed worker's deliveries made again (after its 60 s lease).
// Alone: `node --import tsx apps/server/faults/cluster.ts [--quick] [--no-report]`; the fast version is
// apps/server/test/cluster.test.ts. Decision record: docs/decisions/1681-cluster-fault-scenario.md.

import { randomBytes, randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { Redis } from 'ioredis'
import { brands } from '@forecourt/domain/brands/brand-data'
import { openPayload, parseDataKeyring } from '../src/crypto/field-encryption'
import { createDatabase, type Database } from '../src/db/database'
import { RATE_LIMIT_NAMESPACE, TOO_MANY_REQUESTS } from '../src/plugins/rate-limit'
import { payloadAad } from '../src/repositories/application-repository'
import { bodyHash, canonicalJson } from '../src/repositories/submission-repository'
import { SUBMISSION_MESSAGES, submissionReference } from '../src/routes/api/submission'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import { startFakeLender, type FakeLender } from '../test/fake-lender'
import { redactPassword, withAdminClient } from '../test/test-databases'
import { crashBody } from './crash'
import type { FaultOptions, FaultReport, FaultScenario } from './fault-report'
import {
  addressPlan,
  httpFrom,
  type AddressPlan,
  type HttpResult,
} from './support/client-addresses'
import {
  ensureHaproxy,
  findHaproxy,
  HEALTH_CHECK,
  INSTANCE_HEADER,
  startHaproxy,
  type LoadBalancer,
} from './support/load-balancer'
import { busyness, reportHeader } from './support/machine'
import {
  faultServerEnv,
  freePort,
  postgresDatabase,
  startServer,
  TEST_POSTGRES_URL,
  type FaultDatabase,
  type ServerChild,
} from './support/server-child'
import { startWorker, type WorkerChild } from './support/worker-child'

export const SECTION = 'faults:cluster'
export const HEADING =
  'Several instances behind a load balancer (SIGKILL of an instance and a worker)'

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const BRAND = brands.carfinance
const INSTANCES = 3
const WORKERS = 2
export const LENDERS = ['lender-a', 'lender-b'] as const
type LenderId = (typeof LENDERS)[number]
/** Submissions and partial saves per client and minute, as configured by default. */
const WRITES_PER_MINUTE = 60
/** The delivery worker's lease (apps/server/src/delivery/worker.ts): a killed worker's rows wait this long. */
const WORKER_LEASE_MS = 60_000
/**
 * Five processes compiling TypeScript through tsx at once: seconds on a quiet machine, over a minute on a
 * shared one that is busy.
 */
const START_TIMEOUT_MS = 180_000
/** The browser's own limit on one attempt. */
const ATTEMPT_TIMEOUT_MS = 20_000
/** An applicant who still has no answer after this long gives up (the browser would keep trying). */
const GIVE_UP_MS = 60_000

export interface ClusterOptions {
  /** Applicants, each with one submission under a new key, from an address of its own. */
  submissions: number
  /** Applicants per second, open loop: they arrive on time whatever the answers. */
  ratePerSecond: number
  /** The rate after the planned applicants, while a restarted instance is not serving again yet. */
  tailRatePerSecond: number
  /** Rounds of the fault: each kills one instance and one worker, then starts both again. */
  rounds: number
  /** Keys sent with the same body to two instances at once. */
  samePairs: number
  /** Keys sent with two different bodies to two instances at once. */
  conflictPairs: number
  /**
   * Wait until the killed workers' leases run out and their deliveries are made again (about a minute).
   * Without it the run ends once every other delivery is made, and checks that the rows left are exactly
   * the killed workers' own, still leased.
   */
  waitForLeases: boolean
  /** Every lender answer waits this long, so a killed worker has attempts in flight. */
  lenderDelayMs: number
  /** Listen on basePort (balancer), +1…+3 (instances), +4, +5 (lenders); free ports when undefined. */
  basePort?: number
  log?: (line: string) => void
}

export const FULL: ClusterOptions = {
  submissions: 3000,
  ratePerSecond: 20,
  tailRatePerSecond: 20,
  rounds: 3,
  samePairs: 100,
  conflictPairs: 50,
  waitForLeases: true,
  lenderDelayMs: 20,
}

export const QUICK: ClusterOptions = {
  submissions: 400,
  ratePerSecond: 20,
  tailRatePerSecond: 20,
  rounds: 1,
  samePairs: 20,
  conflictPairs: 10,
  waitForLeases: true,
  lenderDelayMs: 20,
}

/**
 * FAULTS_CLUSTER_BASE_PORT: the first of six ports to listen on (balancer, three instances, two lenders),
 * for a machine where only some ports may be used; free ports from the system otherwise.
 */
export function basePortFromEnv(): number | undefined {
  const value = process.env.FAULTS_CLUSTER_BASE_PORT
  if (value === undefined || value === '') return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65_530) {
    throw new Error(`FAULTS_CLUSTER_BASE_PORT must be a port number, not "${value}"`)
  }
  return port
}

// --- What is needed before anything starts ---

export type Preconditions = { ok: true; haproxy: string } | { ok: false; reason: string }

/**
 * HAProxy, PostgreSQL and Redis. With `install`, HAProxy is installed when missing (the fault run); the fast
 * test never installs anything, and skips instead.
 */
export async function clusterPreconditions(options: {
  install: boolean
  log?: (line: string) => void
}): Promise<Preconditions> {
  const log = options.log ?? (() => undefined)
  let haproxy: string | undefined
  if (options.install) {
    const ensured = ensureHaproxy(log)
    if ('reason' in ensured) return { ok: false, reason: ensured.reason }
    haproxy = ensured.binary
  } else {
    haproxy = findHaproxy()
    if (haproxy === undefined) {
      return { ok: false, reason: 'HAProxy is not installed (apt-get install -y haproxy)' }
    }
  }
  try {
    await withAdminClient(TEST_POSTGRES_URL, (client) => client.query('select 1'))
  } catch {
    return {
      ok: false,
      reason: `PostgreSQL unreachable at ${redactPassword(TEST_POSTGRES_URL)} (set TEST_DATABASE_URL)`,
    }
  }
  if (!(await redisAnswers(TEST_REDIS_URL))) {
    return {
      ok: false,
      reason: `Redis unreachable at ${redactPassword(TEST_REDIS_URL)} (set TEST_REDIS_URL)`,
    }
  }
  return { ok: true, haproxy }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

// --- The outcome ---

export interface Round {
  /** When the kill came (ms since the epoch). */
  killedAt: number
  instance: string
  /** The worker's place (1 or 2) among the workers. */
  worker: number
  /** Attempts that failed from the kill until the next round (502 from the balancer, or a lost connection). */
  clientFailures: number
  /** Those failures by kind: '502 from HAProxy', '503 from api-2', 'network', … */
  clientFailureKinds: Record<string, number>
  /** Kill → the last of those failures; 0 when the clients saw none. */
  clientErrorsForMs: number
  /** Kill → the balancer marks the instance DOWN (0 when it was already DOWN at the kill). */
  balancerDownMs: number | undefined
  /** The balancer had taken the instance out before the kill (its probes failed on a busy machine). */
  alreadyDown: boolean
  /** Kill → the restarted instance answers /api/ready. */
  instanceReadyMs: number | undefined
  /** Kill → the balancer marks it UP again. */
  balancerUpMs: number | undefined
  /** Kill → the first answer through the balancer from the restarted instance. */
  firstServedMs: number | undefined
  /** Deliveries the killed worker held (claimed, unrecorded) when it died. */
  workerHeld: number
  /** Kill → the restarted worker claims again. */
  workerBackMs: number | undefined
  /** Kill → the last delivery the killed worker held is made by another (undefined: not waited for). */
  heldDeliveredMs: number | undefined
}

export interface ClusterOutcome {
  /** False when the run was skipped: the reason is in `skipped`, nothing else was measured. */
  measured: boolean
  skipped?: string
  haproxyVersion: string
  settings: ClusterOptions
  /** Applicants sent, acknowledged 2xx, and given up without an answer. */
  applicants: number
  acknowledged: number
  gaveUp: number
  attempts: number
  /** Applicants who needed more than one attempt, and those whose later attempt was answered as a replay. */
  retried: number
  retriedReplayed: number
  /** Every answer by status, and failures without one. */
  statuses: Record<string, number>
  failures: { refused: number; network: number; timeout: number }
  /** Failed attempts before the first kill, by kind (503 from an instance shedding load is allowed). */
  failuresBeforeKills: Record<string, number>
  /** 201 answers through the balancer by instance name. */
  servedBy: Record<string, number>
  /** The generator's worst lag behind its schedule (ms). */
  generatorLagMs: number
  rounds: Round[]
  stored: {
    submissions: number
    applications: number
    deliveries: number
    /** Acknowledged keys missing, stored twice, or stored other than sent. */
    lost: number
    doubled: number
    damaged: number
    /** Rows of keys never sent, or of requests refused before they were read. */
    strangers: number
  }
  deliveries: {
    rows: number
    delivered: number
    /** Rows still held by a killed worker's lease at the end (only without waitForLeases). */
    stillLeased: number
    /** Rows in any other state at the end: a failure. */
    other: number
    /** Requests the lenders received, distinct keys accepted, keys accepted twice. */
    received: number
    accepted: number
    acceptedTwice: number
    /** Requests beyond the first for a key (answered as duplicates), and those not from a killed worker's rows. */
    repeats: number
    repeatsUnexplained: number
    badSignatures: number
    /** Accepted bodies that differ from what was acknowledged, or under another webhook id than the row's. */
    wrongBodies: number
    /** End of the load → every delivery made (or, without waitForLeases, every one not leased). */
    allMadeAfterMs: number | undefined
  }
  samePairs: { sent: number; wrong: number }
  conflictPairs: { sent: number; wrong: number }
  rateLimit: {
    budget: number
    sent: number
    accepted: number
    refused: number
    byInstance: Record<string, { accepted: number; refused: number }>
    /** The counter for the client in Redis afterwards. */
    redisCount: number | undefined
    /** Refused requests whose key was stored anyway: must be 0. */
    refusedStored: number
  }
  problems: string[]
  seconds: number
}

export function emptyOutcome(settings: ClusterOptions): ClusterOutcome {
  return {
    measured: false,
    haproxyVersion: '',
    settings,
    applicants: 0,
    acknowledged: 0,
    gaveUp: 0,
    attempts: 0,
    retried: 0,
    retriedReplayed: 0,
    statuses: {},
    failures: { refused: 0, network: 0, timeout: 0 },
    failuresBeforeKills: {},
    servedBy: {},
    generatorLagMs: 0,
    rounds: [],
    stored: {
      submissions: 0,
      applications: 0,
      deliveries: 0,
      lost: 0,
      doubled: 0,
      damaged: 0,
      strangers: 0,
    },
    deliveries: {
      rows: 0,
      delivered: 0,
      stillLeased: 0,
      other: 0,
      received: 0,
      accepted: 0,
      acceptedTwice: 0,
      repeats: 0,
      repeatsUnexplained: 0,
      badSignatures: 0,
      wrongBodies: 0,
      allMadeAfterMs: undefined,
    },
    samePairs: { sent: 0, wrong: 0 },
    conflictPairs: { sent: 0, wrong: 0 },
    rateLimit: {
      budget: WRITES_PER_MINUTE,
      sent: 0,
      accepted: 0,
      refused: 0,
      byInstance: {},
      redisCount: undefined,
      refusedStored: 0,
    },
    problems: [],
    seconds: 0,
  }
}

// --- The cluster ---

interface Cluster {
  /** Watches that run beside the load (a killed worker's deliveries); ended by `stopping`. */
  background: Promise<void>[]
  stopping: boolean
  /** Every 201 through the balancer, in order: which instance answered, and when. */
  served: { name: string; at: number }[]
  env: Record<string, string>
  workerEnv: Record<string, string>
  database: FaultDatabase
  /** A connection of this process's own, to look at the rows as an operator would. */
  checker: Database
  instances: { name: string; port: number; child: ServerChild }[]
  workers: WorkerChild[]
  balancer: LoadBalancer
  lenders: Record<(typeof LENDERS)[number], FakeLender>
}

const instanceName = (index: number) => `api-${index + 1}`

export function expectedAnswer(key: string): string {
  return JSON.stringify({
    submissionKey: key,
    reference: submissionReference(key),
    status: 'received',
  })
}

/** The anti-forgery pair, fetched as a browser would, from `from`. */
async function antiForgery(url: string, from: string): Promise<Record<string, string>> {
  const result = await httpFrom({ from, url: `${url}/api/csrf` })
  if (result.kind !== 'answered' || result.status !== 200) {
    throw new Error(`GET /api/csrf: ${result.kind === 'answered' ? result.status : result.kind}`)
  }
  const cookie = result.headers['set-cookie']?.split(';')[0]
  if (cookie === undefined) throw new Error('GET /api/csrf set no cookie')
  const { token } = JSON.parse(result.body) as { token: string }
  return { cookie, 'x-csrf-token': token }
}

function submit(input: {
  url: string
  from: string
  key: string
  body: string
  headers: Record<string, string>
}): Promise<HttpResult> {
  return httpFrom({
    from: input.from,
    url: `${input.url}/api/submission/${input.key}`,
    method: 'POST',
    headers: { ...input.headers, 'content-type': 'application/json' },
    body: input.body,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
  })
}

/**
 * '201', or an error with who gave it: '503 from api-2' (an instance: load shed, database too slow) or
 * '502 from HAProxy' (the instance died under the request, or none was available).
 */
function answerLabel(result: HttpResult & { kind: 'answered' }): string {
  if (result.status < 300) return String(result.status)
  return `${result.status} from ${result.headers[INSTANCE_HEADER] ?? 'HAProxy'}`
}

/** What the browser sends again: any 5xx, 429, 408, and a request that got no answer. */
function worthRetrying(result: HttpResult): boolean {
  if (result.kind !== 'answered') return true
  return result.status >= 500 || result.status === 429 || result.status === 408
}

export interface Sent {
  key: string
  /** The body whose answer was 2xx (for a conflict pair: the winner's). */
  body: string
  acknowledged: boolean
  /** True when it may have reached an instance, so it may be stored. */
  mayBeStored: boolean
}

export async function clusterRun(
  options: ClusterOptions,
  haproxyBinary: string,
): Promise<ClusterOutcome> {
  const started = Date.now()
  const log = (line: string) =>
    options.log?.(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line}`)
  const outcome = emptyOutcome(options)
  outcome.measured = true
  const problem = (text: string) => {
    if (outcome.problems.length < 50) outcome.problems.push(text)
    else if (outcome.problems.length === 50) outcome.problems.push('… more problems not listed')
  }
  const addresses = addressPlan()
  const sent = new Map<string, Sent>()
  const killedWorkerIds = new Set<string>()
  const heldRows = new Map<string, number>() // delivery id → round index
  let cluster: Cluster | undefined
  let database: FaultDatabase | undefined

  try {
    database = await postgresDatabase()
    if (database === undefined) throw new Error('PostgreSQL went away')
    cluster = await startCluster(options, haproxyBinary, database, addresses, log)
    outcome.haproxyVersion = cluster.balancer.version
    const headers = await antiForgery(cluster.balancer.url, addresses.direct)

    const loadEndedAt = await runLoadWithKills(
      cluster,
      options,
      addresses,
      headers,
      outcome,
      sent,
      killedWorkerIds,
      heldRows,
      problem,
      log,
    )
    await everyInstanceServes(cluster, addresses, problem)
    log('the same key at two instances at once')
    await sameKeyAtTwoInstances(cluster, options, addresses, headers, outcome, sent, problem)
    log('one client through the balancer, twice its budget')
    await rateLimitAcrossInstances(cluster, addresses, headers, outcome, sent, problem)
    // At once: the counter lives for the rate-limit window only.
    await checkRedis(addresses, outcome, problem)
    firstServedAfterRestart(cluster, outcome)
    await waitForDeliveries(cluster, options, outcome, killedWorkerIds, loadEndedAt, log)
  } catch (error) {
    problem(`the run stopped: ${error instanceof Error ? error.message : String(error)}`)
  }

  try {
    if (cluster !== undefined) {
      log('stopping the cluster')
      await stopCluster(cluster)
      log('checking every row and every delivery')
      const deliveryRows = await checkStored(
        cluster.checker,
        cluster.env.FORECOURT_DATA_KEY,
        outcome,
        sent,
        problem,
      )
      checkDeliveries(
        cluster.lenders,
        options,
        outcome,
        sent,
        deliveryRows,
        killedWorkerIds,
        heldRows,
        problem,
      )
    }
  } catch (error) {
    problem(`the checks stopped: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    if (cluster !== undefined) {
      const { checker, lenders } = cluster
      await checker.close().catch(() => undefined)
      await Promise.all(
        Object.values(lenders).map((lender) => lender.close().catch(() => undefined)),
      )
    }
    await forgetRateLimits(addresses).catch(() => undefined)
    await database?.drop()
  }
  log(
    `done: ${outcome.problems.length === 0 ? 'no problem' : `${outcome.problems.length} problems`}`,
  )
  for (const [index, round] of outcome.rounds.entries()) {
    if (options.waitForLeases && round.workerHeld > 0 && round.heldDeliveredMs === undefined) {
      problem(`round ${index + 1}: the deliveries the killed worker held were never made again`)
    }
  }
  outcome.seconds = Math.round((Date.now() - started) / 1000)
  return outcome
}

async function startCluster(
  options: ClusterOptions,
  haproxyBinary: string,
  database: FaultDatabase,
  addresses: AddressPlan,
  log: (line: string) => void,
): Promise<Cluster> {
  const port = async (offset: number) =>
    options.basePort === undefined ? freePort() : options.basePort + offset
  const secret = () => `whsec_${randomBytes(32).toString('base64')}`
  const secrets = { 'lender-a': secret(), 'lender-b': secret() }
  const lenders = {
    'lender-a': await startFakeLender({
      secret: secrets['lender-a'],
      delayMs: options.lenderDelayMs,
      port: await port(4),
    }),
    'lender-b': await startFakeLender({
      secret: secrets['lender-b'],
      delayMs: options.lenderDelayMs,
      port: await port(5),
    }),
  }
  const env = {
    ...faultServerEnv(),
    ...database.env,
    LOG_LEVEL: 'warn',
    REDIS_URL: TEST_REDIS_URL,
    // The balancer's address: only it is believed about X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '120',
    DELIVERY_WORKER: 'off',
    LENDER_DESTINATIONS: JSON.stringify({
      [BRAND.id]: LENDERS.map((id) => ({ id, url: lenders[id].url, secret: secrets[id] })),
    }),
  }
  // The worker says it has started (with the id it claims rows under) at info level.
  const workerEnv = { ...env, LOG_LEVEL: 'info' }
  log(
    `PostgreSQL schema ${new URL(database.env.DATABASE_URL ?? '').searchParams.get('options') ?? ''}, clients from 127.${addresses.octet}.*`,
  )
  const ports = await Promise.all(Array.from({ length: INSTANCES }, (_, index) => port(1 + index)))
  const balancerPort = await port(0)
  // All at once, as an orchestrator starts them: they migrate one fresh schema together.
  log(`starting ${INSTANCES} API instances and ${WORKERS} delivery workers`)
  const started = await Promise.allSettled([
    ...ports.map((instancePort) =>
      startServer({ env, port: instancePort, timeoutMs: START_TIMEOUT_MS }),
    ),
    ...Array.from({ length: WORKERS }, () =>
      startWorker({ env: workerEnv, timeoutMs: START_TIMEOUT_MS }),
    ),
  ])
  const running = started.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []))
  const giveUp = async (reason: unknown) => {
    await Promise.all(running.map((child) => child.kill()))
    await Promise.all(Object.values(lenders).map((lender) => lender.close()))
    throw reason instanceof Error ? reason : new Error(String(reason))
  }
  const failed = started.find((entry) => entry.status === 'rejected')
  if (failed !== undefined) return giveUp(failed.reason)
  const children = running.slice(0, INSTANCES) as ServerChild[]
  const workers = running.slice(INSTANCES) as WorkerChild[]
  const instances = children.map((child, index) => ({
    name: instanceName(index),
    port: ports[index] ?? 0,
    child,
  }))
  let balancer: LoadBalancer
  try {
    balancer = await startHaproxy({
      binary: haproxyBinary,
      port: balancerPort,
      backends: instances.map((instance) => ({ name: instance.name, port: instance.port })),
    })
  } catch (error) {
    return giveUp(error)
  }
  log(`HAProxy ${balancer.version} on ${balancer.url} in front of ${ports.join(', ')}`)
  return {
    background: [],
    stopping: false,
    served: [],
    env,
    workerEnv,
    database,
    checker: createDatabase(database.config),
    instances,
    workers,
    balancer,
    lenders,
  }
}

async function stopCluster(cluster: Cluster): Promise<void> {
  cluster.stopping = true
  await Promise.all(cluster.background)
  await cluster.balancer.stop()
  await Promise.all([
    ...cluster.workers.map((worker) => worker.stop()),
    ...cluster.instances.map((instance) => instance.child.stop()),
  ])
}

// --- The load and the kills ---

interface Failure {
  at: number
  kind: string
}

async function runLoadWithKills(
  cluster: Cluster,
  options: ClusterOptions,
  addresses: AddressPlan,
  headers: Record<string, string>,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  killedWorkerIds: Set<string>,
  heldRows: Map<string, number>,
  problem: (text: string) => void,
  log: (line: string) => void,
): Promise<number> {
  const failures: Failure[] = []
  const note = (name: string | undefined) => {
    if (name === undefined) return
    outcome.servedBy[name] = (outcome.servedBy[name] ?? 0) + 1
    cluster.served.push({ name, at: Date.now() })
  }

  const applicant = async (index: number) => {
    const key = randomUUID()
    const body = crashBody(key, index)
    const record: Sent = { key, body, acknowledged: false, mayBeStored: false }
    sent.set(key, record)
    const from = addresses.applicant(index)
    const began = Date.now()
    let attempt = 0
    for (;;) {
      attempt += 1
      outcome.attempts += 1
      const result = await submit({ url: cluster.balancer.url, from, key, body, headers })
      if (result.kind !== 'refused') record.mayBeStored = true
      if (result.kind === 'answered') {
        const status = answerLabel(result)
        outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1
      } else {
        outcome.failures[result.kind] += 1
      }
      if (!worthRetrying(result) && result.kind === 'answered') {
        if (result.status !== 201 || result.body !== expectedAnswer(key)) {
          problem(`applicant ${index} (${key}): ${result.status} ${result.body.slice(0, 200)}`)
          return
        }
        record.acknowledged = true
        outcome.acknowledged += 1
        note(result.headers[INSTANCE_HEADER])
        if (attempt > 1) {
          outcome.retried += 1
          if (result.headers['idempotent-replayed'] === 'true') outcome.retriedReplayed += 1
        } else if (result.headers['idempotent-replayed'] === 'true') {
          problem(`applicant ${index} (${key}): a first attempt answered as a replay`)
        }
        return
      }
      failures.push({
        at: Date.now(),
        kind: result.kind === 'answered' ? answerLabel(result) : result.kind,
      })
      if (Date.now() - began > GIVE_UP_MS) {
        outcome.gaveUp += 1
        problem(
          `applicant ${index} (${key}): no answer after ${attempt} attempts in ${GIVE_UP_MS} ms`,
        )
        return
      }
      // The browser's backoff, shortened: 100 ms, 200 ms, … up to 2 s.
      await sleep(Math.min(100 * 2 ** (attempt - 1), 2000))
    }
  }

  const durationMs = (options.submissions / options.ratePerSecond) * 1000
  const loadStartedAt = Date.now()
  const killTimes = Array.from(
    { length: options.rounds },
    (_, round) => loadStartedAt + (durationMs * (round + 0.4)) / options.rounds,
  )
  const roundStarts: number[] = []
  // The load goes on until the last round's instance serves again, so every recovery happens under load.
  let roundsDone = false

  const kills = (async () => {
    for (const [round, killAt] of killTimes.entries()) {
      await sleep(Math.max(0, killAt - Date.now()))
      // The load must be flowing through every instance first.
      while (outcome.acknowledged === 0) await sleep(20)
      const target = cluster.instances[round % INSTANCES]
      const workerIndex = round % WORKERS
      const worker = cluster.workers[workerIndex]
      if (target === undefined || worker === undefined)
        throw new Error('no such instance or worker')
      // The worker is killed while it has attempts in flight (the case that leaves rows leased), if that
      // comes within a few seconds.
      const busyBy = Date.now() + 5000
      while (Date.now() < busyBy && !(await holdsDeliveries(cluster, worker.workerId))) {
        await sleep(20)
      }
      const killedAt = Date.now()
      roundStarts.push(killedAt)
      await Promise.all([target.child.kill(), worker.kill()])
      killedWorkerIds.add(worker.workerId)
      // The rows the dead worker had claimed and not recorded: they wait for its lease to run out.
      const held = await cluster.checker.db
        .selectFrom('deliveries')
        .select('id')
        .where('status', '=', 'in_flight')
        .where('locked_by', '=', worker.workerId)
        .execute()
      for (const row of held) heldRows.set(row.id, round)
      log(
        `round ${round + 1}: SIGKILL ${target.name} and worker ${workerIndex + 1} (holding ${held.length} deliveries), ${outcome.acknowledged} acknowledged so far`,
      )
      const entry: Round = {
        killedAt,
        instance: target.name,
        worker: workerIndex + 1,
        clientFailures: 0,
        clientFailureKinds: {},
        clientErrorsForMs: 0,
        balancerDownMs: undefined,
        alreadyDown: false,
        instanceReadyMs: undefined,
        balancerUpMs: undefined,
        firstServedMs: undefined,
        workerHeld: held.length,
        workerBackMs: undefined,
        heldDeliveredMs: undefined,
      }
      outcome.rounds.push(entry)
      cluster.background.push(
        watchHeld(
          cluster,
          held.map((row) => row.id),
          entry,
        ),
      )
      const [instanceBack, workerBack] = await Promise.allSettled([
        startServer({ env: cluster.env, port: target.port, timeoutMs: START_TIMEOUT_MS }).then(
          (child) => {
            entry.instanceReadyMs = Date.now() - killedAt
            target.child = child
          },
        ),
        startWorker({ env: cluster.workerEnv, timeoutMs: START_TIMEOUT_MS }).then((child) => {
          entry.workerBackMs = Date.now() - killedAt
          cluster.workers[workerIndex] = child
        }),
      ])
      for (const settled of [instanceBack, workerBack]) {
        if (settled.status === 'rejected') {
          problem(`round ${round + 1}: restart failed: ${String(settled.reason)}`)
        }
      }
      try {
        const up = await cluster.balancer.waitFor(target.name, 'UP', 30_000)
        entry.balancerUpMs = up - killedAt
      } catch (error) {
        problem(`round ${round + 1}: ${error instanceof Error ? error.message : String(error)}`)
      }
      const changes = cluster.balancer.changes().filter((change) => change.name === target.name)
      const before = changes.filter((change) => change.at < killedAt).at(-1)
      const down = changes.find((change) => change.status === 'DOWN' && change.at >= killedAt)
      if (before?.status === 'DOWN') {
        // Already out of rotation when it was killed (its probes had failed): nothing to notice.
        entry.balancerDownMs = 0
        entry.alreadyDown = true
      } else if (down !== undefined) {
        entry.balancerDownMs = down.at - killedAt
      } else {
        problem(`round ${round + 1}: HAProxy never marked ${target.name} DOWN`)
      }
      // Back in rotation means serving the load again; the next round waits for that.
      const back = killedAt + (entry.instanceReadyMs ?? 0)
      const serving = Date.now() + 30_000
      while (
        Date.now() < serving &&
        !cluster.served.some((answer) => answer.name === target.name && answer.at >= back)
      ) {
        await sleep(50)
      }
      log(
        `round ${round + 1}: ${target.name} ready after ${entry.instanceReadyMs} ms, UP in HAProxy after ${entry.balancerUpMs} ms; worker back after ${entry.workerBackMs} ms`,
      )
    }
  })().finally(() => (roundsDone = true))

  const tasks: Promise<void>[] = []
  let inFlight = 0
  for (
    let index = 0;
    index < options.submissions || (!roundsDone && index < options.submissions * 4);
    index += 1
  ) {
    // Past the planned count (a round still waiting for its instance to serve again), at the tail rate.
    const due =
      loadStartedAt +
      (Math.min(index, options.submissions) * 1000) / options.ratePerSecond +
      (Math.max(0, index - options.submissions) * 1000) / options.tailRatePerSecond
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    else outcome.generatorLagMs = Math.max(outcome.generatorLagMs, -wait)
    inFlight += 1
    outcome.applicants += 1
    tasks.push(applicant(index).finally(() => (inFlight -= 1)))
  }
  await Promise.all(tasks)
  const loadEndedAt = Date.now()
  await kills
  log(
    `load done: ${outcome.acknowledged} of ${outcome.applicants} acknowledged, ${inFlight} in flight`,
  )

  for (const [round, entry] of outcome.rounds.entries()) {
    const from = roundStarts[round] ?? 0
    const to = roundStarts[round + 1] ?? Number.POSITIVE_INFINITY
    const inRound = failures.filter((failure) => failure.at >= from && failure.at < to)
    entry.clientFailures = inRound.length
    entry.clientErrorsForMs =
      inRound.length === 0 ? 0 : Math.max(...inRound.map((f) => f.at)) - from
    entry.clientFailureKinds = tally(inRound.map((failure) => failure.kind))
  }
  // Before any kill an instance may shed load (503 with Retry-After, by design); anything else means the
  // cluster failed with every process up.
  const early = failures.filter(
    (failure) => failure.at < (roundStarts[0] ?? Number.POSITIVE_INFINITY),
  )
  outcome.failuresBeforeKills = tally(early.map((failure) => failure.kind))
  const unexpected = early.filter((failure) => !/^503 from api-\d+$/.test(failure.kind))
  if (unexpected.length > 0) {
    problem(
      `${unexpected.length} failed attempts before any kill (${Object.entries(
        tally(unexpected.map((f) => f.kind)),
      )
        .map(([kind, count]) => `${count} × ${kind}`)
        .join(', ')})`,
    )
  }
  return loadEndedAt
}

function tally(kinds: string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1
  return counts
}

/** Kill → the first 201 through the balancer from the restarted instance (the load's, or the probe's). */
function firstServedAfterRestart(cluster: Cluster, outcome: ClusterOutcome): void {
  for (const round of outcome.rounds) {
    if (round.instanceReadyMs === undefined) continue
    const back = round.killedAt + round.instanceReadyMs
    const served = cluster.served.find(
      (answer) => answer.name === round.instance && answer.at >= back,
    )
    round.firstServedMs = served === undefined ? undefined : served.at - round.killedAt
  }
}

async function holdsDeliveries(cluster: Cluster, workerId: string): Promise<boolean> {
  const row = await cluster.checker.db
    .selectFrom('deliveries')
    .select('id')
    .where('status', '=', 'in_flight')
    .where('locked_by', '=', workerId)
    .executeTakeFirst()
  return row !== undefined
}

/** After the kills every instance is in rotation and answers through the balancer. */
async function everyInstanceServes(
  cluster: Cluster,
  addresses: AddressPlan,
  problem: (text: string) => void,
): Promise<void> {
  const seen = new Set<string>()
  for (let i = 0; i < INSTANCES * 4; i += 1) {
    const result = await httpFrom({
      from: addresses.direct,
      url: `${cluster.balancer.url}/api/health`,
    })
    if (result.kind === 'answered' && result.status === 200) {
      const name = result.headers[INSTANCE_HEADER]
      if (name !== undefined) seen.add(name)
    }
  }
  if (seen.size !== INSTANCES) {
    problem(
      `after the kills only ${[...seen].sort().join(', ') || 'no instance'} answered through HAProxy`,
    )
  }
}

// --- The same key at two instances at once ---

async function sameKeyAtTwoInstances(
  cluster: Cluster,
  options: ClusterOptions,
  addresses: AddressPlan,
  headers: Record<string, string>,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  problem: (text: string) => void,
): Promise<void> {
  const urls = cluster.instances.map((instance) => instance.child.url)
  const pairOf = (index: number) => [
    urls[index % INSTANCES] ?? '',
    urls[(index + 1) % INSTANCES] ?? '',
  ]
  let counter = 100_000
  for (let index = 0; index < options.samePairs + options.conflictPairs; index += 1) {
    const conflict = index >= options.samePairs
    const key = randomUUID()
    const first = crashBody(key, (counter += 1))
    const second = conflict ? crashBody(key, (counter += 1)) : first
    const [a, b] = pairOf(index)
    const results = await Promise.all([
      submit({ url: a ?? '', from: addresses.pair(index), key, body: first, headers }),
      submit({ url: b ?? '', from: addresses.pair(index), key, body: second, headers }),
    ])
    const describe = results
      .map((r) =>
        r.kind === 'answered'
          ? `${r.status}${r.headers['idempotent-replayed'] === 'true' ? ' replayed' : ''}`
          : r.kind,
      )
      .join(' and ')
    const record: Sent = { key, body: first, acknowledged: false, mayBeStored: true }
    sent.set(key, record)
    const answered = results.filter((r) => r.kind === 'answered')
    if (answered.length !== 2) {
      problem(`two instances at once (${key}): ${describe}`)
      if (conflict) outcome.conflictPairs.wrong += 1
      else outcome.samePairs.wrong += 1
      continue
    }
    const fresh = answered.filter(
      (r) =>
        r.status === 201 &&
        r.headers['idempotent-replayed'] !== 'true' &&
        r.body === expectedAnswer(key),
    )
    const replayed = answered.filter(
      (r) =>
        r.status === 201 &&
        r.headers['idempotent-replayed'] === 'true' &&
        r.body === expectedAnswer(key),
    )
    const refused = answered.filter(
      (r) => r.status === 409 && r.body === JSON.stringify({ error: SUBMISSION_MESSAGES.conflict }),
    )
    if (!conflict) {
      outcome.samePairs.sent += 1
      if (fresh.length !== 1 || replayed.length !== 1) {
        outcome.samePairs.wrong += 1
        problem(`same key and body at two instances at once (${key}): ${describe}`)
      } else {
        record.acknowledged = true
      }
    } else {
      outcome.conflictPairs.sent += 1
      const winner = results.findIndex(
        (r) =>
          r.kind === 'answered' && r.status === 201 && r.headers['idempotent-replayed'] !== 'true',
      )
      if (fresh.length !== 1 || refused.length !== 1 || winner < 0) {
        outcome.conflictPairs.wrong += 1
        problem(`same key, two bodies at two instances at once (${key}): ${describe}`)
      } else {
        record.acknowledged = true
        record.body = winner === 0 ? first : second
      }
    }
  }
}

// --- One budget across the instances ---

async function rateLimitAcrossInstances(
  cluster: Cluster,
  addresses: AddressPlan,
  headers: Record<string, string>,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  problem: (text: string) => void,
): Promise<void> {
  const limit = outcome.rateLimit
  const total = 2 * limit.budget
  let counter = 200_000
  // Ten at a time, through the balancer, from one client address.
  for (let batch = 0; batch < total; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, total - batch) }, async () => {
        const key = randomUUID()
        const body = crashBody(key, (counter += 1))
        const record: Sent = { key, body, acknowledged: false, mayBeStored: false }
        sent.set(key, record)
        limit.sent += 1
        const result = await submit({
          url: cluster.balancer.url,
          from: addresses.probe,
          key,
          body,
          headers,
        })
        if (result.kind !== 'answered') {
          record.mayBeStored = true
          problem(`rate-limit probe (${key}): ${result.kind}`)
          return
        }
        const name = result.headers[INSTANCE_HEADER] ?? 'unknown'
        const tally = (limit.byInstance[name] ??= { accepted: 0, refused: 0 })
        if (result.status === 201 && result.body === expectedAnswer(key)) {
          record.acknowledged = true
          record.mayBeStored = true
          cluster.served.push({ name, at: Date.now() })
          limit.accepted += 1
          tally.accepted += 1
        } else if (
          result.status === 429 &&
          result.body === JSON.stringify({ error: TOO_MANY_REQUESTS }) &&
          Number(result.headers['retry-after']) > 0
        ) {
          limit.refused += 1
          tally.refused += 1
        } else {
          record.mayBeStored = true
          problem(`rate-limit probe (${key}): ${result.status} ${result.body.slice(0, 200)}`)
        }
      }),
    )
  }
  if (limit.accepted !== limit.budget || limit.refused !== total - limit.budget) {
    problem(
      `one client through the balancer: ${limit.accepted} accepted and ${limit.refused} refused of ${total}; the budget is ${limit.budget} across every instance`,
    )
  }
  const refusing = Object.values(limit.byInstance).filter((tally) => tally.refused > 0).length
  if (refusing < 2) problem(`the refusals came from ${refusing} instance(s), not from several`)
}

/** The counter of the probe's client in Redis, read within its window. */
async function checkRedis(
  addresses: AddressPlan,
  outcome: ClusterOutcome,
  problem: (text: string) => void,
): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 })
  try {
    const value = await redis.get(`${RATE_LIMIT_NAMESPACE}writes:${addresses.probe}`)
    outcome.rateLimit.redisCount = value === null ? undefined : Number(value)
    if (outcome.rateLimit.redisCount !== outcome.rateLimit.sent) {
      problem(
        `Redis counted ${value ?? 'nothing'} writes for the probe's client; it sent ${outcome.rateLimit.sent}`,
      )
    }
  } finally {
    redis.disconnect()
  }
}

/** Removes this run's rate-limit counters (and only those: its clients' addresses are its own). */
async function forgetRateLimits(addresses: AddressPlan): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 })
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${RATE_LIMIT_NAMESPACE}*:127.${addresses.octet}.*`,
        'COUNT',
        1000,
      )
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

// --- Deliveries ---

/** Kill → every delivery the killed worker held is delivered (by another worker, after the lease). */
async function watchHeld(cluster: Cluster, ids: string[], round: Round): Promise<void> {
  if (ids.length === 0) return
  for (;;) {
    // One more look after the stop is asked for: the last of them may have been made just before.
    const last = cluster.stopping
    try {
      const rows = await cluster.checker.db
        .selectFrom('deliveries')
        .select('status')
        .where('id', 'in', ids)
        .execute()
      if (rows.every((row) => row.status === 'delivered')) {
        round.heldDeliveredMs = Date.now() - round.killedAt
        return
      }
    } catch {
      // Tried again at the next look.
    }
    if (last) return
    await sleep(250)
  }
}

async function waitForDeliveries(
  cluster: Cluster,
  options: ClusterOptions,
  outcome: ClusterOutcome,
  killedWorkerIds: Set<string>,
  loadEndedAt: number,
  log: (line: string) => void,
): Promise<void> {
  // Past the last lease, then for as long as deliveries are still being made.
  const lastKill = Math.max(0, ...outcome.rounds.map((round) => round.killedAt))
  const leasesOver = options.waitForLeases ? lastKill + WORKER_LEASE_MS + 30_000 : 0
  let delivered = -1
  let progressAt = Date.now()
  for (;;) {
    const rows = await cluster.checker.db
      .selectFrom('deliveries')
      .select(['id', 'status', 'locked_by'])
      .execute()
    const leased = (row: (typeof rows)[number]) =>
      row.status === 'in_flight' && row.locked_by !== null && killedWorkerIds.has(row.locked_by)
    const done = rows.every(
      (row) => row.status === 'delivered' || (!options.waitForLeases && leased(row)),
    )
    if (done) {
      outcome.deliveries.allMadeAfterMs = Date.now() - loadEndedAt
      log(
        `deliveries: all ${rows.length} settled ${outcome.deliveries.allMadeAfterMs} ms after the load`,
      )
      return
    }
    const now = rows.filter((row) => row.status === 'delivered').length
    if (now > delivered) {
      delivered = now
      progressAt = Date.now()
    }
    if (Date.now() > Math.max(leasesOver, progressAt + 30_000)) {
      log(`deliveries: ${delivered} of ${rows.length} made, and none for 30 s: given up`)
      return
    }
    await sleep(250)
  }
}

// --- Afterwards, from the database and the lenders ---

export type DeliveryRows = Awaited<ReturnType<typeof readDeliveries>>

function readDeliveries(checker: Database) {
  return checker.db
    .selectFrom('deliveries')
    .select(['id', 'submission_key', 'destination_id', 'status', 'locked_by', 'attempts'])
    .execute()
}

/**
 * Every row against what was sent, key by key: returns the outbox rows for checkDeliveries. `dataKey` is
 * the instances' FORECOURT_DATA_KEY, to open the stored payloads.
 */
export async function checkStored(
  checker: Database,
  dataKey: string | undefined,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  problem: (text: string) => void,
): Promise<DeliveryRows> {
  const { db } = checker
  const submissionRows = await db.selectFrom('submissions').selectAll().execute()
  const applicationRows = await db.selectFrom('applications').selectAll().execute()
  const deliveryRows = await readDeliveries(checker)
  const stored = outcome.stored
  stored.submissions = submissionRows.length
  stored.applications = applicationRows.length
  stored.deliveries = deliveryRows.length
  const keyring = parseDataKeyring({ key: dataKey, keyId: undefined, oldKeys: undefined }, [])
  const count = <T>(rows: T[], key: (row: T) => string) => {
    const map = new Map<string, T[]>()
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row])
    return map
  }
  const submissionsByKey = count(submissionRows, (row) => row.submission_key)
  const applicationsByKey = count(applicationRows, (row) => row.application_key)
  const deliveriesByKey = count(deliveryRows, (row) => row.submission_key)

  for (const key of new Set([
    ...submissionsByKey.keys(),
    ...applicationsByKey.keys(),
    ...deliveriesByKey.keys(),
  ])) {
    if (!sent.has(key)) {
      stored.strangers += 1
      problem(`${key}: stored but never sent`)
    }
  }
  for (const record of sent.values()) {
    const { key } = record
    const submissions = submissionsByKey.get(key) ?? []
    const applications = applicationsByKey.get(key) ?? []
    const deliveries = deliveriesByKey.get(key) ?? []
    const rows = submissions.length + applications.length + deliveries.length
    const shape = `${submissions.length} submission rows, ${applications.length} application rows, ${deliveries.length} outbox rows`
    if (!record.acknowledged) {
      if (!record.mayBeStored && rows > 0) {
        // Refused by the rate limit before the body was read, or never sent.
        stored.strangers += 1
        outcome.rateLimit.refusedStored += 1
        problem(`${key}: refused, yet stored (${shape})`)
      } else if (
        rows > 0 &&
        (submissions.length !== 1 || applications.length !== 1 || deliveries.length !== 2)
      ) {
        stored.damaged += 1
        problem(`${key}: never acknowledged, stored in part or twice (${shape})`)
      }
      continue
    }
    if (submissions.length === 0 || applications.length === 0) {
      stored.lost += 1
      problem(`${key}: acknowledged, missing (${shape})`)
      continue
    }
    if (submissions.length > 1 || applications.length > 1 || deliveries.length > LENDERS.length) {
      stored.doubled += 1
      problem(`${key}: stored more than once (${shape})`)
      continue
    }
    const wrong: string[] = []
    const [row] = submissions
    const [application] = applications
    const sentBody = JSON.parse(record.body) as unknown
    if (row?.body_hash !== bodyHash(sentBody)) wrong.push('body hash')
    if (row?.response_body !== expectedAnswer(key)) wrong.push('stored answer')
    if (application?.status !== 'submitted') wrong.push(`status ${application?.status}`)
    try {
      const opened = openPayload(
        JSON.parse(application?.payload ?? 'null') as Record<string, unknown>,
        keyring,
        payloadAad(key),
      )
      if (canonicalJson(opened) !== canonicalJson(sentBody)) wrong.push('payload differs')
    } catch (error) {
      wrong.push(`payload unreadable (${error instanceof Error ? error.message : 'error'})`)
    }
    const destinations = deliveries.map((delivery) => delivery.destination_id).sort()
    if (destinations.join() !== [...LENDERS].join()) {
      wrong.push(`outbox rows for ${destinations.join(', ') || 'no lender'}`)
    }
    if (wrong.length > 0) {
      stored.damaged += 1
      problem(`${key}: ${wrong.join(', ')}`)
    }
  }
  return deliveryRows
}

/**
 * Every outbox row against what the lenders accepted, and every request they received against the rows: a
 * repeat is allowed only for a row a killed worker held (`heldRows`).
 */
export function checkDeliveries(
  lenders: Record<LenderId, Pick<FakeLender, 'acceptCounts' | 'accepted' | 'received'>>,
  options: Pick<ClusterOptions, 'waitForLeases'>,
  outcome: ClusterOutcome,
  sent: Map<string, Sent>,
  deliveryRows: DeliveryRows,
  killedWorkerIds: Set<string>,
  heldRows: Map<string, number>,
  problem: (text: string) => void,
): void {
  const result = outcome.deliveries
  result.rows = deliveryRows.length
  const rowByLenderKey = new Map<string, (typeof deliveryRows)[number]>()
  for (const row of deliveryRows) {
    rowByLenderKey.set(`${row.destination_id} ${row.submission_key}`, row)
    const lender = (LENDERS as readonly string[]).includes(row.destination_id)
      ? lenders[row.destination_id as LenderId]
      : undefined
    if (lender === undefined) {
      result.other += 1
      problem(`${row.id}: to an unknown lender ${row.destination_id}`)
      continue
    }
    const accepted = lender.acceptCounts.get(row.submission_key) ?? 0
    const leased =
      row.status === 'in_flight' && row.locked_by !== null && killedWorkerIds.has(row.locked_by)
    if (row.status === 'delivered') {
      result.delivered += 1
      if (accepted !== 1)
        problem(`${row.id}: delivered, accepted ${accepted} times by ${row.destination_id}`)
    } else if (leased && !options.waitForLeases) {
      // Claimed by a worker that was killed: the lender may have it already; it is sent again when the
      // lease runs out, and the lender takes the repeat as a duplicate.
      result.stillLeased += 1
      if (accepted > 1) problem(`${row.id}: accepted ${accepted} times by ${row.destination_id}`)
    } else {
      result.other += 1
      problem(`${row.id}: ${row.status} after ${row.attempts} attempts`)
    }
    const delivery = lender.accepted.get(row.submission_key)
    if (delivery !== undefined) {
      const record = sent.get(row.submission_key)
      const same =
        record !== undefined &&
        canonicalJson(delivery.body) === canonicalJson(JSON.parse(record.body) as unknown) &&
        delivery.webhookId === row.id
      if (!same) {
        result.wrongBodies += 1
        problem(
          `${row.id}: ${row.destination_id} accepted another body or webhook id than the row's`,
        )
      }
    }
  }
  for (const id of LENDERS) {
    const lender = lenders[id]
    result.received += lender.received.length
    result.accepted += lender.accepted.size
    for (const [key, times] of lender.acceptCounts) {
      if (times > 1) result.acceptedTwice += 1
      if (!rowByLenderKey.has(`${id} ${key}`))
        problem(`${id} accepted ${key}, which has no outbox row`)
    }
    const seen = new Set<string>()
    for (const request of lender.received) {
      if (request.answer === 'bad-signature') {
        result.badSignatures += 1
        problem(`${id}: a request with a bad signature (${request.signatureFailure ?? 'unknown'})`)
        continue
      }
      const key = request.idempotencyKey ?? ''
      if (!seen.has(key)) {
        seen.add(key)
        continue
      }
      result.repeats += 1
      const row = rowByLenderKey.get(`${id} ${key}`)
      if (row === undefined || !heldRows.has(row.id)) {
        result.repeatsUnexplained += 1
        problem(`${id}: ${key} sent again though no killed worker held it`)
      }
    }
  }
  if (result.acceptedTwice > 0) problem(`${result.acceptedTwice} deliveries accepted twice`)
}

// --- The report ---

export function clusterReport(outcome: ClusterOutcome, header: string, quick: boolean): string {
  const number = (value: number) => value.toLocaleString('en-GB')
  const ms = (value: number | undefined) => (value === undefined ? 'never' : `${number(value)} ms`)
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const plural = (count: number, one: string, many = `${one}s`) =>
    `${number(count)} ${count === 1 ? one : many}`
  const kinds = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([kind, count]) => `${number(count)} × ${kind}`)
      .join(', ')
  const settings = outcome.settings
  if (!outcome.measured) {
    return [header, '', `**Not measured:** ${outcome.skipped ?? 'the run was skipped'}.`].join('\n')
  }
  const statuses = Object.entries(outcome.statuses)
    .map(([status, count]) => `${number(count)} × ${status}`)
    .join(', ')
  const failures = Object.entries(outcome.failures)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${number(count)} ${kind}`)
    .join(', ')
  const served = Object.entries(outcome.servedBy)
    .sort()
    .map(([name, count]) => `${name} ${number(count)}`)
    .join(', ')
  const stored = outcome.stored
  const deliveries = outcome.deliveries
  const limit = outcome.rateLimit
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  rows.push(
    `| applicants through HAProxy | ${number(outcome.acknowledged)} of ${number(outcome.applicants)} acknowledged (201), ${outcome.gaveUp} gave up; ${number(outcome.retried)} needed more than one attempt, ${number(outcome.retriedReplayed)} of them answered as a replay | every one acknowledged | ${verdict(outcome.applicants > 0 && outcome.acknowledged === outcome.applicants && outcome.gaveUp === 0)} |`,
    `| acknowledged submissions stored | ${number(stored.submissions)} submission rows, ${number(stored.applications)} application rows, ${number(stored.deliveries)} outbox rows: ${stored.lost} lost, ${stored.doubled} stored twice, ${stored.damaged} damaged, ${stored.strangers} not sent or refused yet stored | every one once, intact | ${verdict(stored.lost + stored.doubled + stored.damaged + stored.strangers === 0 && outcome.acknowledged > 0)} |`,
  )
  for (const [index, round] of outcome.rounds.entries()) {
    const recovered =
      round.balancerDownMs !== undefined &&
      round.balancerUpMs !== undefined &&
      round.workerBackMs !== undefined &&
      (!settings.waitForLeases || round.workerHeld === 0 || round.heldDeliveredMs !== undefined)
    rows.push(
      `| round ${index + 1}: SIGKILL ${round.instance} and worker ${round.worker} | clients: ${round.clientFailures === 0 ? 'no failed attempt' : `${plural(round.clientFailures, 'failed attempt')} (${kinds(round.clientFailureKinds)}), the last ${ms(round.clientErrorsForMs)} after the kill, each sent again`}; ${round.alreadyDown ? `HAProxy had already marked ${round.instance} DOWN before the kill` : `HAProxy marked ${round.instance} DOWN after ${ms(round.balancerDownMs)}`}; restarted, ready after ${ms(round.instanceReadyMs)}, UP again after ${ms(round.balancerUpMs)}, first submission served after ${ms(round.firstServedMs)}; the worker held ${plural(round.workerHeld, 'delivery', 'deliveries')}, a new one claimed after ${ms(round.workerBackMs)}${round.workerHeld === 0 ? '' : `, the held ones made again after ${settings.waitForLeases ? ms(round.heldDeliveredMs) : 'its lease (not waited for)'}`} | recovered without help | ${verdict(recovered)} |`,
    )
  }
  const deliveriesOk =
    deliveries.rows > 0 &&
    deliveries.other === 0 &&
    deliveries.acceptedTwice === 0 &&
    deliveries.repeatsUnexplained === 0 &&
    deliveries.badSignatures === 0 &&
    deliveries.wrongBodies === 0 &&
    (settings.waitForLeases ? deliveries.delivered === deliveries.rows : true)
  rows.push(
    `| deliveries to two fake lenders | ${number(deliveries.delivered)} of ${number(deliveries.rows)} outbox rows delivered${deliveries.stillLeased === 0 ? '' : `, ${deliveries.stillLeased} still leased by the killed worker`}, ${ms(deliveries.allMadeAfterMs)} after the load; the lenders received ${number(deliveries.received)} requests and accepted ${number(deliveries.accepted)} keys, ${deliveries.acceptedTwice} twice; ${deliveries.repeats} repeats (answered as duplicates), ${deliveries.repeatsUnexplained} not from a killed worker's lease; ${deliveries.badSignatures} bad signatures, ${deliveries.wrongBodies} bodies other than acknowledged | every delivery made, accepted once | ${verdict(deliveriesOk)} |`,
    `| same key and body at two instances at once | ${number(outcome.samePairs.sent)} keys; ${outcome.samePairs.wrong} not answered 201 once fresh and once replayed | stored once, the same answer | ${verdict(outcome.samePairs.sent > 0 && outcome.samePairs.wrong === 0)} |`,
    `| same key, two bodies, at two instances at once | ${number(outcome.conflictPairs.sent)} keys; ${outcome.conflictPairs.wrong} not answered one 201 and one 409 | stored once, the other refused | ${verdict(outcome.conflictPairs.sent > 0 && outcome.conflictPairs.wrong === 0)} |`,
    `| one client, ${limit.sent} submissions through HAProxy | ${limit.accepted} accepted, ${limit.refused} refused (429 with Retry-After); by instance ${Object.entries(
      limit.byInstance,
    )
      .sort()
      .map(([name, tally]) => `${name} ${tally.accepted}/${tally.refused}`)
      .join(
        ', ',
      )} (accepted/refused); Redis counted ${limit.redisCount ?? 'nothing'}; ${limit.refusedStored} refused stored | exactly ${limit.budget} across the instances | ${verdict(limit.accepted === limit.budget && limit.refused === limit.sent - limit.budget && limit.redisCount === limit.sent && limit.refusedStored === 0)} |`,
  )
  const others = outcome.problems.length
  rows.push(`| everything else | ${others} problems | none | ${verdict(others === 0)} |`)
  const lease = WORKER_LEASE_MS / 1000
  return [
    header,
    '',
    ...rows,
    '',
    `- The run (${outcome.seconds} s): ${number(outcome.attempts)} attempts by ${number(outcome.applicants)} applicants (${statuses || 'no answer'}${failures === '' ? '' : `; without an answer: ${failures}`}); 201 answers by instance: ${served}; failed attempts before the first kill: ${kinds(outcome.failuresBeforeKills) || 'none'}; the load generator's worst lag ${number(Math.round(outcome.generatorLagMs))} ms.${others === 0 ? '' : ` **Problems:** ${outcome.problems.slice(0, 10).join('; ')}.`}`,
    `- How: ${INSTANCES} API instances (\`node --import tsx apps/server/src/server.ts\`, production mode, \`FORECOURT_DATA_KEY\` set, \`DELIVERY_WORKER=off\`, \`TRUST_PROXY=127.0.0.1\`, \`REDIS_URL\`, writes limited to ${limit.budget} per client and minute) and ${WORKERS} delivery workers (\`node --import tsx apps/server/src/worker.ts\`), each its own process, started together on one fresh PostgreSQL schema; HAProxy ${outcome.haproxyVersion} on 127.0.0.1 in front of the instances (round robin, \`option forwardfor\`, a probe of \`${HEALTH_CHECK.path}\` every ${HEALTH_CHECK.intervalMs} ms with ${HEALTH_CHECK.timeoutMs} ms to answer, DOWN after ${HEALTH_CHECK.fall} failures and UP after ${HEALTH_CHECK.rise} passes, a refused connection tried on another instance); two local fake lenders for the brand that verify every Standard Webhooks signature, accept each Idempotency-Key once, answer repeats 200 as duplicates, and take ${settings.lenderDelayMs} ms per answer.`,
    `- The load: ${number(settings.submissions)} applicants at ${settings.ratePerSecond} a second, open loop, then ${settings.tailRatePerSecond} a second until the last restarted instance serves again, each from a loopback address of its own (so HAProxy's X-Forwarded-For names a different client for each), each a valid and different submission under a new key, sent again like the browser on a 5xx, 429, 408 or a lost connection (100 ms, doubling to 2 s). ${settings.rounds === 1 ? 'Once' : `${settings.rounds} times`} during it one instance and one worker are killed with SIGKILL at the same moment and started again at once (the instance on its port), and the balancer's view of the instance is read from its stats socket.`,
    `- Afterwards: every instance answers through HAProxy; ${settings.samePairs} keys are sent with the same body straight to two instances at once (both must answer 201 with the expected answer, exactly one \`Idempotent-Replayed: true\`) and ${settings.conflictPairs} with two bodies (one 201, one 409 with the conflict message); one client address sends ${2 * limit.budget} submissions through HAProxy, ten at a time (exactly ${limit.budget} accepted across the instances, the rest 429 with Retry-After, nothing refused stored, and Redis's counter for that client must equal what was sent); then the run waits until every outbox row is delivered${settings.waitForLeases ? `, including those the killed worker held, which come back when its ${lease} s lease runs out` : ''}. Every stored row is read back from PostgreSQL (payload opened with the data key and compared with what was sent) and every request the lenders got is matched to its outbox row by Idempotency-Key and webhook id. Rate-limit counters are under the run's own client addresses and removed afterwards.`,
    `- A delivery is made at least once: a worker killed between sending and recording leaves its rows claimed until its lease (${lease} s) runs out; then another worker sends them again and the lender answers the repeat as a duplicate. A repeat of any other row would be a double claim and fails the run.`,
    quick
      ? `- A \`--quick\` run: ${number(settings.submissions)} applicants, ${settings.rounds} round; the full run sends ${number(FULL.submissions)} in ${FULL.rounds} rounds.`
      : '',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

// --- The scenario ---

export const run: FaultScenario = async (options: FaultOptions): Promise<FaultReport> => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const settings: ClusterOptions = {
    ...(options.quick ? QUICK : FULL),
    basePort: basePortFromEnv(),
    log: (line) => console.log(`  ${line}`),
  }
  const header = () =>
    reportHeader({
      command: `npm run faults -- --only cluster${options.quick ? ' --quick' : ''}`,
      startedAt,
      busyAtStart,
    })
  const ready = await clusterPreconditions({ install: true, log: settings.log })
  if (!ready.ok) {
    console.warn(`⚠ cluster scenario SKIPPED: ${ready.reason}`)
    const outcome = { ...emptyOutcome(settings), skipped: ready.reason }
    return {
      section: SECTION,
      heading: HEADING,
      markdown: clusterReport(outcome, header(), options.quick),
      passed: true,
    }
  }
  const outcome = await clusterRun(settings, ready.haproxy)
  return {
    section: SECTION,
    heading: HEADING,
    markdown: clusterReport(outcome, header(), options.quick),
    passed: outcome.problems.length === 0,
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
  console.log(report.passed ? 'cluster: passed' : 'cluster: FAILED')
  process.exit(report.passed ? 0 : 1)
}
