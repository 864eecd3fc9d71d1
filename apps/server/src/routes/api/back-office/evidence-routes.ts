// What the broker's staff add to an application's evidence (decisions 1654, 1659, 1754): a marketing
// consent withdrawn on the applicant's request (a new record, never an edit), an answer to the
// applicant's question "How much commission will you receive?" (per lender, amount or percentage;
// CONC 4.5.4R), and the adjustment made for a flagged applicant and its outcome (FCA FG21/1). Each is
// written with its audit entry in one transaction. Also the list of commission requests still waiting.

import type { BackOfficeReply } from '@forecourt/domain/contract/back-office'
import {
  CommissionAnswerBodySchema,
  CommissionRequestsQuerySchema,
  REQUEST_MESSAGES,
  SUPPORT_NOTE_MAX_LENGTH,
  SupportNoteBodySchema,
  WithdrawalBodySchema,
} from '@forecourt/domain/contract/back-office-requests'
import { inFieldOrder, readFields } from '@forecourt/domain/contract/request-fields'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { consentDisclosureId, disclosureDefinition } from '@forecourt/domain/brands/disclosures'
import { formatNumber } from '@forecourt/domain/format/en-gb'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { findVisible } from '../../../back-office/find-application'
import { pageItems } from '../../../back-office/list-items'
import { operatorEmails } from '../../../back-office/operator-emails'
import { appendAudit } from '../../../back-office/audit-log'
import { visibleBrands } from '../../../back-office/operators'
import type { Tables } from '../../../db/tables'
import { destinationsFor } from '../../../delivery/destinations'
import {
  appendEvidence,
  commissionRequests,
  currentConsents,
  evidenceRow,
  recordCommissionAnswer,
  recordConsentWithdrawal,
} from '../../../evidence/evidence-repository'
import { currentText } from '../../../evidence/disclosure-hash'
import { addSupportNote } from '../../../evidence/support-repository'
import {
  brandName,
  invalid,
  NOT_FOUND,
  operatorOf,
  UUID,
  type BackOfficeContext,
} from './back-office-context'

export { SUPPORT_NOTE_MAX_LENGTH }
/** A commission larger than this in pounds is a typing mistake, not an answer. */
const COMMISSION_MAX_POUNDS = 100_000

export const EVIDENCE_MESSAGES = {
  invalidWithdrawal: 'Invalid withdrawal',
  applicant: REQUEST_MESSAGES.applicant,
  channel: REQUEST_MESSAGES.channel,
  notAgreed: 'There is no agreement on record for this channel to withdraw',
  invalidAnswer: 'Invalid answer',
  lender: 'Choose a lender on this brand’s panel',
  kind: REQUEST_MESSAGES.commissionKind,
  amount: `Enter the commission in pounds, more than 0 and at most ${formatNumber(COMMISSION_MAX_POUNDS)}, to the penny`,
  percentage: 'Enter the commission as a percentage, more than 0 and at most 100',
  noCommissionText: 'This brand has no commission disclosure to answer under',
  invalidSupportNote: 'Invalid note',
  step: REQUEST_MESSAGES.step,
  note: REQUEST_MESSAGES.supportNote,
  notFlagged: 'This application has no vulnerability flag',
  erased: 'This application has already been erased',
} as const

type Params = { applicationKey: string }

class NothingToWithdraw extends Error {}

