// The body a lender posts to POST /api/lender-decisions/{lenderId} (decision 1656), defined once
// (decision 2173): the server checks bodies with it, the lender simulator's type is inferred from it, and
// the OpenAPI document describes the route's body from it. The body is read field by field: a refusal
// names every problem at once, each with its field ('offer.amount'), in the order of the schema.

import { z } from 'zod'
import { stripUnsafeCharacters } from '../fields/text'
import { LENDER_DECISIONS } from './case-states'
import { inFieldOrder, readFields, type FieldProblem } from './request-fields'

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/
// An ISO 8601 date and time with seconds and a zone: a lender's clock, unambiguous.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const APPROVALS: readonly string[] = ['approved', 'approved-with-conditions']

export const LENDER_DECISION_MESSAGES = {
  object: 'must be an object',
  submissionKey: 'must be the submission key (a UUID)',
  decision: `must be one of ${LENDER_DECISIONS.join(', ')}`,
  lenderReference: 'must be the lender’s reference, 1 to 64 characters',
  decidedAt: 'must be a date and time with its zone, as 2026-11-24T10:15:00Z',
  offerRequired: 'is required with an approval',
  message: 'must be text of at most 500 characters',
  pounds: 'must be a positive amount in pounds',
  termMonths: 'must be a whole number of months',
  apr: 'must be a percentage',
  commission: "must be { kind: 'amount' | 'percentage', value: a number of 0 or more }",
  totalPayableAtLeast: 'must be at least the monthly payment times the term',
  totalCostOfCredit: 'must be an amount of 0 or more, given with totalPayable',
  totalCostOfCreditSum: 'must be totalPayable less the amount',
  expiresAt: 'must be an ISO 8601 date and time with a zone',
} as const

const M = LENDER_DECISION_MESSAGES

const pounds = z.number({ error: M.pounds }).positive({ error: M.pounds })
const dateTime = (message: string) =>
  z
    .string({ error: message })
    .regex(DATE_TIME, { error: message })
    .refine((value) => Number.isFinite(Date.parse(value)), { error: message })

/** An offer: what is lent, over how long, at what rate, and the broker's commission. */
export const LenderOfferSchema = z.object(
  {
    /** In pounds. */
    amount: pounds,
    termMonths: z.int({ error: M.termMonths }).positive({ error: M.termMonths }),
    /** A percentage, 0 to 1000. */
    apr: z.number({ error: M.apr }).min(0, { error: M.apr }).max(1000, { error: M.apr }),
    monthlyPayment: pounds,
    commission: z.object(
      {
        kind: z.enum(['amount', 'percentage'], { error: M.commission }),
        value: z.number({ error: M.commission }).min(0, { error: M.commission }),
      },
      { error: M.commission },
    ),
    /** What the applicant repays: at least the monthly payment times the term, to the penny. */
    totalPayable: pounds.optional(),
    /** What is repaid less the amount, to the penny; only with totalPayable. */
    totalCostOfCredit: z
      .number({ error: M.totalCostOfCredit })
      .min(0, { error: M.totalCostOfCredit })
      .optional(),
    /** When the offer lapses. */
    expiresAt: dateTime(M.expiresAt).optional(),
  },
  { error: M.object },
)

/** The decision a lender posts. An approval carries its offer. */
export const LenderDecisionBodySchema = z.object(
  {
    /** The submission's key, as delivered to the lender. */
    submissionKey: z
      .string({ error: M.submissionKey })
      .regex(UUID, { error: M.submissionKey })
      .transform((key) => key.toLowerCase()),
    decision: z.enum(LENDER_DECISIONS, { error: M.decision }),
    /** Shown to operators and applicants: stripped of the characters that could reorder or hide it (decision 2123). */
    lenderReference: z
      .string({ error: M.lenderReference })
      .refine((value) => value.trim() !== '' && value.length <= 64, { error: M.lenderReference })
      .transform((value) => stripUnsafeCharacters(value)),
    decidedAt: dateTime(M.decidedAt).transform((value) => new Date(value)),
    offer: LenderOfferSchema.nullable().optional(),
    /** The lender's words to the applicant; a message keeps its lines. */
    message: z
      .string({ error: M.message })
      .max(500, { error: M.message })
      .transform((value) => stripUnsafeCharacters(value, { lineBreaks: true }))
      .nullable()
      .optional(),
  },
  { error: M.object },
)

