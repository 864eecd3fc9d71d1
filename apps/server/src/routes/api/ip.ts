// The client's address, in the shape of the public IP-lookup service the specification calls (GET with
// format=json, answer field `ip`), so the front end needs no third party. Behind a proxy the address comes
// from X-Forwarded-For only when TRUST_PROXY says that proxy may be believed.

import type { FastifyPluginAsync } from 'fastify'

const schema = {
  querystring: {
    type: 'object',
    // Accepted and ignored: the answer is always JSON.
    properties: { format: { type: 'string' } },
  },
  response: {
    200: {
      type: 'object',
      properties: { ip: { type: 'string' } },
      required: ['ip'],
      additionalProperties: false,
    },
  },
} as const

export const ipRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/ip', { schema }, async (request) => ({ ip: request.ip }))
}
