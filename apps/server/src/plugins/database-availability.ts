// What the server does while its database is gone (docs/requirements.md#quality-bars: a quick 503 and readiness false, recovered
// without a restart). An error that means the database cannot be reached, or is locked by another
// process, answers 503 with Retry-After rather than 500, and closes the gate: the writes waiting for the
// database are answered 503 at once, and new ones are refused before their body is read; readiness says
// unavailable. A database that says nothing fails no query, so a write still waiting after half a second,
// when no other has been stored meanwhile, makes the gate ask the database (a second at most) whether it
// can write; a write still waiting after DATABASE_WRITE_TIMEOUT_MS is answered 503 whatever the answer.
// While the gate is closed the database is asked again straight away and then every second; the first
// answer opens it. A write answered 503 that commits after all is safe: the applicant's retry, with the
// same key and body, gets the stored answer. Decision record: docs/decisions/1432-database-outage.md.

import { sql, type Kysely } from 'kysely'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import type { Tables } from '../db/tables'
import { isApiWrite } from './anti-forgery'
import { SERVICE_UNAVAILABLE } from './error-handler'

export const DATABASE_RETRY_AFTER_SECONDS = 5
/** How long the database may take to answer a check before it counts as unavailable. */
export const CHECK_TIMEOUT_MS = 1000
/** A write waiting this long makes the gate check the database. */
export const SUSPECT_AFTER_MS = 500
const RECHECK_INTERVAL_MS = 1000

// Node's socket errors on the way to the database.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres's own words for a connection that failed, timed out or dropped.
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
]
// SQLite's "cannot do it now": locked by another connection, the disk or file unusable. Extended codes
// (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE…) start with these.
const SQLITE_PREFIXES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_PROTOCOL',
]

/**
 * Whether an error means the database is unavailable (try again later) rather than that the request or
 * the code is wrong: network errors, PostgreSQL's connection exceptions (SQLSTATE class 08), shutdowns
 * (57P01–57P03), cancelled statements (57014, statement_timeout) and exhausted resources (class 53), and
 * SQLite's busy, locked, I/O, full, cannot-open and read-only errors.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false
  const { code, message, errors, cause } = error as {
    code?: unknown
    message?: unknown
    errors?: unknown
    cause?: unknown
  }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true
    if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '57014') {
      return true
    }
    if (SQLITE_PREFIXES.some((prefix) => code.startsWith(prefix))) return true
  }
  if (
    typeof message === 'string' &&
    PG_CONNECTION_MESSAGES.some((words) => message.startsWith(words))
  ) {
    return true
  }
  // A connection to a name with several addresses fails with all of them together.
  if (Array.isArray(errors) && errors.some((item) => isDatabaseUnavailable(item, depth + 1))) {
    return true
  }
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1)
}

export interface DatabaseAvailability {
  /** false from an unavailable-database error until the database answers a check again. */
  available(): boolean
  /** Tells it about an error; true (and the gate closes) when the error means the database is gone. */
  report(error: unknown): boolean
  /**
   * Asks the database now (one check at a time): true when it answered. Readiness asks this; 'write'
   * also asks whether a write could start now.
   */
  check(kind?: CheckKind): Promise<boolean>
  /** A write is taking long: asks whether the database can write, and closes the gate if not. */
  suspect(): void
  /** Calls `listener` each time the gate closes. */
  onUnavailable(listener: () => void): void
  /** Stops the rechecks (the app is closing). */
  stop(): void
}

export type CheckKind = 'read' | 'write'

/**
 * The check: `select 1`; on SQLite a 'write' check also takes the write lock for a moment, since another
 * process holding it leaves reads working. It does not wait on the lock (this connection is the one
 * reads use, and a wait would stop the event loop); it tries again a few times, as the server's own
 * writer holds the lock for a few milliseconds per batch.
 */
export function databaseCheck(db: Kysely<Tables>, dialect: 'sqlite' | 'postgres') {
  return async (kind: CheckKind): Promise<void> => {
    if (dialect === 'postgres' || kind === 'read') {
      await sql`select 1`.execute(db)
      return
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await takeWriteLockForAMoment(db)
        return
      } catch (error) {
        if (attempt >= SQLITE_LOCK_ATTEMPTS || !isDatabaseUnavailable(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, SQLITE_LOCK_RETRY_MS))
      }
    }
  }
}

const SQLITE_LOCK_ATTEMPTS = 10
const SQLITE_LOCK_RETRY_MS = 25

async function takeWriteLockForAMoment(db: Kysely<Tables>): Promise<void> {
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection)
    const wait = Number(rows[0]?.timeout ?? 0)
    await sql`pragma busy_timeout = 0`.execute(connection)
    try {
      await sql`begin immediate`.execute(connection)
      await sql`rollback`.execute(connection)
    } finally {
      await sql.raw(`pragma busy_timeout = ${Number.isFinite(wait) ? wait : 0}`).execute(connection)
    }
  })
}