/** What a lender sends (the simulator builds it). */
export type LenderDecisionBody = z.input<typeof LenderDecisionBodySchema>

/** The lenders' route's request, as the public routes' are listed (applicant-requests.ts). */
export const LENDER_REQUESTS = {
  'POST /api/lender-decisions/:lenderId': {
    body: LenderDecisionBodySchema.describe('The decision, as JSON; an approval carries its offer'),
  },
} as const
export type LenderOffer = z.output<typeof LenderOfferSchema>

/** A decision as the server stores it: the key in lower case, the text made safe, no absent offer. */
export interface CheckedLenderDecision {
  submissionKey: string
  decision: (typeof LENDER_DECISIONS)[number]
  lenderReference: string
  decidedAt: Date
  offer: LenderOffer | null
  message: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
const pence = (pounds: number) => Math.round(pounds * 100)

/**
 * The problems of an offer: each field's, then whether its totals add up, to the penny. What is repaid is
 * at least the monthly payments (a lender's fees may add to it), and the cost of the credit is what is
 * repaid less the amount. An applicant compares offers by these figures, so one that does not add up is
 * refused, not shown.
 */
function offerProblems(offer: Record<string, unknown>): {
  value: LenderOffer | undefined
  problems: FieldProblem[]
} {
  const read = readFields(LenderOfferSchema, offer)
  const problems = [...read.errors]
  const { totalPayable, monthlyPayment, termMonths, amount } = offer
  if (
    read.values.totalPayable !== undefined &&
    positive(monthlyPayment) &&
    positive(termMonths) &&
    pence(read.values.totalPayable) < pence(monthlyPayment * termMonths)
  ) {
    problems.push({ field: 'totalPayable', message: M.totalPayableAtLeast })
  }
  if (read.values.totalCostOfCredit !== undefined) {
    if (totalPayable === undefined) {
      problems.push({ field: 'totalCostOfCredit', message: M.totalCostOfCredit })
    } else if (
      positive(totalPayable) &&
      positive(amount) &&
      pence(read.values.totalCostOfCredit) !== pence(totalPayable) - pence(amount)
    ) {
      problems.push({ field: 'totalCostOfCredit', message: M.totalCostOfCreditSum })
    }
  }
  const ordered = inFieldOrder(LenderOfferSchema, problems).map((problem) => ({
    field: `offer.${problem.field}`,
    message: problem.message,
  }))
  return { value: read.ok && problems.length === 0 ? read.values : undefined, problems: ordered }
}

const FIELDS_BUT_OFFER = LenderDecisionBodySchema.omit({ offer: true })

/** Checks a decision's body with the contract's schema; every problem at once, each with its field. */
export function checkLenderDecision(
  body: unknown,
): { ok: true; value: CheckedLenderDecision } | { ok: false; errors: FieldProblem[] } {
  if (!isRecord(body)) return { ok: false, errors: [{ field: '', message: M.object }] }
  const { offer, ...rest } = body
  const read = readFields(FIELDS_BUT_OFFER, rest)
  const problems = [...read.errors]
  let checkedOffer: LenderOffer | null = null
  if (offer !== undefined && offer !== null) {
    if (!isRecord(offer)) problems.push({ field: 'offer', message: M.object })
    else {
      const checked = offerProblems(offer)
      problems.push(...checked.problems)
      checkedOffer = checked.value ?? null
    }
  } else if (typeof body.decision === 'string' && APPROVALS.includes(body.decision)) {
    problems.push({ field: 'offer', message: M.offerRequired })
  }
  const fields = Object.keys(LenderDecisionBodySchema.shape)
  const rank = (problem: FieldProblem) => fields.indexOf(problem.field.split('.')[0] ?? '')
  const errors = problems
    .map((problem, at) => ({ problem, at }))
    .sort((a, b) => rank(a.problem) - rank(b.problem) || a.at - b.at)
    .map(({ problem }) => problem)
  if (!read.ok || errors.length > 0) return { ok: false, errors }
  const { submissionKey, decision, lenderReference, decidedAt, message } = read.values
  return {
    ok: true,
    value: {
      submissionKey,
      decision,
      lenderReference,
      decidedAt,
      offer: checkedOffer,
      message: message ?? null,
    },
  }
}
