// One place that turns a thrown error into an answer. A server fault never tells the client why (the log
// does); a client mistake gets a clear JSON message. Fastify's own 4xx messages (schema validation, bad
// JSON, body too large) name the field and the rule but never quote the value sent. A fault that only
// means "not now" (the database is gone) is a 503 with Retry-After, which clients retry, not a 500.

import type { FastifyError, FastifyInstance } from 'fastify'
import { isClientGone } from '../logging'

export interface ErrorBody {
  error: string
}

export const INTERNAL_ERROR: ErrorBody = { error: 'Internal error' }
export const SERVICE_UNAVAILABLE: ErrorBody = { error: 'Service unavailable' }

export interface ErrorHandlerOptions {
  /**
   * Told about every fault: true when it means a dependency is unavailable for now (decision 1432), and
   * the answer is then 503 with this Retry-After.
   */
  unavailable?: (error: unknown) => boolean
  retryAfterSeconds?: number
}

export function registerErrorHandler(
  app: FastifyInstance,
  options: ErrorHandlerOptions = {},
): void {
  const { unavailable, retryAfterSeconds = 5 } = options
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode ?? 500
    if (statusCode >= 400 && statusCode < 500) {
      // The message is the client's business; the log keeps only what identifies the kind of mistake.
      request.log.info({ code: error.code, statusCode }, 'request rejected')
      return reply.code(statusCode).send({ error: error.message } satisfies ErrorBody)
    }
    if (isClientGone(error)) {
      // A reset or aborted request thrown from a handler (a body or upload stream that stopped) is the
      // client leaving, not a fault: one info line without a stack, as in requestCompleted.
      request.log.info({ code: error.code }, 'client went away')
      return reply.code(statusCode >= 500 ? 400 : statusCode).send({ error: 'Request aborted' })
    }
    if (unavailable?.(error) === true) {
      request.log.warn({ err: error }, 'request failed: database unavailable')
      return reply
        .code(503)
        .header('retry-after', String(retryAfterSeconds))
        .send(SERVICE_UNAVAILABLE)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(statusCode >= 500 ? statusCode : 500).send(INTERNAL_ERROR)
  })
}
