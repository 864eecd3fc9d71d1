// The delivery worker: claims due outbox rows, posts each to its lender signed, and records what happened.
// Several workers (in several servers, or `npm run worker` processes) share one database safely: a claim
// is atomic and leased, so an attempt belongs to exactly one worker, and a crashed worker's rows come
// back when the lease runs out. Delivery is at least once; the lender drops repeats by Idempotency-Key.

import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Config } from '../config'
import type { Database } from '../db/database'
import type { DeliveryRow } from '../db/tables'
import {
  classifyStatus,
  DEFAULT_RETRY_POLICY,
  nextStep,
  parseRetryAfter,
  type AttemptResult,
  type RetryPolicy,
} from './backoff'
import { ClaimLoop } from './claim-loop'
import { findDestination, type Destinations } from './destinations'
import { claimDueDeliveries, recordAttempt } from '../repositories/delivery-repository'
import { submittedPayloadLoader, type PayloadLoader } from './payload'
import { unixSeconds, webhookHeaders } from './signing'

/** Pino's shape (Fastify's logger fits): an object of fields, then the message. */
export interface DeliveryLogger {
  info(fields: object, message: string): void
  warn(fields: object, message: string): void
  error(fields: object, message: string): void
}

export interface DeliveryWorkerOptions {
  database: Database
  loadPayload: PayloadLoader
  /** The destinations the process was configured with (LENDER_DESTINATIONS). */
  destinations: () => Destinations
  logger?: DeliveryLogger
  /** Names this worker in locked_by; by default host, process id and a random suffix. */
  workerId?: string
  /** Attempts in flight at once in this worker. */
  concurrency?: number
  /** How long to wait between looks for due rows when there were none. */
  pollIntervalMs?: number
  /** The lender's time to answer before the attempt counts as failed. */
  requestTimeoutMs?: number
  /** How long a claim holds; longer than the request timeout, so only a dead worker loses its rows. */
  leaseMs?: number
  /** On stop, attempts still waiting for an answer after this long are abandoned (and retried later). */
  stopGraceMs?: number
  policy?: Partial<RetryPolicy>
  /** Injectable for tests: the clock and the jitter source. */
  now?: () => Date
  random?: () => number
}

const DEFAULTS = {
  concurrency: 4,
  pollIntervalMs: 1000,
  requestTimeoutMs: 10_000,
  leaseMs: 60_000,
  stopGraceMs: 5000,
}

const USER_AGENT = 'Forecourt-Delivery/1.0'

export class DeliveryWorker {
  readonly workerId: string
  private readonly database: Database
  private readonly loadPayload: PayloadLoader
  private readonly destinations: () => Destinations
  private readonly logger: DeliveryLogger | undefined
  private readonly requestTimeoutMs: number
  private readonly leaseMs: number
  private readonly stopGraceMs: number
  private readonly policy: RetryPolicy
  private readonly now: () => Date
  private readonly random: () => number

  private readonly abandon = new AbortController()
  private readonly loop: ClaimLoop<DeliveryRow>

