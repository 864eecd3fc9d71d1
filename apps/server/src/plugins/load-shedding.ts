// Load shedding: past a number of requests in flight, a new one is refused at once (503 + Retry-After)
// instead of joining a queue that makes every request slow and finally the process fall over. The server's
// maximum submission rate needs about as many requests in flight as there are clients sending as fast as
// they can (twenty in `npm run bench:api`); only a queue well beyond that means more arrives than the
// server can serve. The probes are never refused: a busy process is alive.
//
// A request whose body is still arriving costs a socket and a few bytes, not the server's time, so it is
// not "in flight" yet: it is "receiving" until its body has arrived, and then in flight until answered.
// Receiving requests have a cap of their own in total, and every client address a cap on all its
// requests. The HTTP server closes a request whose headers and body have not all arrived within
// REQUEST_TIMEOUT_MS (app.ts).
//
// Places come in three pools, each with its own caps, so that filling one refuses nothing in the others:
// the applicant's (pages and API), the back office's (its API, sign-in included, and every request on its
// host) and the lenders' decision callbacks. In each pool, a client's share of the receiving places
// shrinks as they fill: the free places divided among the addresses holding some (the newcomer
// included), never fewer than two; so clients sending bodies a byte at a time, from however many
// addresses, hold about half the pool at most, and a client sending one or two requests at a time still
// gets in. Decision records: docs/decisions/1431-load-shedding.md, 1571-slow-bodies-and-per-client-caps.md,
// 2121-request-pools-and-shrinking-shares.md.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isBackOfficeHost } from './back-office-front-end'
import { SERVICE_UNAVAILABLE } from './error-handler'

export interface LoadSheddingOptions {
  /** The applicant's requests in flight (body received, not yet answered) beyond which new ones are refused; 0: never. */
  maxInFlight: number
  /** Requests of one client address in one pool, receiving or in flight, beyond which its new ones are refused; 0: no cap. */
  maxPerClient: number
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number
  /** The back office's host: every request on it is in the back office's pool. */
  backOfficeHost?: string
}

const EXEMPT = new Set(['/api/health', '/api/ready'])

/** How often, at most, a line says that load is being shed and how much. */
const REPORT_INTERVAL_MS = 1000

/**
 * Bodies still arriving, in a pool, as a multiple of its places in flight: sockets are cheap, but not free
 * (each holds a file descriptor and up to the body limit in memory). With the defaults, 1,024 for the
 * applicant's pool.
 */
export const RECEIVING_PER_IN_FLIGHT = 16

/**
 * The back office's and the lenders' pools, each a fraction of the applicant's (with the defaults 16 in
 * flight and 256 receiving): a team of brokers and a few lenders, not the public.
 */
export const SMALL_POOL_FRACTION = 4

/** A client's share of a pool's receiving places never shrinks below this: a browser's write and its retry. */
export const MIN_SHARE = 2

export const POOLS = ['applicant', 'back-office', 'lenders'] as const
export type PoolName = (typeof POOLS)[number]

export type ShedReason = 'in-flight' | 'client' | 'receiving'

export interface PoolGauge {
  /** Requests whose body has arrived and that are not yet answered, probes left out. */
  inFlight(): number
  /** Requests whose body is still arriving. */
  receiving(): number
  /** The caps: places in flight and receiving places (0: no cap). */
  readonly maxInFlight: number
  readonly maxReceiving: number
}

export interface LoadGauge {
  /** Requests in flight, every pool together. */
  inFlight(): number
  /** Requests whose body is still arriving, every pool together. */
  receiving(): number
  /** Requests refused since the process started. */
  refused(): number
  /** One pool's counts. */
  pool(name: PoolName): PoolGauge
  /**
   * True while every place in flight of the applicant's pool is taken: the server's time is used up, and a
   * new applicant's request is refused whoever sent it. Bodies still arriving never make it true.
   */
  saturated(): boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    loadGauge: LoadGauge
  }
}

/** One key per client address; an IPv4 address reached over IPv6 (::ffff:a.b.c.d) is the same client. */
export function clientKey(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip
}

/** The pool a request takes its places in. */
export function poolOf(path: string, onBackOfficeHost: boolean): PoolName {
  if (onBackOfficeHost || path.startsWith('/api/back-office/')) return 'back-office'
  if (path.startsWith('/api/lender-decisions/')) return 'lenders'
  return 'applicant'
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length !== '0'
}

interface Pool {
  readonly maxInFlight: number
  readonly maxReceiving: number
  inFlight: number
  receiving: number
  /** Requests of each client address, receiving or in flight. */
  readonly clients: Map<string, number>
  /** Requests of each client address whose body is still arriving. */
  readonly receivingClients: Map<string, number>
}

function newPool(maxInFlight: number): Pool {
  return {
    maxInFlight,
    maxReceiving: maxInFlight * RECEIVING_PER_IN_FLIGHT,
    inFlight: 0,
    receiving: 0,
    clients: new Map(),
    receivingClients: new Map(),
  }
}

function add(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const count = (counts.get(key) ?? 0) + by
  if (count <= 0) counts.delete(key)
  else counts.set(key, count)
}

/**
 * How many bodies one client address may have arriving in a pool at once: the pool's free receiving
 * places divided among the addresses holding some (this one included), between MIN_SHARE and
 * maxPerClient. Addresses that keep their bodies arriving for as long as they can end up holding about
 * half the places, and the other half stays free for everyone else.
 */
