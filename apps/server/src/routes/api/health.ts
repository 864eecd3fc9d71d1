// Liveness: the process answers. It never touches the database, so an outage there does not get a healthy
// process restarted (readiness, in ready.ts, reports the database).

import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import { applicantResponses } from './applicant-contract'

const schema = { response: applicantResponses('GET /api/health') }

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: ApplicantReply<'GET /api/health'> }>('/api/health', { schema }, async () => ({
    status: 'ok' as const,
  }))
}
