// Load shedding: past a number of requests in flight, a new one is refused at once (503 + Retry-After)
// instead of joining a queue that makes every request slow and finally the process fall over. In flight
// means read but not yet answered: the queue this process can see. The server's maximum submission rate
// needs about as many requests in flight as there are clients sending as fast as they can (twenty in
// `npm run bench:api`); only a queue well beyond that means more arrives than the server can serve.
// The probes are never refused: a busy process is alive, and its readiness is about the database.
// Decision record: docs/decisions/1431-load-shedding.md.

import type { FastifyInstance } from 'fastify'
import { SERVICE_UNAVAILABLE } from './error-handler'

export interface LoadSheddingOptions {
  /** Requests in flight beyond which new ones are refused; 0 switches shedding off. */
  maxInFlight: number
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number
}

const EXEMPT = new Set(['/api/health', '/api/ready'])

/** How often, at most, a line says that load is being shed and how much. */
const REPORT_INTERVAL_MS = 1000

export interface LoadGauge {
  /** Requests read and not yet answered, probes left out. */
  inFlight(): number
  /** Requests refused since the process started. */
  refused(): number
}

declare module 'fastify' {
  interface FastifyInstance {
    loadGauge: LoadGauge
  }
}

/**
 * Registered on the root instance before the routes and after the security headers (so a refusal still
 * carries them), as the first hook that can refuse: a refused request costs no body parsing, no
 * anti-forgery check and no database.
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const { maxInFlight, retryAfterSeconds } = options
  let inFlight = 0
  let refused = 0
  let refusedSinceReport = 0
  let lastReport = 0
  app.decorate('loadGauge', { inFlight: () => inFlight, refused: () => refused })
  if (maxInFlight === 0) return

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? ''
    if (EXEMPT.has(path)) return
    if (inFlight >= maxInFlight) {
      refused += 1
      refusedSinceReport += 1
      const now = Date.now()
      if (now - lastReport >= REPORT_INTERVAL_MS) {
        request.log.warn({ inFlight, refused: refusedSinceReport }, 'shedding load')
        lastReport = now
        refusedSinceReport = 0
      }
      return reply
        .code(503)
        .header('retry-after', String(retryAfterSeconds))
        .send(SERVICE_UNAVAILABLE)
    }
    inFlight += 1
    // 'close' comes once the answer is sent and also when the client goes away first, so the count
    // never leaks a request that was not answered.
    reply.raw.once('close', () => {
      inFlight -= 1
    })
  })
}
