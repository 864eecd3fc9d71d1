// Per-client rate limits on the API, with separate budgets: writes (the submission and the other writes),
// partial saves, telemetry events, evidence reports, and lookups (address, stock, ip and the other GETs).
// Probes (health, ready) are never limited: a load balancer polls them from one address. Counters live in
// Redis when REDIS_URL is set, so every API instance shares them; otherwise in this process's memory (a
// bounded LRU). The client is request.ip, which honours TRUST_PROXY. Decision records: docs/decisions/0802-*,
// 2189 (events) and 2190 (partial saves).

import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import type { Redis } from 'ioredis'
import type { Config } from '../config'

export type RateLimitGroup = 'writes' | 'saves' | 'events' | 'evidence' | 'lookups'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the onRoute hook below from the route's method and address. */
    rateLimitGroup?: RateLimitGroup
  }
}

export const RATE_LIMIT_WINDOW_MS = 60_000
export const RATE_LIMIT_NAMESPACE = 'forecourt-rate-limit:'
export const TOO_MANY_REQUESTS = 'Too many requests'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const READ_METHODS = new Set(['GET', 'HEAD'])
const UNLIMITED = new Set(['/api/health', '/api/ready'])

/** The budget a route draws on, or undefined for a route that is not limited. */
export function rateLimitGroup(method: string, url: string): RateLimitGroup | undefined {
  if (!url.startsWith('/api/') || UNLIMITED.has(url)) return undefined
  // The back office limits its own calls: per operator when signed in, per client and per account on
  // sign-in (routes/api/back-office/back-office-api.ts).
  if (url.startsWith('/api/back-office/')) return undefined
  // Telemetry has its own counter, so a chatty page can never use up the budget its submission needs.
  // So has the evidence the page reports screen by screen (decision 1654): its queue retries, and must not
  // use up what the partial saves and the submission need either.
  // And so has the partial save, which the page sends as the applicant types: several applicants behind one
  // address (an office, a mobile network's shared address) must not find their submissions refused because
  // their saves used the budget up (decision 2190). A refused save loses nothing: the page sends the
  // answers again with the next save or the submission.
  if (WRITE_METHODS.has(method)) {
    if (url === '/api/events') return 'events'
    if (url.startsWith('/api/application/')) return 'saves'
    if (url.startsWith('/api/evidence/')) return 'evidence'
    return 'writes'
  }
  if (READ_METHODS.has(method)) return 'lookups'
  return undefined
}

export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimit' | 'redisUrl'>,
): Promise<void> {
  const { writesPerMinute, eventsPerMinute, lookupsPerMinute } = config.rateLimit
  const budgets: Record<RateLimitGroup, number> = {
    writes: writesPerMinute,
    saves: writesPerMinute,
    events: eventsPerMinute,
    evidence: writesPerMinute,
    lookups: lookupsPerMinute,
  }
  const groupOf = (request: FastifyRequest): RateLimitGroup =>
    request.routeOptions.config.rateLimitGroup ?? 'lookups'

  const redis = config.redisUrl === undefined ? undefined : await connectRedis(app, config.redisUrl)

  await app.register(fastifyRateLimit, {
    // Routes opt in through the hook below, never by default.
    global: false,
    max: (request) => budgets[groupOf(request)],
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `${groupOf(request)}:${normalizeIP(request.ip)}`,
    ...(redis === undefined ? {} : { redis, nameSpace: RATE_LIMIT_NAMESPACE }),
    // A Redis outage must not take the form down with it: the request goes through unlimited.
    skipOnError: true,
    onExceeded: (request) => {
      request.log.info({ group: groupOf(request) }, 'rate limit exceeded')
    },
    // Thrown, so the error handler answers `{ "error": "Too many requests" }`; Retry-After is already set.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(TOO_MANY_REQUESTS), { statusCode: context.statusCode }),
  })
  // Without options the decorator uses the plugin's own store and settings, so one counter per group and
  // client is shared by all the group's routes.
  const limit = app.rateLimit()

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const group = methods
      .map((method) => rateLimitGroup(method, route.url))
      .find((found) => found !== undefined)
    if (group === undefined || budgets[group] === 0) return
    route.config = { ...route.config, rateLimitGroup: group }
    // First, before the anti-forgery check and the body, so a flood costs as little as possible.
    const existing = route.onRequest
    route.onRequest = [
      limit,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ]
  })
}

// ioredis is loaded only when REDIS_URL is set: a server counting in memory never holds it (decision 1961).
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    // Connected before the first request, so limits hold from the start; if Redis is away the server
    // starts anyway and ioredis keeps reconnecting in the background.
    lazyConnect: true,
    // Fail at once while Redis is away (skipOnError lets the request through) rather than hold requests
    // in a queue until it is back.
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  })
  // One line when the store goes away and one when it is back, not one per reconnection attempt. The
  // address is never logged: it may carry a password.
  let available = true
  redis.on('error', (error: Error) => {
    if (!available) return
    available = false
    app.log.warn({ err: { message: error.message } }, 'rate-limit store unavailable')
  })
  redis.on('ready', () => {
    if (available) return
    available = true
    app.log.info('rate-limit store available again')
  })
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  await redis.connect().catch(() => {
    // Already logged by the error listener.
  })
  return redis
}
