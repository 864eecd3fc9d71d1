// A launch-day spike (docs/requirements.md#reliability: a broker’s campaign lands and thousands of
// applicants arrive at once). Simulated applicants walk the journey's real API calls over HTTP
// (support/spike-applicants.ts): the anti-forgery pair, partial saves every few seconds with more answers
// each time (the first binds the application's secret), and the submission; one in four leaves after the
// partial saves, as applicants do. First the capacity is found: applicants walking the same journey back to
// back, without pauses, 20 per instance (as `npm run bench:api` loads one). Then applicants arrive over two
// minutes, ramping up to half as many again as that capacity, and holding there. A 503 with Retry-After is
// retried as the page retries it; any other refusal is a failure. Resident memory of every server process is
// sampled throughout. Afterwards the database is read from a connection of its own: every submission
// answered 201 stored exactly once with the body sent, and every applicant who left with saves answered 2xx
// has the answers of their latest one.
// Run on SQLite with one instance as `npm start` starts it (and once more on V8's own young generation, and
// once with MALLOC_ARENA_MAX=2, to measure what each holds; decision 2145), and on PostgreSQL (TEST_DATABASE_URL) with two instances behind
// HAProxy, as the cluster scenario runs them.
// `node --import tsx apps/server/faults/spike.ts [--quick]`, after `npm run build`; FAULTS_SPIKE_BASE_PORT
// names the first of four ports to listen on (server, balancer, two instances), free ones otherwise.
// It stays one file, over 500 lines: the capacity phase, the spike, the checks and the report share one run's
// figures and read in the order they happen; the applicants themselves are in support/spike-applicants.ts.

import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FaultReport, FaultScenario } from './fault-report'
import { busyness, reportHeader } from './support/machine'
import { isMainModule, runAlone } from './support/run-alone'
import { residentMb } from './memory'
import { parseStat } from './support/proc-cpu'
import { compiledEntry } from '../src/production-start'
import { findHaproxy, startHaproxy, type LoadBalancer } from './support/load-balancer'
import {
  faultServerEnv,
  freePort,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  type FaultDatabase,
  type ServerChild,
} from './support/server-child'
import { summarise, type LatencySummary } from './support/submission-load'
import {
  checkStoredJourneys,
  clientAgent,
  isShed,
  journeyBodies,
  newApplicant,
  walkJourney,
  type Applicant,
  type Attempt,
  type JourneyContext,
  type StoredCheck,
} from './support/spike-applicants'

const SECTION = 'faults:spike'
const HEADING = 'A launch-day spike'
const BAR_RSS_MB = 256
const SAMPLE_MS = 250
/** The closed loop that finds the capacity: as many walkers per instance as `npm run bench:api` clients. */
const WALKERS_PER_INSTANCE = 20
/** One applicant in this many leaves after the partial saves, without submitting. */
const LEAVES_EVERY = 4
/** Sockets the load may hold open at once: many applicants, not twenty. */
const MAX_SOCKETS = 512
/** Waiting for the last applicants after the arrivals end (the page would keep trying). */
const DRAIN_LIMIT_MS = 5 * 60_000

export interface SpikeSettings {
  capacitySeconds: number
  spikeSeconds: number
  /** The share of the spike spent ramping up to the peak; the rest holds at the peak. */
  rampShare: number
  /** The peak arrival rate, as a multiple of the capacity found first. */
  peakFactor: number
  /** Partial saves per applicant, and the pause between them (and before the submission). */
  saves: number
  thinkMs: number
  /** A submission still refused after this long is given up. */
  giveUpMs: number
}

export const FULL: SpikeSettings = {
  capacitySeconds: 20,
  spikeSeconds: 120,
  rampShare: 0.6,
  peakFactor: 1.5,
  saves: 5,
  thinkMs: 3000,
  giveUpMs: 4 * 60_000,
}

export const QUICK: SpikeSettings = {
  capacitySeconds: 5,
  spikeSeconds: 30,
  rampShare: 0.5,
  peakFactor: 1.5,
  saves: 3,
  thinkMs: 1500,
  giveUpMs: 2 * 60_000,
}

