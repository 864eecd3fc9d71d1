// The subject access export in the back office: the applications that may be the same person's, for the
// admin to choose from, and the export of what is held about them. Decision record:
// docs/decisions/2042-subject-export-candidates-chosen-by-the-admin.md.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import { DataExportBodySchema } from '@forecourt/domain/contract/back-office-requests'
import { readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import {
  NotACandidate,
  subjectAccessExport,
  subjectCandidates,
} from '../../../back-office/data-export'
import { invalid, type BackOfficeContext } from './back-office-context'
import {
  APPLICATION_MESSAGES,
  applicationScope,
  ERASED,
  visibleApplicationIn,
  type Params,
} from './application-route-helpers'

export const subjectExportRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context
  const scope = applicationScope
  const visibleApplication = visibleApplicationIn(db)

  // The applications that may be the same person's, for the admin to choose from (decision 2042).
  app.get<{
    Params: Params
    Reply: BackOfficeReply<'GET /api/back-office/applications/:applicationKey/data-export/candidates'>
  }>(
    '/api/back-office/applications/:applicationKey/data-export/candidates',
    { config: { backOfficeAccess: 'export' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const { visible, all } = scope(request)
      const candidates = await subjectCandidates(db, {
        applicationKey: found.header.applicationKey,
        brands: all ? 'all' : visible,
        dataKeys,
        searchIndexKey: context.searchIndexKey,
      })
      return { candidates }
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/data-export'>
  }>(
    '/api/back-office/applications/:applicationKey/data-export',
    { config: { backOfficeAccess: 'export' } },
    async (request, reply) => {
      const found = await visibleApplication(request, reply)
      if (found === undefined) return reply
      if (found.state === 'erased') return reply.code(409).send({ error: ERASED })
      const { operator, visible, all } = scope(request)
      const read = readFields(DataExportBodySchema, request.body)
      const include = read.ok ? read.values.include : undefined
      const invalidInclude = () =>
        invalid(reply, APPLICATION_MESSAGES.invalidExport, [
          { field: 'include', message: APPLICATION_MESSAGES.include },
        ])
      if (include === undefined) return invalidInclude()
      const now = context.now()
      let result
      try {
        result = await subjectAccessExport(db, {
          applicationKey: found.header.applicationKey,
          brands: all ? 'all' : visible,
          dataKeys,
          searchIndexKey: context.searchIndexKey,
          include,
        })
      } catch (error) {
        if (error instanceof NotACandidate) return invalidInclude()
        throw error
      }
      await appendAudit(db, {
        operatorId: operator.id,
        action: 'application.data-exported',
        applicationKey: found.header.applicationKey,
        detail: { applications: result.applications.length },
        at: now,
      })
      return { generatedAt: now.toISOString(), generatedBy: operator.email, ...result }
    },
  )
}
