// POST /api/evidence/{applicationKey}: the browser reports what it showed the applicant and what they
// agreed to or declined, and the applicant's request to be told the commission (CONC 4.5.4R). The server
// checks each text is one the brand published (id, version and the hash of its exact text), stamps its
// own clock, and appends. Decision 1654; the request's shape is in docs/api.md ("Evidence").

import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { disclosureDefinition } from '@forecourt/domain/brands/disclosures'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { ApplicantBody } from '@forecourt/domain/contract/applicant-requests'
import type { Tables } from '../../db/tables'
import { isPublishedDisclosure } from '../../evidence/disclosure-hash'
import { appendEvidence, evidenceRow } from '../../evidence/evidence-repository'
import { brandForAffiliateKey, keyParams, requireJson, sendShapeError } from './submission'
import { refuseWithoutSecret } from './application-secret'
import { applicantBody, applicantResponses } from './applicant-contract'

export interface EvidenceRoutesOptions {
  db: Kysely<Tables>
  clock?: () => Date
}

export const EVIDENCE_MESSAGES = {
  keyNotUuid: 'The application key in the address must be a UUID',
  invalid: 'Invalid evidence',
  affiliateKey: 'is not the affiliate key of a known brand',
  unpublished: 'is not a text this brand published (id, version and hash must match)',
  applicant: 'does not match the applicant this text is for',
  requestedCommission: 'only the commission disclosure can be requested',
} as const

const schema = {
  summary: 'Record what the applicant was shown and agreed to',
  description:
    "Items the browser showed (a disclosure by id, version and the SHA-256 of its exact text), agreed to or declined, or a request to be told the commission. Each item has the browser's own id: a repeated item is recorded once. The server stamps the time.",
  params: keyParams('applicationKey'),
  body: applicantBody('POST /api/evidence/:applicationKey'),
  response: applicantResponses('POST /api/evidence/:applicationKey'),
} as const

export const evidenceRoutes: FastifyPluginAsync<EvidenceRoutesOptions> = async (app, options) => {
  const { db } = options
  const clock = options.clock ?? (() => new Date())

  app.post<{
    Params: { applicationKey: string }
    Body: ApplicantBody<'POST /api/evidence/:applicationKey'>
    Reply: ApplicantReply<'POST /api/evidence/:applicationKey'>
  }>(
    '/api/evidence/:applicationKey',
    { schema, attachValidation: true, onRequest: requireJson },
    async (request, reply) => {
      if (request.validationError) {
        const error = request.validationError as {
          validationContext?: string
          validation?: unknown[]
        }
        if (error.validationContext === 'params') {
          return sendShapeError(
            reply,
            error,
            EVIDENCE_MESSAGES.keyNotUuid,
            EVIDENCE_MESSAGES.invalid,
          )
        }
        return reply.code(400).send({
          error: EVIDENCE_MESSAGES.invalid,
          errors: (error.validation ?? []).map((issue) => {
            const { instancePath, message } = issue as { instancePath?: string; message?: string }
            return {
              field: (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
              message: message ?? 'is not valid',
            }
          }),
        })
      }
      const now = clock()
      const applicationKey = request.params.applicationKey.toLowerCase()
      if (await refuseWithoutSecret(request, reply, applicationKey, now)) return reply
      const { affiliateKey, items } = request.body
      const brand = brandForAffiliateKey(affiliateKey) as BrandId | undefined
      if (brand === undefined) {
        return reply.code(400).send({
          error: EVIDENCE_MESSAGES.invalid,
          errors: [{ field: 'affiliateKey', message: EVIDENCE_MESSAGES.affiliateKey }],
        })
      }
      const errors: { field: string; message: string }[] = []
      items.forEach((item, index) => {
        const field = `items.${index}`
        const definition = disclosureDefinition(item.disclosureId)
        if (!isPublishedDisclosure(brand, item.disclosureId, item.version, item.textHash)) {
          errors.push({ field, message: EVIDENCE_MESSAGES.unpublished })
        } else if (definition?.applicant !== undefined && definition.applicant !== item.applicant) {
          errors.push({ field: `${field}.applicant`, message: EVIDENCE_MESSAGES.applicant })
        } else if (item.kind === 'requested' && item.disclosureId !== 'commission') {
          errors.push({ field: `${field}.kind`, message: EVIDENCE_MESSAGES.requestedCommission })
        }
      })
      if (errors.length > 0) {
        return reply.code(400).send({ error: EVIDENCE_MESSAGES.invalid, errors })
      }
      const recorded = await appendEvidence(
        db,
        items.map((item) =>
          evidenceRow({
            applicationKey,
            brand,
            applicant: item.applicant,
            kind: item.kind,
            disclosureId: item.disclosureId,
            version: item.version,
            textHash: item.textHash,
            channel: disclosureDefinition(item.disclosureId)?.channel ?? null,
            screen: item.screen,
            at: now,
            source: 'browser',
            clientItemId: item.id.toLowerCase(),
          }),
        ),
      )
      return reply.code(202).send({ recorded })
    },
  )
}