export function createDatabaseAvailability(options: {
  check: (kind: CheckKind) => Promise<unknown>
  log: FastifyBaseLogger
  timeoutMs?: number
  recheckIntervalMs?: number
}): DatabaseAvailability {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS
  const recheckIntervalMs = options.recheckIntervalMs ?? RECHECK_INTERVAL_MS
  const listeners: (() => void)[] = []
  const checking = new Map<CheckKind, Promise<boolean>>()
  let down = false
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const goDown = (error: unknown) => {
    if (down) return
    down = true
    options.log.warn({ err: error }, 'database unavailable: refusing writes')
    for (const listener of listeners) listener()
  }

  const scheduleRecheck = (delayMs: number) => {
    if (stopped || timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      void check('write').then((ok) => {
        if (!ok) scheduleRecheck(recheckIntervalMs)
      })
    }, delayMs)
    // A recheck never keeps the process alive.
    timer.unref()
  }

  const check = (asked: CheckKind = 'read'): Promise<boolean> => {
    // While the database is down, every check asks whether it can write again: what the gate waits for.
    const kind = down ? 'write' : asked
    const running = checking.get(kind)
    if (running !== undefined) return running
    const result = withTimeout(options.check(kind), timeoutMs)
      .then(
        () => {
          if (down) {
            down = false
            options.log.info('database available again')
          }
          return true
        },
        (error: unknown) => {
          goDown(error)
          scheduleRecheck(recheckIntervalMs)
          return false
        },
      )
      .finally(() => checking.delete(kind))
    checking.set(kind, result)
    return result
  }

  return {
    available: () => !down,
    report(error) {
      if (!isDatabaseUnavailable(error)) return false
      if (!down) {
        goDown(error)
        // At once: a lock held for a moment should cost a moment.
        scheduleRecheck(0)
      }
      return true
    },
    check,
    suspect() {
      if (!down) void check('write')
    },
    onUnavailable(listener) {
      listeners.push(listener)
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
    },
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseAvailability: DatabaseAvailability
  }
}

/** Writes that need the database: every API write except the telemetry beacon. */
export function needsDatabase(method: string, url: string): boolean {
  return isApiWrite(method, url) && url !== '/api/events'
}

/**
 * Decorates the app with the availability; refuses the database writes at once while the database is
 * gone, and answers those waiting when it goes; asks the database about a write waiting long; answers a
 * write still waiting after `writeTimeoutMs` (0: never). Registered on the root instance before the
 * routes, so its onRoute hook sees all of them.
 */
export function registerDatabaseGate(
  app: FastifyInstance,
  availability: DatabaseAvailability,
  options: { writeTimeoutMs: number },
): void {
  app.decorate('databaseAvailability', availability)
  app.addHook('onClose', async () => availability.stop())
  const waiting = new Set<FastifyReply>()
  /** When a database write was last answered 2xx: the database is making progress. */
  let lastStoredAt = Number.NEGATIVE_INFINITY
  const unavailable = (reply: FastifyReply) => {
    if (reply.sent) return
    // The route's own answer, when it comes, finds this one sent and is dropped (Fastify logs a warning).
    void reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(SERVICE_UNAVAILABLE)
  }
  availability.onUnavailable(() => {
    for (const reply of waiting) unavailable(reply)
  })

  const gate: onRequestAsyncHookHandler = async (_request, reply) => {
    if (!availability.available()) {
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(SERVICE_UNAVAILABLE)
    }
  }
  // The write waits for the database only once its body has arrived: a client that sends its body slowly
  // is slow itself, and must neither make the gate suspect the database nor be logged as a database
  // timeout (decision 1571).
  const watchWrite: preHandlerAsyncHookHandler = async (request, reply) => {
    if (reply.sent) return
    waiting.add(reply)
    // Only a write waiting while no other has been stored for as long is suspect: under a heavy load
    // writes wait too, but keep being stored (and on SQLite the server's own writer then holds the lock,
    // which the check would take for someone else's).
    let suspect: NodeJS.Timeout | undefined
    const watch = () => {
      suspect = setTimeout(() => {
        if (performance.now() - lastStoredAt < SUSPECT_AFTER_MS) watch()
        else availability.suspect()
      }, SUSPECT_AFTER_MS)
    }
    watch()
    const deadline =
      options.writeTimeoutMs === 0
        ? undefined
        : setTimeout(() => {
            request.log.warn(
              { timeoutMs: options.writeTimeoutMs },
              'write timed out waiting for the database',
            )
            unavailable(reply)
          }, options.writeTimeoutMs)
    reply.raw.once('close', () => {
      waiting.delete(reply)
      clearTimeout(suspect)
      clearTimeout(deadline)
      if (reply.statusCode >= 200 && reply.statusCode < 300) lastStoredAt = performance.now()
    })
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.some((method) => needsDatabase(method, route.url))) return
    const existing = route.onRequest
    route.onRequest = [
      gate,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ]
    const handlers = route.preHandler
    route.preHandler = [
      watchWrite,
      ...(handlers === undefined ? [] : Array.isArray(handlers) ? handlers : [handlers]),
    ]
  })
}
