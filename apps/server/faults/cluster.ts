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
// The checks, the outcome's shape and the report are in support/cluster-*.ts. Alone:
// `node --import tsx apps/server/faults/cluster.ts [--quick] [--no-report]`; the fast version is
// apps/server/test/cluster.test.ts. Decision record: docs/decisions/1681-cluster-fault-scenario.md.
// It stays one file, over 500 lines: one scenario's run reads in order, start to stop, and its steps share
// the instances, the balancer and the measurements they take.

import { randomBytes, randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { Redis } from 'ioredis'
import { brands } from '@forecourt/domain/brands/brand-data'
import { createDatabase, type Database } from '../src/db/database'
import { RATE_LIMIT_NAMESPACE, TOO_MANY_REQUESTS } from '../src/plugins/rate-limit'
import { writeReportSection } from '../../../scripts/report-section.mjs'
import { startFakeLender, type FakeLender } from '../test/fake-lender'
import { redactPassword, withAdminClient } from '../test/postgres-schema'
import { crashBody } from './crash'
import type { FaultOptions, FaultReport, FaultScenario } from './fault-report'
import {
  addressPlan,
  httpFrom,
  type AddressPlan,
  type HttpResult,
} from './support/client-addresses'
import { checkDeliveries, checkStored } from './support/cluster-checks'
import {
  emptyOutcome,
  expectedAnswer,
  FULL,
  INSTANCES,
  LENDERS,
  QUICK,
  WORKER_LEASE_MS,
  WORKERS,
  WRITES_PER_MINUTE,
  type ClusterOptions,
  type ClusterOutcome,
  type Round,
  type Sent,
} from './support/cluster-outcome'
import { clusterReport } from './support/cluster-report'
import {
  ensureHaproxy,
  findHaproxy,
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
import { browserSecretFor } from './support/browser-secret'
import { APPLICATION_SECRET_HEADER } from '@forecourt/domain/application-secret/application-secret'
import { conflictAnswer } from './support/conflict-answer'

export const SECTION = 'faults:cluster'
export const HEADING =
  'Several instances behind a load balancer (SIGKILL of an instance and a worker)'

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const BRAND = brands.carfinance
/** Five processes starting and migrating at once: seconds on a quiet machine, over a minute on a busy one. */
const START_TIMEOUT_MS = 180_000
/** The browser's own limit on one attempt. */
const ATTEMPT_TIMEOUT_MS = 20_000
/** An applicant who still has no answer after this long gives up (the browser would keep trying). */
const GIVE_UP_MS = 60_000

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
    headers: {
      ...input.headers,
      'content-type': 'application/json',
      [APPLICATION_SECRET_HEADER]: browserSecretFor(input.key),
    },
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
    const refused = answered.filter((r) => r.status === 409 && r.body === conflictAnswer(key))
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
