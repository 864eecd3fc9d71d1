// POST /api/lender-decisions/{lenderId}: a lender tells us its decision about a submission we delivered
// to it. Server to server: no anti-forgery pair, but every request is signed with Standard Webhooks
// headers and the secret of that lender's destination (the scheme of our deliveries, decision 0704), and
// refused when unsigned, wrongly signed or more than five minutes from our clock. The same webhook-id
// again gets the first answer. Decision 1656; the body is in docs/lenders.md ("Lenders' decisions").

import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { followLenderDecisions } from '../../back-office/decision-status'
import type { DataKeyring } from '../../crypto/field-encryption'
import {
  storeDecision,
  findByWebhookId,
  type IncomingDecision,
  type Offer,
} from '../../decisions/decision-repository'
import { destinationsFor, type Destinations } from '../../delivery/destinations'
import { verifySignature } from '../../delivery/signing'
import {
  LENDER_DECISIONS,
  type LenderDecision,
  type LenderDecisionRow,
  type Tables,
} from '../../db/tables'
import { decisionUpdateEmails } from '../../email/enqueue'
import { RELAYED_DECISIONS, type RelayedDecision } from '../../email/templates'
import { findApplication } from '../../repositories/application-repository'
import { KEY_PATTERN, requireJson } from './submission'
import { invalidBody } from './applicant-contract'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { stripUnsafeCharacters } from '@forecourt/domain/fields/text'

export interface LenderDecisionRoutesOptions {
  db: Kysely<Tables>
  dataKeys: DataKeyring | undefined
  destinations: () => Destinations
  clock?: () => Date
  /**
   * After a decision is stored as current, with the application it is about (opened): the funnel counts an
   * application's first offer and payout (decision 2112). Its failure never changes the lender's answer.
   */
  afterStored?: (
    application: {
      submissionKey: string
      brand: string
      submittedAt: string | null
      attribution: unknown
    },
    decision: { id: string; decision: LenderDecision },
  ) => Promise<void>
}

export const DECISION_MESSAGES = {
  unknownLender: 'Unknown lender',
  signature: 'Missing, invalid or stale signature',
  unknownSubmission: 'Unknown submission',
  invalid: 'Invalid decision',
  history:
    'A later decision from this lender is already stored: this one is kept as history and does not change the status',
} as const

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const

const storedBody = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    error: { type: 'string' },
  },
  required: ['id', 'status'],
} as const