export type Setup =
  | {
      kind: 'sqlite'
      name: string
      extraEnv: Record<string, string>
      /** Node's flags before the compiled entry point, instead of production's (src/production-start.ts). */
      nodeFlags?: string[]
      judged: boolean
    }
  | { kind: 'postgres'; name: string; instances: number; judged: boolean }

export const SQLITE: Setup = {
  kind: 'sqlite',
  name: 'SQLite, one instance as `npm start` starts it',
  extraEnv: {},
  judged: true,
}
export const SQLITE_ARENAS: Setup = {
  kind: 'sqlite',
  name: 'SQLite, one instance, `MALLOC_ARENA_MAX=2`',
  extraEnv: { MALLOC_ARENA_MAX: '2' },
  judged: false,
}
/** The server on V8's own young generation (32 MiB semi-spaces on this machine), before decision 2145. */
export const SQLITE_V8_YOUNG_GENERATION: Setup = {
  kind: 'sqlite',
  name: "SQLite, one instance on Node's defaults alone (V8's own semi-space)",
  extraEnv: {},
  nodeFlags: [],
  judged: false,
}
export const POSTGRES: Setup = {
  kind: 'postgres',
  name: 'PostgreSQL, two instances behind HAProxy',
  instances: 2,
  judged: true,
}

export interface PhaseFigures {
  seconds: number
  /** CPU time of the server processes (every thread) per journey ended, in ms. */
  cpuMsPerJourney: number
  /** Applicants whose journey ended without giving up, per minute. */
  journeysPerMinute: number
  requestsPerSecond: number
}

export interface SpikeOutcome {
  setup: Setup
  /** Why the setup was not run (PostgreSQL or HAProxy missing). */
  skipped?: string
  capacity: PhaseFigures
  offeredPeakPerMinute: number
  arrivals: number
  /** Journeys ended per minute while the arrivals were at the peak. */
  heldAtPeakPerMinute: number
  /** Submissions answered 201 per minute while the arrivals were at the peak. */
  submittedAtPeakPerMinute: number
  partial: LatencySummary
  submission: LatencySummary
  /** From the first attempt to the 201, retries included. */
  submissionEndToEnd: LatencySummary
  shed: Record<'csrf' | 'partial' | 'submission', number>
  requests: number
  /** Anything but 2xx and 503 + Retry-After: statuses and connection errors, counted. */
  failures: Record<string, number>
  gaveUp: number
  drainSeconds: number
  /** Times the balancer took an instance out of rotation (its readiness probe failed twice). */
  instancesMarkedDown: number
  /** Peak VmRSS of each server process, sampled every 250 ms. */
  rssPeakMb: number[]
  rssIdleMb: number[]
  stored: StoredCheck | undefined
}

function basePort(): number | undefined {
  const value = process.env.FAULTS_SPIKE_BASE_PORT
  if (value === undefined || value === '') return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65_530) {
    throw new Error(`FAULTS_SPIKE_BASE_PORT must be a port number, not "${value}"`)
  }
  return port
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Running {
  servers: ServerChild[]
  balancer?: LoadBalancer
  target: { host: string; port: number }
  database: FaultDatabase
  env: Record<string, string>
  stop(): Promise<void>
}