export const evidenceRoutes: FastifyPluginAsync<{ context: BackOfficeContext }> = async (
  app,
  { context },
) => {
  const { db, dataKeys } = context

  /** The application when visible and not erased; otherwise the answer already sent. */
  const workable = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const key = request.params.applicationKey.toLowerCase()
    if (!UUID.test(key)) {
      await reply.code(404).send(NOT_FOUND)
      return undefined
    }
    const operator = operatorOf(request)
    const found = await findVisible(
      db,
      key,
      operator.brands === 'all' ? 'all' : visibleBrands(operator),
    )
    if (found === undefined) {
      await reply.code(404).send(NOT_FOUND)
      return undefined
    }
    if (found.state === 'erased') {
      await reply.code(409).send({ error: EVIDENCE_MESSAGES.erased })
      return undefined
    }
    return found
  }

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/consent-withdrawals'>
  }>(
    '/api/back-office/applications/:applicationKey/consent-withdrawals',
    { config: { backOfficeAccess: 'evidence' } },
    async (request, reply) => {
      const found = await workable(request, reply)
      if (found === undefined) return reply
      const read = readFields(WithdrawalBodySchema, request.body)
      if (!read.ok) return invalid(reply, EVIDENCE_MESSAGES.invalidWithdrawal, read.errors)
      const { applicant: who, channel: what } = read.values
      const key = found.header.applicationKey
      const consent = (await currentConsents(db, key)).find(
        (state) => state.applicant === who && state.channel === what,
      )
      if (consent?.state !== 'agreed') {
        return reply.code(409).send({ error: EVIDENCE_MESSAGES.notAgreed })
      }
      const operator = operatorOf(request)
      const now = context.now()
      const disclosureId = consentDisclosureId(what, who)
      try {
        await db.transaction().execute(async (trx) => {
          await appendAudit(trx, {
            operatorId: operator.id,
            action: 'consent.withdrawn',
            applicationKey: key,
            detail: {
              applicant: who,
              channel: what,
              disclosureId,
              title: disclosureDefinition(disclosureId)?.title ?? disclosureId,
            },
            at: now,
          })
          const recorded = await recordConsentWithdrawal(trx, {
            applicationKey: key,
            applicant: who,
            channel: what,
            operatorId: operator.id,
            now,
          })
          if (!recorded) throw new NothingToWithdraw()
        })
      } catch (error) {
        if (error instanceof NothingToWithdraw) {
          return reply.code(409).send({ error: EVIDENCE_MESSAGES.notAgreed })
        }
        throw error
      }
      return reply.code(201).send({
        withdrawal: { applicant: who, channel: what, at: now.toISOString(), by: operator.email },
      })
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/commission-answers'>
  }>(
    '/api/back-office/applications/:applicationKey/commission-answers',
    { config: { backOfficeAccess: 'evidence' } },
    async (request, reply) => {
      const found = await workable(request, reply)
      if (found === undefined) return reply
      const brand = found.header.brand as BrandId
      const lenders = destinationsFor(context.lenders, brand).map((lender) => lender.id)
      const { values, errors } = readFields(CommissionAnswerBodySchema, request.body)
      const { lenderId, kind, value } = values
      if (lenderId === undefined || !lenders.includes(lenderId)) {
        errors.push({ field: 'lenderId', message: EVIDENCE_MESSAGES.lender })
      }
      if (kind !== undefined && !validCommission(kind, value)) {
        errors.push({ field: 'value', message: EVIDENCE_MESSAGES[kind] })
      }
      if (errors.length > 0) {
        return invalid(
          reply,
          EVIDENCE_MESSAGES.invalidAnswer,
          inFieldOrder(CommissionAnswerBodySchema, errors),
        )
      }
      const text = currentText(brand, 'commission')
      if (text === undefined)
        return reply.code(409).send({ error: EVIDENCE_MESSAGES.noCommissionText })
      const key = found.header.applicationKey
      const operator = operatorOf(request)
      const now = context.now()
      const answer = {
        lenderId: lenderId as string,
        kind: kind as 'amount' | 'percentage',
        value: value as number,
      }
      await db.transaction().execute(async (trx) => {
        await appendAudit(trx, {
          operatorId: operator.id,
          action: 'commission.answered',
          applicationKey: key,
          detail: { lenderId: answer.lenderId, kind: answer.kind },
          at: now,
        })
        await recordPhoneRequest(trx, { key, brand, operatorId: operator.id, now, text })
        await recordCommissionAnswer(trx, {
          applicationKey: key,
          brand,
          answer,
          operatorId: operator.id,
          now,
        })
      })
      return reply
        .code(201)
        .send({ answer: { ...answer, at: now.toISOString(), by: operator.email } })
    },
  )

  app.post<{
    Params: Params
    Body: unknown
    Reply: BackOfficeReply<'POST /api/back-office/applications/:applicationKey/support-notes'>
  }>(
    '/api/back-office/applications/:applicationKey/support-notes',
    { config: { backOfficeAccess: 'evidence' } },
    async (request, reply) => {
      const found = await workable(request, reply)
      if (found === undefined) return reply
      const read = readFields(SupportNoteBodySchema, request.body)
      if (!read.ok) return invalid(reply, EVIDENCE_MESSAGES.invalidSupportNote, read.errors)
      const { step, note } = read.values
      const key = found.header.applicationKey
      const flag = await db
        .selectFrom('support_flags')
        .select('application_key')
        .where('application_key', '=', key)
        .executeTakeFirst()
      if (flag === undefined) return reply.code(409).send({ error: EVIDENCE_MESSAGES.notFlagged })
      const operator = operatorOf(request)
      const now = context.now()
      const id = await db.transaction().execute(async (trx) => {
        const noteId = await addSupportNote(
          trx,
          {
            applicationKey: key,
            step,
            note,
            operatorId: operator.id,
            now,
          },
          dataKeys,
        )
        await appendAudit(trx, {
          operatorId: operator.id,
          action: 'support-note.added',
          applicationKey: key,
          detail: { step, noteId },
          at: now,
        })
        return noteId
      })
      return reply.code(201).send({
        note: {
          id,
          step,
          note,
          by: operator.email,
          at: now.toISOString(),
        },
      })
    },
  )

  app.get<{
    Querystring: unknown
    Reply: BackOfficeReply<'GET /api/back-office/commission-requests'>
  }>('/api/back-office/commission-requests', async (request, reply) => {
    const read = readFields(CommissionRequestsQuerySchema, request.query)
    if (!read.ok) return invalid(reply, 'Invalid filter', read.errors)
    const { state } = read.values
    const operator = operatorOf(request)
    const requests = await commissionRequests(db, {
      ...(operator.brands === 'all' ? {} : { brands: visibleBrands(operator) }),
      open: state === 'open',
      limit: 200,
    })
    const keys = [...new Set(requests.map((item) => item.applicationKey))]
    const [items, emails] = await Promise.all([
      pageItems(db, keys, dataKeys),
      operatorEmails(
        db,
        requests.flatMap((item) => item.answers.map((answer) => answer.operatorId)),
      ),
    ])
    const byKey = new Map(items.map((item) => [item.applicationKey, item]))
    // A request whose application is gone (retention, erasure) has no one to answer.
    const shown = requests.filter((item) => byKey.has(item.applicationKey))
    // The page shows applicants' names: who read it is recorded, with what it showed, by count.
    await appendAudit(db, {
      operatorId: operator.id,
      action: 'commission-requests.viewed',
      detail: { state, rows: shown.length },
      at: context.now(),
    })
    return {
      requests: shown.flatMap((item) => {
        const listed = byKey.get(item.applicationKey)
        if (listed === undefined) return []
        return [
          {
            applicationKey: item.applicationKey,
            reference: applicationReference(item.applicationKey),
            brand: item.brand,
            brandName: brandName(item.brand),
            name: listed.name,
            requestedAt: item.requestedAt,
            answers: item.answers.map((answer) => ({
              at: answer.at,
              by: answer.operatorId === null ? null : (emails.get(answer.operatorId) ?? null),
              ...answer.answer,
            })),
          },
        ]
      }),
    }
  })
}

function validCommission(kind: 'amount' | 'percentage', value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return false
  if (kind === 'percentage') return value <= 100
  return value <= COMMISSION_MAX_POUNDS && Math.round(value * 100) === value * 100
}

/**
 * An answer needs a question on record: an applicant who asked by telephone, with no request from the
 * form waiting, gets one recorded by the operator answering (decision 1754).
 */
async function recordPhoneRequest(
  trx: Transaction<Tables>,
  input: {
    key: string
    brand: BrandId
    operatorId: string
    now: Date
    text: { version: number; hash: string }
  },
): Promise<void> {
  const waiting = await commissionRequests(trx, { applicationKey: input.key, open: true })
  if (waiting.length > 0) return
  await appendEvidence(trx, [
    evidenceRow({
      applicationKey: input.key,
      brand: input.brand,
      applicant: 'main',
      kind: 'requested',
      disclosureId: 'commission',
      version: input.text.version,
      textHash: input.text.hash,
      // The question came before its answer: a millisecond earlier keeps the two in that order.
      at: new Date(input.now.getTime() - 1),
      source: 'operator',
      operatorId: input.operatorId,
      detail: { via: 'operator' },
    }),
  ])
}
