// What the cluster scenario (apps/server/faults/cluster.ts) is run with and what it finds: its settings,
// the shape of its outcome, and what was sent, shared by the run, its checks and its report.

import { submissionReference } from '../../src/routes/api/submission'

export const INSTANCES = 3
export const WORKERS = 2
export const LENDERS = ['lender-a', 'lender-b'] as const
export type LenderId = (typeof LENDERS)[number]
/** Submissions and partial saves per client and minute, as configured by default. */
export const WRITES_PER_MINUTE = 60
/** The delivery worker's lease (apps/server/src/delivery/worker.ts): a killed worker's rows wait this long. */
export const WORKER_LEASE_MS = 60_000

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

export interface Sent {
  key: string
  /** The body whose answer was 2xx (for a conflict pair: the winner's). */
  body: string
  acknowledged: boolean
  /** True when it may have reached an instance, so it may be stored. */
  mayBeStored: boolean
}

/** The answer to a new submission under `key`, byte for byte. */
export function expectedAnswer(key: string): string {
  return JSON.stringify({
    submissionKey: key,
    reference: submissionReference(key),
    status: 'received',
  })
}
