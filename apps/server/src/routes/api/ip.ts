// The client's address, in the shape of the public IP-lookup service the specification calls (GET with
// format=json, answer field `ip`), so the front end needs no third party. Behind a proxy the address comes
// from X-Forwarded-For only when TRUST_PROXY says that proxy may be believed.

import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import { applicantQuery, applicantResponses } from './applicant-contract'

const schema = {
  querystring: applicantQuery('GET /api/ip'),
  response: applicantResponses('GET /api/ip'),
}

export const ipRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: ApplicantReply<'GET /api/ip'> }>('/api/ip', { schema }, async (request) => ({
    ip: request.ip,
  }))
}
