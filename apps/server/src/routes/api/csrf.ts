// The anti-forgery token for clients that did not load a page first: a non-browser client, the benchmark,
// or a page served from another origin listed in CORS_ORIGINS. The token is set as the cookie too; the
// caller sends it back in the x-csrf-token header.

import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import { applicantResponses } from './applicant-contract'

const schema = {
  summary: 'An anti-forgery token, also set as the cookie it must be echoed with',
  response: applicantResponses('GET /api/csrf'),
}

export const csrfRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: ApplicantReply<'GET /api/csrf'> }>(
    '/api/csrf',
    { schema },
    async (request, reply) => ({
      token: app.antiForgery.ensureToken(request, reply),
    }),
  )
}
