// One application's whole story in the back office: its answers, timeline, deliveries, notes, decisions,
// emails, evidence and what was kept for attention. Every read is audited. Decision records:
// docs/decisions/1605-*, 1753-*, 1823-*, 2127-*.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import type { FastifyPluginAsync } from 'fastify'
import { appendAudit } from '../../../back-office/audit-log'
import { shownAnswers } from '../../../back-office/answers'
import { applicationRecords } from '../../../back-office/application-detail'
import { visiblePayload } from '../../../back-office/find-application'
import { payloadApplicantName } from '@forecourt/domain/payload/payload-answers'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { destinationsFor } from '../../../delivery/destinations'
import { brandName, type BackOfficeContext } from './back-office-context'
import { jointConfirmationStatus } from '../../../save-return/joint-confirmation'
import { applicationScope, visibleApplicationIn, type Params } from './application-route-helpers'

export const applicationDetailRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context
  const scope = applicationScope
  const visibleApplication = visibleApplicationIn(db)

  app.get<{
    Params: Params
    Reply: BackOfficeReply<'GET /api/back-office/applications/:applicationKey'>
  }>('/api/back-office/applications/:applicationKey', async (request, reply) => {
    const found = await visibleApplication(request, reply)
    if (found === undefined) return reply
    const { operator } = scope(request)
    const { header } = found
    await appendAudit(db, {
      operatorId: operator.id,
      action: 'application.viewed',
      applicationKey: header.applicationKey,
      at: context.now(),
    })
    const payload = await visiblePayload(db, found, dataKeys)
    const records = await applicationRecords(db, header, dataKeys)
    const erasedBy =
      found.state === 'erased'
        ? ((
            await db
              .selectFrom('operators')
              .select('email')
              .where('id', '=', found.erasure.erased_by)
              .executeTakeFirst()
          )?.email ?? found.erasure.erased_by)
        : null
    return {
      application: {
        applicationKey: header.applicationKey,
        reference: applicationReference(header.applicationKey),
        brand: header.brand,
        brandName: brandName(header.brand),
        kind: header.kind,
        name: (payload && payloadApplicantName(payload)) ?? null,
        brokerStatus: records.case.brokerStatus,
        brokerStatusChangedAt: records.case.changedAt,
        brokerStatusChangedBy: records.case.changedBy,
        createdAt: header.createdAt,
        submittedAt: header.submittedAt,
        updatedAt: header.updatedAt,
        legalHold: records.legalHold,
        needsAttention: [...new Set(records.needsAttention.map((item) => item.reason))],
        erased:
          found.state === 'erased'
            ? { at: found.erasure.erased_at, by: erasedBy, reason: found.erasure.reason }
            : null,
        // Whether the joint applicant confirmed their own part (decision 1823), what they wrote to
        // correct it, and what they said is not right (decision 2127); null when not asked.
        jointConfirmation: await jointConfirmationStatus(
          db,
          header.applicationKey,
          context.now(),
        ).then((status) =>
          status === null
            ? null
            : {
                ...status,
                corrections: records.jointConfirmation?.corrections ?? null,
                disputedAt: records.jointConfirmation?.disputedAt ?? null,
                dispute: records.jointConfirmation?.dispute ?? null,
              },
        ),
      },
      answers: shownAnswers(payload, records.jointConfirmation),
      timeline: records.timeline,
      deliveries: records.deliveries,
      notes: records.notes,
      statusHistory: records.statusHistory,
      // The brand's lenders, which a commission answer names.
      lenders: destinationsFor(context.lenders, header.brand).map((lender) => lender.id),
      lenderDecisions: records.lenderDecisions,
      latestDecisions: records.latestDecisions,
      emails: records.emails,
      evidence: records.evidence,
      needsAttention: records.needsAttention,
    }
  })
}