  constructor(options: DeliveryWorkerOptions) {
    this.database = options.database
    this.loadPayload = options.loadPayload
    this.destinations = options.destinations
    this.logger = options.logger
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs
    this.leaseMs = options.leaseMs ?? DEFAULTS.leaseMs
    this.stopGraceMs = options.stopGraceMs ?? DEFAULTS.stopGraceMs
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.policy }
    this.now = options.now ?? (() => new Date())
    this.random = options.random ?? Math.random
    this.loop = new ClaimLoop({
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      claim: (limit) => this.claim(limit),
      attempt: (delivery) => this.attempt(delivery),
      // The database may be restarting; the next poll tries again.
      onPollError: (error) =>
        this.logger?.warn({ err: error, workerId: this.workerId }, 'delivery poll failed'),
    })
    if (this.leaseMs <= this.requestTimeoutMs) {
      throw new RangeError('leaseMs must be longer than requestTimeoutMs')
    }
  }

  /** Starts polling in the background; stop() ends it. */
  start(): void {
    if (this.loop.start()) this.logger?.info({ workerId: this.workerId }, 'delivery worker started')
  }

  /**
   * Stops claiming, then waits for the attempts in flight: those still unanswered after the grace are
   * abandoned and recorded as failed, to be tried again. Safe to call twice.
   */
  async stop(): Promise<void> {
    const wasRunning = this.loop.running
    await this.loop.stopClaiming()
    const grace = setTimeout(() => this.abandon.abort(), this.stopGraceMs)
    try {
      await this.loop.drain()
    } finally {
      clearTimeout(grace)
    }
    if (wasRunning) this.logger?.info({ workerId: this.workerId }, 'delivery worker stopped')
  }

  /**
   * One round without the background loop (tests, and the operator's tools): claims what is due, up to
   * the concurrency, and waits for those attempts. Returns how many it attempted.
   */
  runOnce(): Promise<number> {
    return this.loop.runOnce()
  }

  private claim(limit: number): Promise<DeliveryRow[]> {
    return claimDueDeliveries(this.database, {
      workerId: this.workerId,
      limit,
      now: this.now(),
      leaseMs: this.leaseMs,
      maxAttempts: this.policy.maxAttempts,
    })
  }

  /** Never throws: whatever happens is recorded on the row, or left to the lease. */
  private async attempt(delivery: DeliveryRow): Promise<void> {
    const fields = {
      deliveryId: delivery.id,
      destinationId: delivery.destination_id,
      attempt: delivery.attempts,
    }
    let result: AttemptResult
    try {
      result = await this.send(delivery)
    } catch (error) {
      this.logger?.error({ ...fields, err: error }, 'delivery attempt failed unexpectedly')
      result = { kind: 'failed', statusCode: null, error: 'internal error while sending' }
    }
    const now = this.now()
    const step = nextStep(result, delivery.attempts, now, this.policy, this.random)
    const statusCode = result.kind === 'undeliverable' ? null : result.statusCode
    const error = result.kind === 'delivered' ? null : result.error
    try {
      const recorded = await recordAttempt(this.database.db, {
        id: delivery.id,
        workerId: this.workerId,
        attempt: delivery.attempts,
        step,
        statusCode,
        error,
        now,
        submissionKey: delivery.submission_key,
        destinationId: delivery.destination_id,
      })
      const logFields = {
        ...fields,
        status: step.status,
        statusCode,
        ...(error === null ? {} : { error }),
        ...(step.status === 'pending' ? { nextAttemptAt: step.nextAttemptAt.toISOString() } : {}),
      }
      if (!recorded) {
        this.logger?.warn(logFields, 'delivery lease lost; another worker owns this delivery now')
      } else if (step.status === 'dead') {
        this.logger?.warn(logFields, 'delivery dead')
      } else {
        this.logger?.info(logFields, 'delivery attempt')
      }
    } catch (recordError) {
      // The lease runs out and the row is tried again: at least once, never lost.
      this.logger?.error({ ...fields, err: recordError }, 'delivery result not recorded')
    }
  }

  private async send(delivery: DeliveryRow): Promise<AttemptResult> {
    const destination = findDestination(
      this.destinations(),
      delivery.brand,
      delivery.destination_id,
    )
    // Configuration may come back (a rolling deploy, a typo fixed): retried like a lender outage.
    if (destination === undefined) {
      return { kind: 'failed', statusCode: null, error: 'destination not configured' }
    }
    let body: string | undefined
    try {
      body = await this.loadPayload(this.database.db, delivery.submission_key)
    } catch {
      return { kind: 'failed', statusCode: null, error: 'submission could not be read' }
    }
    if (body === undefined) return { kind: 'undeliverable', error: 'submission not found' }

    const timeout = AbortSignal.timeout(this.requestTimeoutMs)
    let response: Response
    try {
      response = await fetch(destination.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'idempotency-key': delivery.submission_key,
          'forecourt-delivery-attempt': String(delivery.attempts),
          ...webhookHeaders({
            id: delivery.id,
            timestamp: unixSeconds(this.now()),
            body,
            secret: destination.secret,
          }),
        },
        body,
        // A redirect would carry a signed application to an address nobody configured.
        redirect: 'manual',
        signal: AbortSignal.any([timeout, this.abandon.signal]),
      })
    } catch (error) {
      return { kind: 'failed', statusCode: null, error: this.describeSendError(error, timeout) }
    }
    // Only the status matters; the body is dropped so the connection can be reused.
    await response.body?.cancel().catch(() => undefined)

    const statusCode = response.status
    switch (classifyStatus(statusCode)) {
      case 'delivered':
        return { kind: 'delivered', statusCode }
      case 'failed': {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.now())
        return {
          kind: 'failed',
          statusCode,
          error: `HTTP ${statusCode}`,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        }
      }
      case 'rejected':
        return {
          kind: 'rejected',
          statusCode,
          error:
            statusCode >= 300 && statusCode < 400
              ? `HTTP ${statusCode} redirect (not followed)`
              : `HTTP ${statusCode}`,
        }
    }
  }

  /** A short reason without the address or anything the lender wrote back. */
  private describeSendError(error: unknown, timeout: AbortSignal): string {
    if (this.abandon.signal.aborted) return 'abandoned at shutdown before the lender answered'
    if (timeout.aborted) {
      const ms = this.requestTimeoutMs
      return `no answer within ${ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`}`
    }
    const cause = (error as { cause?: { code?: unknown } }).cause
    const code = typeof cause?.code === 'string' ? cause.code : undefined
    return code === undefined ? 'network error' : `network error (${code})`
  }
}

/** The worker as the server and `npm run worker` run it: the configured destinations and data keys. */
export function createDeliveryWorker(
  config: Pick<Config, 'lenderDestinations' | 'dataKeys'>,
  database: Database,
  logger: DeliveryLogger,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  return new DeliveryWorker({
    database,
    loadPayload: submittedPayloadLoader(config.dataKeys),
    destinations: () => config.lenderDestinations,
    logger,
    ...options,
  })
}