const schema = {
  summary: "Record a lender's decision about a submission",
  description:
    "Signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) and the secret of the lender's destination. 202 stored; 200 the first answer again for a repeated webhook-id; 409 a decision dated before a later one from the same lender (kept as history); 401 signature; 404 unknown lender or submission; 400 invalid body.",
  params: {
    type: 'object',
    properties: { lenderId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' } },
    required: ['lenderId'],
  },
  // Text: the body is read as it came (the signature covers its bytes) and checked once it verifies.
  body: {
    type: 'string',
    description:
      'JSON: submissionKey, decision, lenderReference, decidedAt, offer (with approvals), message',
  },
  response: {
    200: storedBody,
    202: storedBody,
    400: invalidBody,
    401: errorBody,
    404: errorBody,
    409: storedBody,
    413: errorBody,
    415: errorBody,
  },
} as const

interface Problem {
  field: string
  message: string
}

export interface DecisionBody {
  submissionKey: string
  decision: LenderDecision
  lenderReference: string
  decidedAt: Date
  offer: Offer | null
  message: string | null
}

const UUID = new RegExp(KEY_PATTERN)
// An ISO 8601 date and time with seconds and a zone: a lender's clock, unambiguous.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const APPROVALS: readonly LenderDecision[] = ['approved', 'approved-with-conditions']

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
const nonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

function checkOffer(value: unknown, problems: Problem[]): Offer | null {
  if (!isRecord(value)) {
    problems.push({ field: 'offer', message: 'must be an object' })
    return null
  }
  const before = problems.length
  if (!positive(value.amount))
    problems.push({ field: 'offer.amount', message: 'must be a positive amount in pounds' })
  if (!positive(value.termMonths) || !Number.isInteger(value.termMonths)) {
    problems.push({ field: 'offer.termMonths', message: 'must be a whole number of months' })
  }
  if (!nonNegative(value.apr) || (value.apr as number) > 1000) {
    problems.push({ field: 'offer.apr', message: 'must be a percentage' })
  }
  if (!positive(value.monthlyPayment)) {
    problems.push({ field: 'offer.monthlyPayment', message: 'must be a positive amount in pounds' })
  }
  const commission = value.commission
  if (
    !isRecord(commission) ||
    (commission.kind !== 'amount' && commission.kind !== 'percentage') ||
    !nonNegative(commission.value)
  ) {
    problems.push({
      field: 'offer.commission',
      message: "must be { kind: 'amount' | 'percentage', value: a number of 0 or more }",
    })
  }
  checkOfferTotals(value, problems)
  if (problems.length > before) return null
  const given = commission as { kind: 'amount' | 'percentage'; value: number }
  return {
    amount: value.amount as number,
    termMonths: value.termMonths as number,
    apr: value.apr as number,
    monthlyPayment: value.monthlyPayment as number,
    commission: { kind: given.kind, value: given.value },
    ...(value.totalPayable === undefined ? {} : { totalPayable: value.totalPayable as number }),
    ...(value.totalCostOfCredit === undefined
      ? {}
      : { totalCostOfCredit: value.totalCostOfCredit as number }),
    ...(value.expiresAt === undefined ? {} : { expiresAt: value.expiresAt as string }),
  }
}

const pence = (pounds: number) => Math.round(pounds * 100)

/**
 * The optional totals and expiry of an offer. The totals must add up, to the penny: what is repaid is at least
 * the monthly payments (a lender's fees may add to it), and the cost of the credit is what is repaid less the
 * amount. An applicant compares offers by these figures, so one that does not add up is refused, not shown.
 */
function checkOfferTotals(value: Record<string, unknown>, problems: Problem[]): void {
  const { totalPayable, totalCostOfCredit, expiresAt } = value
  if (totalPayable !== undefined && !positive(totalPayable)) {
    problems.push({ field: 'offer.totalPayable', message: 'must be a positive amount in pounds' })
  } else if (
    totalPayable !== undefined &&
    positive(value.monthlyPayment) &&
    positive(value.termMonths) &&
    pence(totalPayable) < pence((value.monthlyPayment as number) * (value.termMonths as number))
  ) {
    problems.push({
      field: 'offer.totalPayable',
      message: 'must be at least the monthly payment times the term',
    })
  }
  if (totalCostOfCredit !== undefined) {
    if (totalPayable === undefined || !nonNegative(totalCostOfCredit)) {
      problems.push({
        field: 'offer.totalCostOfCredit',
        message: 'must be an amount of 0 or more, given with totalPayable',
      })
    } else if (
      positive(totalPayable) &&
      positive(value.amount) &&
      pence(totalCostOfCredit) !== pence(totalPayable) - pence(value.amount as number)
    ) {
      problems.push({
        field: 'offer.totalCostOfCredit',
        message: 'must be totalPayable less the amount',
      })
    }
  }
  if (
    expiresAt !== undefined &&
    (typeof expiresAt !== 'string' ||
      !DATE_TIME.test(expiresAt) ||
      !Number.isFinite(Date.parse(expiresAt)))
  ) {
    problems.push({
      field: 'offer.expiresAt',
      message: 'must be an ISO 8601 date and time with a zone',
    })
  }
}

/** Checks a decision's body; every problem at once, each with its field. */
export function checkDecisionBody(
  body: unknown,
): { ok: true; value: DecisionBody } | { ok: false; errors: Problem[] } {
  if (!isRecord(body)) return { ok: false, errors: [{ field: '', message: 'must be an object' }] }
  const problems: Problem[] = []
  const { submissionKey, decision, lenderReference, decidedAt, offer, message } = body
  if (typeof submissionKey !== 'string' || !UUID.test(submissionKey)) {
    problems.push({ field: 'submissionKey', message: 'must be the submission key (a UUID)' })
  }
  if (typeof decision !== 'string' || !(LENDER_DECISIONS as readonly string[]).includes(decision)) {
    problems.push({ field: 'decision', message: `must be one of ${LENDER_DECISIONS.join(', ')}` })
  }
  if (
    typeof lenderReference !== 'string' ||
    lenderReference.trim() === '' ||
    lenderReference.length > 64
  ) {
    problems.push({
      field: 'lenderReference',
      message: 'must be the lender’s reference, 1 to 64 characters',
    })
  }
  const decided =
    typeof decidedAt === 'string' && DATE_TIME.test(decidedAt) ? new Date(decidedAt) : undefined
  if (decided === undefined || Number.isNaN(decided.getTime())) {
    problems.push({
      field: 'decidedAt',
      message: 'must be a date and time with its zone, as 2026-11-24T10:15:00Z',
    })
  }
  let checkedOffer: Offer | null = null
  if (offer !== undefined && offer !== null) checkedOffer = checkOffer(offer, problems)
  else if (APPROVALS.includes(decision as LenderDecision)) {
    problems.push({ field: 'offer', message: 'is required with an approval' })
  }
  if (
    message !== undefined &&
    message !== null &&
    (typeof message !== 'string' || message.length > 500)
  ) {
    problems.push({ field: 'message', message: 'must be text of at most 500 characters' })
  }
  if (problems.length > 0) return { ok: false, errors: problems }
  return {
    ok: true,
    value: {
      submissionKey: (submissionKey as string).toLowerCase(),
      decision: decision as LenderDecision,
      // What a lender writes is shown to operators and applicants: stripped of the characters that could
      // reorder or hide it (decision 2123); a message keeps its lines.
      lenderReference: stripUnsafeCharacters(lenderReference as string),
      decidedAt: decided as Date,
      offer: checkedOffer,
      message:
        typeof message === 'string' ? stripUnsafeCharacters(message, { lineBreaks: true }) : null,
    },
  }
}

function answerFrom(reply: FastifyReply, row: LenderDecisionRow, replayed: boolean): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true')
  return reply
    .code(replayed ? 200 : row.response_status)
    .type('application/json; charset=utf-8')
    .send(row.response_body)
}