async function start(setup: Setup, log: (line: string) => void): Promise<Running | string> {
  const base = basePort()
  const port = async (offset: number) => (base === undefined ? freePort() : base + offset)
  if (setup.kind === 'sqlite') {
    const database = await sqliteDatabase()
    const env = { ...faultServerEnv(), ...database.env, ...setup.extraEnv }
    const server = await startServer({
      env,
      port: await port(0),
      ...(setup.nodeFlags === undefined
        ? {}
        : { nodeArgs: [...setup.nodeFlags, compiledEntry('server')] }),
    })
    return {
      servers: [server],
      target: { host: '127.0.0.1', port: server.port },
      database,
      env,
      stop: async () => {
        await server.stop()
      },
    }
  }
  const haproxy = findHaproxy()
  if (haproxy === undefined) return 'HAProxy is not installed (apt-get install -y haproxy)'
  const database = await postgresDatabase()
  if (database === undefined) return 'PostgreSQL is unreachable (TEST_DATABASE_URL)'
  const env = {
    ...faultServerEnv(),
    ...database.env,
    // The balancer's address: only it is believed about X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  }
  const ports = await Promise.all(
    Array.from({ length: setup.instances }, (_, index) => port(2 + index)),
  )
  log(`starting ${setup.instances} instances on PostgreSQL`)
  const started = await Promise.allSettled(
    ports.map((instancePort) => startServer({ env, port: instancePort, timeoutMs: 180_000 })),
  )
  const servers = started.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []))
  const failed = started.find((entry) => entry.status === 'rejected')
  if (failed !== undefined) {
    await Promise.all(servers.map((server) => server.kill()))
    await database.drop()
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason))
  }
  let balancer: LoadBalancer
  try {
    balancer = await startHaproxy({
      binary: haproxy,
      port: await port(1),
      backends: servers.map((server, index) => ({ name: `api-${index + 1}`, port: server.port })),
    })
  } catch (error) {
    await Promise.all(servers.map((server) => server.kill()))
    await database.drop()
    throw error
  }
  log(`HAProxy ${balancer.version} on ${balancer.url} in front of ${ports.join(', ')}`)
  return {
    servers,
    balancer,
    target: { host: '127.0.0.1', port: balancer.port },
    database,
    env,
    stop: async () => {
      await balancer.stop()
      await Promise.all(servers.map((server) => server.stop()))
    },
  }
}