export function shareOf(
  pool: Pick<Pool, 'maxReceiving' | 'receiving' | 'receivingClients'>,
  key: string,
  maxPerClient: number,
): number {
  if (maxPerClient === 0) return Number.POSITIVE_INFINITY
  if (pool.maxReceiving === 0) return maxPerClient
  const holders = pool.receivingClients.size + (pool.receivingClients.has(key) ? 0 : 1)
  const free = pool.maxReceiving - pool.receiving
  return Math.min(maxPerClient, Math.max(MIN_SHARE, Math.floor(free / holders)))
}

/**
 * Registered on the root instance before the routes and after the security headers (so a refusal still
 * carries them), as the first hook that can refuse: a refused request costs no body parsing, no
 * anti-forgery check and no database.
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const { maxInFlight, maxPerClient, retryAfterSeconds, backOfficeHost } = options
  const small = maxInFlight === 0 ? 0 : Math.ceil(maxInFlight / SMALL_POOL_FRACTION)
  const pools: Record<PoolName, Pool> = {
    applicant: newPool(maxInFlight),
    'back-office': newPool(small),
    lenders: newPool(small),
  }
  const all = Object.values(pools)
  let refused = 0
  const refusedSinceReport = new Map<string, number>()
  let lastReport = 0
  /** For a request whose body is arriving: moves it from receiving to in flight. */
  const arrived = new WeakMap<FastifyRequest, { name: PoolName; move: () => boolean }>()
  const applicant = pools.applicant
  app.decorate('loadGauge', {
    inFlight: () => all.reduce((sum, pool) => sum + pool.inFlight, 0),
    receiving: () => all.reduce((sum, pool) => sum + pool.receiving, 0),
    refused: () => refused,
    pool: (name: PoolName) => {
      const pool = pools[name]
      return {
        inFlight: () => pool.inFlight,
        receiving: () => pool.receiving,
        maxInFlight: pool.maxInFlight,
        maxReceiving: pool.maxReceiving,
      }
    },
    saturated: () => applicant.maxInFlight !== 0 && applicant.inFlight >= applicant.maxInFlight,
  })
  if (maxInFlight === 0 && maxPerClient === 0) return

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: PoolName,
    reason: ShedReason,
  ) => {
    refused += 1
    const kind = `${name} ${reason}`
    refusedSinceReport.set(kind, (refusedSinceReport.get(kind) ?? 0) + 1)
    const now = Date.now()
    if (now - lastReport >= REPORT_INTERVAL_MS) {
      // Counts only: a client's address is personal data and never logged.
      const counts = (field: 'inFlight' | 'receiving') =>
        Object.fromEntries(POOLS.map((pool) => [pool, pools[pool][field]]))
      request.log.warn(
        {
          inFlight: counts('inFlight'),
          receiving: counts('receiving'),
          refused: Object.fromEntries(refusedSinceReport),
        },
        'shedding load',
      )
      lastReport = now
      refusedSinceReport.clear()
    }
    return reply
      .code(503)
      .header('retry-after', String(retryAfterSeconds))
      .send(SERVICE_UNAVAILABLE)
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? ''
    if (EXEMPT.has(path)) return
    const name = poolOf(
      path,
      backOfficeHost !== undefined && isBackOfficeHost(request, backOfficeHost),
    )
    const pool = pools[name]
    const key = clientKey(request.ip)
    const withBody = hasBody(request)
    const reason: ShedReason | undefined =
      pool.maxInFlight !== 0 && pool.inFlight >= pool.maxInFlight
        ? 'in-flight'
        : maxPerClient !== 0 && (pool.clients.get(key) ?? 0) >= maxPerClient
          ? 'client'
          : !withBody
            ? undefined
            : pool.maxReceiving !== 0 && pool.receiving >= pool.maxReceiving
              ? 'receiving'
              : (pool.receivingClients.get(key) ?? 0) >= shareOf(pool, key, maxPerClient)
                ? 'client'
                : undefined
    if (reason !== undefined) return refuse(request, reply, name, reason)
    add(pool.clients, key, 1)
    let stage: 'receiving' | 'in-flight' | 'refused' = withBody ? 'receiving' : 'in-flight'
    const leaveReceiving = () => {
      pool.receiving -= 1
      add(pool.receivingClients, key, -1)
    }
    if (!withBody) pool.inFlight += 1
    else {
      pool.receiving += 1
      add(pool.receivingClients, key, 1)
      const move = () => {
        if (stage !== 'receiving') return true
        leaveReceiving()
        // Bodies that arrived together may find every place taken: the last is refused now, so the
        // count in flight never passes its cap.
        if (pool.maxInFlight !== 0 && pool.inFlight >= pool.maxInFlight) {
          stage = 'refused'
          return false
        }
        stage = 'in-flight'
        pool.inFlight += 1
        return true
      }
      arrived.set(request, { name, move })
    }
    // 'close' comes once the answer is sent and also when the client goes away first (or the server
    // closed a request that took too long), so the counts never leak a request that was not answered.
    reply.raw.once('close', () => {
      if (stage === 'receiving') leaveReceiving()
      else if (stage === 'in-flight') pool.inFlight -= 1
      add(pool.clients, key, -1)
    })
  })
  // The body has arrived (or there was none): the request now takes the server's time.
  app.addHook('preValidation', async (request, reply) => {
    const receiving = arrived.get(request)
    if (receiving === undefined) return
    arrived.delete(request)
    if (!receiving.move()) return refuse(request, reply, receiving.name, 'in-flight')
  })
}
