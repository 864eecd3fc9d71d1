// Load shedding: past a number of requests in flight, a new one is refused at once (503 + Retry-After)
// instead of joining a queue that makes every request slow and finally the process fall over. The server's
// maximum submission rate needs about as many requests in flight as there are clients sending as fast as
// they can (twenty in `npm run bench:api`); only a queue well beyond that means more arrives than the
// server can serve. The probes are never refused: a busy process is alive.
//
// A request whose body is still arriving costs a socket and a few bytes, not the server's time, so it is
// not "in flight" yet: it is "receiving" until its body has arrived, and then in flight until answered.
// Receiving requests have a cap of their own in total, and every client address a cap on all its
// requests; so a client sending bodies a byte at a time holds a few places of its own and never the places
// other clients need. The HTTP server closes a request whose headers and body have not all
// arrived within REQUEST_TIMEOUT_MS (app.ts). Decision records: docs/decisions/1431-load-shedding.md,
// 1571-slow-bodies-and-per-client-caps.md.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SERVICE_UNAVAILABLE } from './error-handler'

export interface LoadSheddingOptions {
  /** Requests in flight (body received, not yet answered) beyond which new ones are refused; 0: never. */
  maxInFlight: number
  /** Requests of one client address, receiving or in flight, beyond which its new ones are refused; 0: no cap. */
  maxPerClient: number
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number
}

const EXEMPT = new Set(['/api/health', '/api/ready'])

/** How often, at most, a line says that load is being shed and how much. */
const REPORT_INTERVAL_MS = 1000

/**
 * Bodies still arriving, in total, as a multiple of maxInFlight: sockets are cheap, but not free (each holds
 * a file descriptor and up to the body limit in memory). With the defaults, 1,024: twenty clients each at
 * their cap of 32 hold 640, and the others still find places.
 */
export const RECEIVING_PER_IN_FLIGHT = 16

export type ShedReason = 'in-flight' | 'client' | 'receiving'

export interface LoadGauge {
  /** Requests whose body has arrived and that are not yet answered, probes left out. */
  inFlight(): number
  /** Requests whose body is still arriving. */
  receiving(): number
  /** Requests refused since the process started. */
  refused(): number
  /** True while a new request would be refused whoever sent it: every place in flight or receiving taken. */
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

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length !== '0'
}

/**
 * Registered on the root instance before the routes and after the security headers (so a refusal still
 * carries them), as the first hook that can refuse: a refused request costs no body parsing, no
 * anti-forgery check and no database.
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const { maxInFlight, maxPerClient, retryAfterSeconds } = options
  const maxReceiving = maxInFlight * RECEIVING_PER_IN_FLIGHT
  let inFlight = 0
  let receiving = 0
  let refused = 0
  const refusedSinceReport = new Map<ShedReason, number>()
  let lastReport = 0
  /** Requests of each client address, receiving or in flight. */
  const clients = new Map<string, number>()
  /** For a request whose body is arriving: moves it from receiving to in flight. */
  const arrived = new WeakMap<FastifyRequest, () => boolean>()
  const saturated = () =>
    maxInFlight !== 0 && (inFlight >= maxInFlight || receiving >= maxReceiving)
  app.decorate('loadGauge', {
    inFlight: () => inFlight,
    receiving: () => receiving,
    refused: () => refused,
    saturated,
  })
  if (maxInFlight === 0 && maxPerClient === 0) return

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: ShedReason) => {
    refused += 1
    refusedSinceReport.set(reason, (refusedSinceReport.get(reason) ?? 0) + 1)
    const now = Date.now()
    if (now - lastReport >= REPORT_INTERVAL_MS) {
      // Counts only: a client's address is personal data and never logged.
      request.log.warn(
        { inFlight, receiving, refused: Object.fromEntries(refusedSinceReport) },
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
    const key = clientKey(request.ip)
    const clientCount = clients.get(key) ?? 0
    const withBody = hasBody(request)
    const reason: ShedReason | undefined =
      maxInFlight !== 0 && inFlight >= maxInFlight
        ? 'in-flight'
        : maxPerClient !== 0 && clientCount >= maxPerClient
          ? 'client'
          : !withBody
            ? undefined
            : maxInFlight !== 0 && receiving >= maxReceiving
              ? 'receiving'
              : undefined
    if (reason !== undefined) return refuse(request, reply, reason)
    clients.set(key, clientCount + 1)
    let stage: 'receiving' | 'in-flight' | 'refused' = withBody ? 'receiving' : 'in-flight'
    if (!withBody) inFlight += 1
    else {
      receiving += 1
      arrived.set(request, () => {
        if (stage !== 'receiving') return true
        receiving -= 1
        // Bodies that arrived together may find every place taken: the last is refused now, so the
        // count in flight never passes its cap.
        if (maxInFlight !== 0 && inFlight >= maxInFlight) {
          stage = 'refused'
          return false
        }
        stage = 'in-flight'
        inFlight += 1
        return true
      })
    }
    // 'close' comes once the answer is sent and also when the client goes away first (or the server
    // closed a request that took too long), so the counts never leak a request that was not answered.
    reply.raw.once('close', () => {
      if (stage === 'receiving') receiving -= 1
      else if (stage === 'in-flight') inFlight -= 1
      const left = (clients.get(key) ?? 1) - 1
      if (left === 0) clients.delete(key)
      else clients.set(key, left)
    })
  })
  // The body has arrived (or there was none): the request now takes the server's time.
  app.addHook('preValidation', async (request, reply) => {
    const move = arrived.get(request)
    if (move === undefined) return
    arrived.delete(request)
    if (!move()) return refuse(request, reply, 'in-flight')
  })
}
