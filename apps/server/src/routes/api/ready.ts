// Readiness: can this process serve applications now? It asks the database for the cheapest possible
// answer and gives up quickly, so a load balancer stops sending traffic during an outage and resumes when
// the database is back, without a restart.

import { sql, type Kysely } from 'kysely'
import type { FastifyPluginAsync } from 'fastify'
import type { Tables } from '../../db/tables'

export interface ReadyRoutesOptions {
  db: Kysely<Tables>
  /** How long the database may take before the answer is "unavailable". */
  timeoutMs?: number
}

const statusBody = (status: 'ready' | 'unavailable') => ({
  type: 'object',
  properties: { status: { type: 'string', const: status } },
  required: ['status'],
  additionalProperties: false,
})

const schema = {
  response: { 200: statusBody('ready'), 503: statusBody('unavailable') },
} as const

export const readyRoutes: FastifyPluginAsync<ReadyRoutesOptions> = async (app, options) => {
  const { db, timeoutMs = 1500 } = options
  app.get('/api/ready', { schema }, async (request, reply) => {
    try {
      await withTimeout(sql`select 1`.execute(db), timeoutMs)
      return { status: 'ready' }
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      return reply.code(503).header('retry-after', '5').send({ status: 'unavailable' })
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
