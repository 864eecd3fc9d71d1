// Liveness: the process answers. It never touches the database, so an outage there does not get a healthy
// process restarted (readiness, in ready.ts, reports the database).

import type { FastifyPluginAsync } from 'fastify'

const schema = {
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string', const: 'ok' } },
      required: ['status'],
      additionalProperties: false,
    },
  },
} as const

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { schema }, async () => ({ status: 'ok' }))
}