/** Runs the spike against one setup and checks what was stored. */
export async function spikeRun(
  setup: Setup,
  settings: SpikeSettings,
  log: (line: string) => void = (line) => console.log(line),
): Promise<SpikeOutcome> {
  const running = await start(setup, log)
  if (typeof running === 'string') return skippedOutcome(setup, running)
  const bodies = journeyBodies(settings.saves)
  const agent = clientAgent(MAX_SOCKETS)
  const t0 = performance.now()
  const clock = { now: () => performance.now() - t0 }
  const attempts: Attempt[] = []
  const applicants: Applicant[] = []
  const journeys: Promise<void>[] = []
  const pids = running.servers.map((server) => server.pid ?? 0)
  const rssPeakMb = pids.map(() => 0)
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const figures = await Promise.all(pids.map((pid) => residentMb(pid)))
      figures.forEach((mb, index) => {
        if (mb !== undefined && mb > (rssPeakMb[index] ?? 0)) rssPeakMb[index] = mb
      })
      await sleep(SAMPLE_MS)
    }
  })()
  const rssIdleMb = (await Promise.all(pids.map((pid) => residentMb(pid)))).map((mb) => mb ?? 0)
  let stored: StoredCheck | undefined
  try {
    const context = (thinkMs: number): JourneyContext => ({
      agent,
      target: running.target,
      bodies,
      thinkMs,
      clock,
      record: (attempt) => attempts.push(attempt),
      giveUpMs: settings.giveUpMs,
    })
    const arrive = (submits: boolean, thinkMs: number): Promise<void> => {
      const applicant = newApplicant(randomUUID(), submits, clock.now())
      applicants.push(applicant)
      const journey = walkJourney(context(thinkMs), applicant)
      journeys.push(journey)
      return journey
    }

    // 1. The capacity: walkers that start a new journey as soon as the last one ends.
    const walkers = WALKERS_PER_INSTANCE * running.servers.length
    log(
      `${setup.name}: capacity, ${walkers} applicants back to back for ${settings.capacitySeconds} s…`,
    )
    const cpuAtStart = await cpuMs(pids)
    const capacityStart = clock.now()
    const capacityEnd = capacityStart + settings.capacitySeconds * 1000
    let count = 0
    await Promise.all(
      Array.from({ length: walkers }, async () => {
        while (clock.now() < capacityEnd) {
          count += 1
          await arrive(count % LEAVES_EVERY !== 0, 0)
        }
      }),
    )
    const capacityStop = clock.now()
    const capacityCpuMs = (await cpuMs(pids)) - cpuAtStart
    const capacity = phaseFigures(applicants, attempts, capacityStart, capacityStop, capacityCpuMs)

    // 2. The spike: arrivals ramp up to peakFactor × the capacity, then hold there.
    const peakPerSecond = (capacity.journeysPerMinute * settings.peakFactor) / 60
    const spikeMs = settings.spikeSeconds * 1000
    const rampMs = spikeMs * settings.rampShare
    const due = (ms: number) =>
      ms <= rampMs
        ? (peakPerSecond * ms * ms) / (2 * rampMs * 1000)
        : (peakPerSecond * (rampMs / 2 + (ms - rampMs))) / 1000
    log(
      `${setup.name}: capacity ${Math.round(capacity.journeysPerMinute)} applicants/min; the spike: ${settings.spikeSeconds} s, up to ${Math.round(peakPerSecond * 60)}/min…`,
    )
    const spikeStart = clock.now()
    let arrivals = 0
    for (;;) {
      const elapsed = clock.now() - spikeStart
      if (elapsed >= spikeMs) break
      while (arrivals < Math.floor(due(elapsed))) {
        arrivals += 1
        void arrive(arrivals % LEAVES_EVERY !== 0, settings.thinkMs)
      }
      await sleep(20)
    }
    const spikeEnd = clock.now()
    log(`${setup.name}: ${arrivals} arrived; waiting for the last journeys to end…`)
    const drainStart = clock.now()
    await Promise.race([Promise.all(journeys), sleep(DRAIN_LIMIT_MS)])
    const drainSeconds = (clock.now() - drainStart) / 1000
    const peakStart = spikeStart + rampMs
    const atPeak = phaseFigures(applicants, attempts, peakStart, spikeEnd, 0)
    const submittedAtPeak = applicants.filter(
      (applicant) =>
        applicant.submissionStatus === 201 &&
        applicant.endedAt !== undefined &&
        applicant.endedAt >= peakStart &&
        applicant.endedAt < spikeEnd,
    ).length
    sampling = false
    await sampler
    const instancesMarkedDown =
      running.balancer?.changes().filter((change) => change.status === 'DOWN').length ?? 0
    await running.stop()
    stored = await checkStoredJourneys({
      config: running.database.config,
      dataKey: running.env.FORECOURT_DATA_KEY ?? '',
      applicants,
      bodies,
    })

    const latencies = (kind: Attempt['kind'], ok: (status: number) => boolean) =>
      summarise(
        attempts
          .filter((attempt) => attempt.kind === kind && ok(attempt.status))
          .map((attempt) => attempt.latencyMs),
      )
    const shed = { csrf: 0, partial: 0, submission: 0 }
    const failures: Record<string, number> = {}
    for (const attempt of attempts) {
      if (attempt.status >= 200 && attempt.status < 300) continue
      if (isShed(attempt.status, attempt.retryAfter)) shed[attempt.kind] += 1
      else {
        const what = attempt.status === 0 ? (attempt.error ?? 'no answer') : String(attempt.status)
        failures[`${attempt.kind} ${what}`] = (failures[`${attempt.kind} ${what}`] ?? 0) + 1
      }
    }
    const endToEnd = applicants.flatMap((applicant) =>
      applicant.submissionStatus === 201 &&
      applicant.endedAt !== undefined &&
      applicant.submissionStartedAt !== undefined
        ? [applicant.endedAt - applicant.submissionStartedAt]
        : [],
    )
    return {
      setup,
      capacity,
      offeredPeakPerMinute: peakPerSecond * 60,
      arrivals,
      heldAtPeakPerMinute: atPeak.journeysPerMinute,
      submittedAtPeakPerMinute: (submittedAtPeak * 60_000) / Math.max(1, spikeEnd - peakStart),
      partial: latencies('partial', (status) => status >= 200 && status < 300),
      submission: latencies('submission', (status) => status >= 200 && status < 300),
      submissionEndToEnd: summarise(endToEnd),
      shed,
      requests: attempts.length,
      failures,
      gaveUp: applicants.filter((applicant) => applicant.gaveUp).length,
      drainSeconds,
      instancesMarkedDown,
      rssPeakMb,
      rssIdleMb,
      stored,
    }
  } finally {
    sampling = false
    agent.destroy()
    await Promise.all(running.servers.map((server) => server.kill()))
    await running.balancer?.stop()
    await running.database.drop()
  }
}

