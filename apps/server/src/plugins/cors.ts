// Cross-origin access to the API is closed unless CORS_ORIGINS names the origins that may call it (the
// specification's "{submissions host}" on another origin of the same site). Closed means no
// Access-Control-* header on any answer, so browsers keep other origins' scripts from reading answers
// and refuse their preflights; writes from other sites are refused by the anti-forgery check anyway.
// Decision record: docs/decisions/0803-*.

import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { APPLICATION_SECRET_HEADER } from '@forecourt/domain/application-secret/application-secret'
import { CSRF_HEADER } from './anti-forgery'

export const ALLOWED_METHODS = 'GET, POST'
/**
 * CORS never applies to the back office's API (decision 2114): its answers hold personal data and its session
 * cookie is the operator's, so no other origin, listed or not, may read them.
 */
const NEVER_CROSS_ORIGIN = '/api/back-office/'
export const ALLOWED_HEADERS = `content-type, ${CSRF_HEADER}, ${APPLICATION_SECRET_HEADER}`
// Ten minutes: Chromium's own cap is two hours, and an origin removed from the list should stop working soon.
const PREFLIGHT_MAX_AGE_SECONDS = '600'

export async function registerCors(
  app: FastifyInstance,
  config: Pick<Config, 'corsOrigins'>,
): Promise<void> {
  if (config.corsOrigins.length === 0) return
  const allowed = new Set(config.corsOrigins)
  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && allowed.has(origin) ? origin : undefined

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith(NEVER_CROSS_ORIGIN)) return
    // The answer differs by Origin, so no cache may give one origin's answer to another.
    reply.header('vary', 'Origin')
    const origin = allowedOrigin(request.headers.origin)
    if (origin === undefined) return
    reply.header('access-control-allow-origin', origin)
    // The anti-forgery cookie must travel, and the client sends it with credentials: 'include'.
    reply.header('access-control-allow-credentials', 'true')
    reply.header('access-control-expose-headers', 'retry-after')
  })

  app.options('/api/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.url.startsWith(NEVER_CROSS_ORIGIN)
      ? undefined
      : allowedOrigin(request.headers.origin)
    if (origin !== undefined) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS)
      reply.header('access-control-allow-headers', ALLOWED_HEADERS)
      reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
    }
    return reply.code(204).send()
  })
}