export const lenderDecisionRoutes: FastifyPluginAsync<LenderDecisionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dataKeys } = options
  const clock = options.clock ?? (() => new Date())

  // The signature is over the exact bytes sent: this route reads its body as text, and parses it only
  // once the signature holds (this parser is scoped to this plugin).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })

  app.post<{ Params: { lenderId: string }; Body: string }>(
    '/api/lender-decisions/:lenderId',
    {
      schema,
      config: { antiForgery: 'signed' },
      onRequest: requireJson,
    },
    async (request, reply) => {
      const { lenderId } = request.params
      const now = clock()
      // Every brand whose destinations include this lender, with the secret it signs with there.
      const candidates = Object.entries(options.destinations()).flatMap(([brand]) =>
        destinationsFor(options.destinations(), brand)
          .filter((destination) => destination.id === lenderId)
          .map((destination) => ({ brand, secret: destination.secret })),
      )
      if (candidates.length === 0) {
        return reply.code(404).send({ error: DECISION_MESSAGES.unknownLender })
      }
      const raw = typeof request.body === 'string' ? request.body : ''
      const signedFor = candidates.filter(
        (candidate) => verifySignature(request.headers, raw, candidate.secret, { now }).ok,
      )
      if (signedFor.length === 0) {
        return reply.code(401).send({ error: DECISION_MESSAGES.signature })
      }
      const webhookId = String(request.headers['webhook-id'])
      const earlier = await findByWebhookId(db, lenderId, webhookId)
      if (earlier !== undefined) return answerFrom(reply, earlier, true)

      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return reply.code(400).send({
          error: DECISION_MESSAGES.invalid,
          errors: [{ field: '', message: 'must be JSON' }],
        })
      }
      const checked = checkDecisionBody(parsed)
      if (!checked.ok) {
        return reply.code(400).send({ error: DECISION_MESSAGES.invalid, errors: checked.errors })
      }
      const body = checked.value
      const application = await findApplication(db, body.submissionKey, dataKeys)
      // Only a submission of a brand this lender serves, under the secret of that brand's destination.
      if (
        application === undefined ||
        application.status !== 'submitted' ||
        !signedFor.some((candidate) => candidate.brand === application.brand)
      ) {
        return reply.code(404).send({ error: DECISION_MESSAGES.unknownSubmission })
      }
      const incoming: IncomingDecision = {
        webhookId,
        lenderId,
        brand: application.brand,
        submissionKey: body.submissionKey,
        decision: body.decision,
        lenderReference: body.lenderReference,
        decidedAt: body.decidedAt,
        offer: body.offer,
        message: body.message,
        receivedAt: now,
      }
      const outcome = await storeDecision(
        db,
        incoming,
        (id, current) =>
          current
            ? { status: 202, body: JSON.stringify({ id, status: 'stored' }) }
            : {
                status: 409,
                body: JSON.stringify({ id, status: 'history', error: DECISION_MESSAGES.history }),
              },
        (id) =>
          (RELAYED_DECISIONS as readonly string[]).includes(body.decision)
            ? decisionUpdateEmails({
                decisionId: id,
                submissionKey: body.submissionKey,
                brand: application.brand,
                reference: applicationReference(body.submissionKey),
                decision: body.decision as RelayedDecision,
                jointApplicant: application.payload.isJointApplication === true,
                now,
              })
            : [],
        // The broker's status follows the lenders' latest words (decision 1751).
        (trx, id) =>
          followLenderDecisions(trx, {
            applicationKey: body.submissionKey,
            lenderId,
            decisionId: id,
            now,
          }),
      )
      if (outcome.kind === 'stored' && outcome.row.current === 1 && options.afterStored) {
        await options
          .afterStored(
            {
              submissionKey: body.submissionKey,
              brand: application.brand,
              submittedAt: application.submittedAt,
              attribution: application.payload.Attribution,
            },
            { id: outcome.row.id, decision: body.decision },
          )
          .catch((error: unknown) => request.log.warn({ err: error }, 'after-decision step failed'))
      }
      return answerFrom(reply, outcome.row, outcome.kind === 'repeat')
    },
  )
}
