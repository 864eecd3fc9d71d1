// One place that turns a thrown error into an answer. A server fault never tells the client why (the log
// does); a client mistake gets a clear JSON message. Fastify's own 4xx messages (schema validation, bad
// JSON, body too large) name the field and the rule but never quote the value sent.

import type { FastifyError, FastifyInstance } from 'fastify'

export interface ErrorBody {
  error: string
}

export const INTERNAL_ERROR: ErrorBody = { error: 'Internal error' }

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode ?? 500
    if (statusCode >= 400 && statusCode < 500) {
      // The message is the client's business; the log keeps only what identifies the kind of mistake.
      request.log.info({ code: error.code, statusCode }, 'request rejected')
      return reply.code(statusCode).send({ error: error.message } satisfies ErrorBody)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(statusCode >= 500 ? statusCode : 500).send(INTERNAL_ERROR)
  })
}