/** Journeys that ended (without giving up) and requests answered between two moments. */
function phaseFigures(
  applicants: Applicant[],
  attempts: Attempt[],
  from: number,
  to: number,
  serverCpuMs: number,
): PhaseFigures {
  const ms = Math.max(1, to - from)
  const ended = applicants.filter(
    (applicant) =>
      !applicant.gaveUp &&
      applicant.endedAt !== undefined &&
      applicant.endedAt >= from &&
      applicant.endedAt < to,
  ).length
  const answered = attempts.filter((attempt) => attempt.at >= from && attempt.at < to).length
  return {
    seconds: ms / 1000,
    cpuMsPerJourney: ended === 0 ? 0 : serverCpuMs / ended,
    journeysPerMinute: (ended * 60_000) / ms,
    requestsPerSecond: (answered * 1000) / ms,
  }
}

/** User and system CPU time of processes (every thread), in ms, from /proc/<pid>/stat. */
async function cpuMs(pids: number[]): Promise<number> {
  let total = 0
  for (const pid of pids) {
    try {
      const { user, system } = parseStat(await readFile(`/proc/${pid}/stat`, 'utf8'))
      total += (user + system) / 1000
    } catch {
      // Gone: counts nothing.
    }
  }
  return total
}

function skippedOutcome(setup: Setup, reason: string): SpikeOutcome {
  const none = summarise([])
  return {
    setup,
    skipped: reason,
    capacity: { seconds: 0, cpuMsPerJourney: 0, journeysPerMinute: 0, requestsPerSecond: 0 },
    offeredPeakPerMinute: 0,
    arrivals: 0,
    heldAtPeakPerMinute: 0,
    submittedAtPeakPerMinute: 0,
    partial: none,
    submission: none,
    submissionEndToEnd: none,
    shed: { csrf: 0, partial: 0, submission: 0 },
    requests: 0,
    failures: {},
    gaveUp: 0,
    drainSeconds: 0,
    instancesMarkedDown: 0,
    rssPeakMb: [],
    rssIdleMb: [],
    stored: undefined,
  }
}

/** The exactness checks of one outcome, each with whether it held. */
export function exactness(outcome: SpikeOutcome): { what: string; ok: boolean }[] {
  const s = outcome.stored
  if (s === undefined) return []
  const failures = Object.entries(outcome.failures)
  return [
    {
      what: `every answer was 2xx or 503 with Retry-After (${failures.length === 0 ? 'nothing else' : failures.map(([what, n]) => `${n} × ${what}`).join(', ')})`,
      ok: failures.length === 0,
    },
    { what: `no applicant gave up (${outcome.gaveUp})`, ok: outcome.gaveUp === 0 },
    {
      what: `every submission answered 201 stored exactly once, with the body sent (${s.storedOnce} of ${s.accepted}; lost ${s.lostSubmissions}, twice ${s.doubledSubmissions}, wrong ${s.wrongSubmissions})`,
      ok:
        s.accepted > 0 &&
        s.storedOnce === s.accepted &&
        s.lostSubmissions + s.doubledSubmissions + s.wrongSubmissions === 0,
    },
    {
      what: `every applicant who left after partial saves answered 2xx has the answers of the latest one (${s.partialsPresent} of ${s.leftWithSaves}; missing ${s.lostPartials}, older ${s.stalePartials}; ${s.storedAfterRefusal} hold a later save answered 503 that the database gate let go on, decision 1432)`,
      ok:
        s.leftWithSaves > 0 &&
        s.partialsPresent === s.leftWithSaves &&
        s.lostPartials + s.stalePartials === 0,
    },
    { what: `no row no applicant was told of (${s.strangers})`, ok: s.strangers === 0 },
  ]
}

export const run: FaultScenario = async ({ quick }) => {
  const startedAt = new Date()
  const busyAtStart = busyness()
  const settings = quick ? QUICK : FULL
  const setups = quick
    ? [SQLITE, POSTGRES]
    : [SQLITE, SQLITE_V8_YOUNG_GENERATION, SQLITE_ARENAS, POSTGRES]
  const outcomes: SpikeOutcome[] = []
  for (const setup of setups) outcomes.push(await spikeRun(setup, settings))
  return report({ quick, startedAt, busyAtStart, settings, outcomes })
}

function report(input: {
  quick: boolean
  startedAt: Date
  busyAtStart: string
  settings: SpikeSettings
  outcomes: SpikeOutcome[]
}): FaultReport {
  const { settings } = input
  const ms = (value: number) => `${Math.round(value)} ms`
  const perMinute = (value: number) => `${Math.round(value).toLocaleString('en-GB')}/min`
  const latency = (summary: LatencySummary) =>
    summary.count === 0
      ? 'none'
      : `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)} (${summary.count.toLocaleString('en-GB')})`
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  const checked: string[] = []
  let passed = true
  for (const outcome of input.outcomes) {
    const name = outcome.setup.name
    if (outcome.skipped !== undefined) {
      rows.push(`| ${name} | **not measured**: ${outcome.skipped} | | **FAIL** |`)
      passed = false
      continue
    }
    const checks = exactness(outcome)
    const exact = checks.every((check) => check.ok)
    const rssOk = outcome.rssPeakMb.every((mb) => mb <= BAR_RSS_MB)
    const shedTotal = outcome.shed.csrf + outcome.shed.partial + outcome.shed.submission
    passed &&= exact && (!outcome.setup.judged || rssOk)
    const rssBar = outcome.setup.judged ? verdict(rssOk) : rssOk ? '(would pass)' : '(would fail)'
    rows.push(
      `| ${name}: capacity (${WALKERS_PER_INSTANCE * outcome.rssPeakMb.length} applicants back to back, ${Math.round(outcome.capacity.seconds)} s) | ${perMinute(outcome.capacity.journeysPerMinute)} journeys (${Math.round(outcome.capacity.requestsPerSecond)} req/s); server CPU ${outcome.capacity.cpuMsPerJourney.toFixed(1)} ms per journey | baseline | |`,
      `| ${name}: the spike, offered at the peak | ${perMinute(outcome.offeredPeakPerMinute)} arriving (${settings.peakFactor} × capacity); ${outcome.arrivals.toLocaleString('en-GB')} applicants in ${settings.spikeSeconds} s | > capacity | |`,
      `| ${name}: held at the peak | ${perMinute(outcome.heldAtPeakPerMinute)} journeys ended, ${perMinute(outcome.submittedAtPeakPerMinute)} submissions answered 201 | | |`,
      `| ${name}: partial saves answered 2xx | ${latency(outcome.partial)} | | |`,
      `| ${name}: submissions answered 201, one attempt; from the first attempt to the 201, retries included | ${latency(outcome.submission)}; ${latency(outcome.submissionEndToEnd)} | | |`,
      `| ${name}: shed (503 + Retry-After) | ${shedTotal.toLocaleString('en-GB')} of ${outcome.requests.toLocaleString('en-GB')} requests (anti-forgery ${outcome.shed.csrf}, partial saves ${outcome.shed.partial}, submissions ${outcome.shed.submission}); last journeys ended ${Math.round(outcome.drainSeconds)} s after the arrivals${outcome.setup.kind === 'postgres' ? `; HAProxy took an instance out ${outcome.instancesMarkedDown} times` : ''} | only 503 + Retry-After | ${verdict(checks[0]?.ok ?? false)} |`,
      `| ${name}: resident memory (VmRSS) of each server process, idle; peak | ${outcome.rssIdleMb.map((mb) => mb.toFixed(0)).join(' + ')} MB; ${outcome.rssPeakMb.map((mb) => mb.toFixed(1)).join(' + ')} MB | ≤ ${BAR_RSS_MB} MB each | ${rssBar} |`,
      `| ${name}: stored exactly as answered | ${outcome.stored?.storedOnce ?? 0} submissions once, ${outcome.stored?.partialsPresent ?? 0} partial applications at their latest answers | nothing lost or doubled | ${verdict(exact)} |`,
    )
    checked.push(
      `${name}: ${checks.map((check) => `${check.what}${check.ok ? '' : ' — **FAIL**'}`).join('; ')}`,
    )
    if (outcome.stored !== undefined && outcome.stored.problems.length > 0) {
      checked.push(`${name}, the first problems: ${outcome.stored.problems.join('; ')}`)
    }
  }
  const sqlite = input.outcomes.find((outcome) => outcome === input.outcomes[0])
  const postgres = input.outcomes.find(
    (outcome) => outcome.setup.kind === 'postgres' && outcome.skipped === undefined,
  )
  const growth =
    sqlite !== undefined && postgres !== undefined && sqlite.capacity.journeysPerMinute > 0
      ? `PostgreSQL with two instances held ${(postgres.capacity.journeysPerMinute / sqlite.capacity.journeysPerMinute).toFixed(2)} × the capacity of one SQLite instance (${perMinute(postgres.capacity.journeysPerMinute)} against ${perMinute(sqlite.capacity.journeysPerMinute)}).`
      : ''
  const markdown = [
    reportHeader({
      command: input.quick
        ? 'node --import tsx apps/server/faults/spike.ts --quick'
        : 'npm run faults -- --only spike',
      startedAt: input.startedAt,
      busyAtStart: input.busyAtStart,
    }),
    '',
    ...rows,
    '',
    `- Each applicant walks the journey's API calls over HTTP as the page makes them: \`GET /api/csrf\` (the anti-forgery pair), ${settings.saves} partial saves \`POST /api/application/<key>\` ${settings.thinkMs / 1000} s apart with more answers each time (the first binds the application's secret, sent with every write), and ${LEAVES_EVERY - 1} in ${LEAVES_EVERY} then \`POST /api/submission/<key>\` ${settings.thinkMs / 1000} s later; the others leave with their partial application saved. A shed partial save is carried by the next (the page sends its answers again with the next change); a shed submission is sent again, same key and body, after 1 s, 2 s, 4 s… (the page's backoff, at most 30 s).`,
    `- Capacity: ${WALKERS_PER_INSTANCE} applicants per instance walking the journey back to back without pauses, journeys ended per minute. The spike: arrivals ramp up over ${Math.round(settings.spikeSeconds * settings.rampShare)} s to ${settings.peakFactor} × that capacity and hold there for the remaining ${Math.round(settings.spikeSeconds * (1 - settings.rampShare))} s; "held at the peak" counts journeys ended during the hold. The load generator (Node's http client, up to ${MAX_SOCKETS} sockets) shares the machine's cores with the servers${postgres === undefined ? '' : ', PostgreSQL and HAProxy'}.`,
    `- The servers: the compiled \`apps/server/dist/server.js\` as \`npm start\` runs it (\`node --max-semi-space-size=16\`, decision 2145; otherwise Node's defaults, decision 2091), production mode, encryption at rest on, load shedding at its defaults (64 requests in flight per instance, Retry-After 2 s), rate limits and the cap per client address off (one load generator stands for every applicant), delivery worker off. PostgreSQL: two instances on one fresh schema behind HAProxy (round robin, as in the cluster scenario). Resident memory is VmRSS of each server process, read every ${SAMPLE_MS} ms.`,
    ...(growth === '' ? [] : [`- ${growth}`]),
    `- Checked afterwards from a connection of its own: ${checked.join('. ')}.`,
  ].join('\n')
  return { section: SECTION, heading: HEADING, markdown, passed }
}

if (isMainModule(import.meta.url)) await runAlone(run)
