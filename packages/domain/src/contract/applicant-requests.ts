// What the applicant API's routes read: each public route's body or query as a zod schema, beside their
// answers (applicant.ts). The OpenAPI document's request schemas are generated from these, and so are the
// JSON schemas Fastify checks a body with, so what is documented is what is checked. Two bodies are read
// by the route's own code instead, without a second parse on the hot path: the submission (with the
// domain's submission schema, the one below) and the partial save (by the fields of that schema, loosely).

import { z } from 'zod'
import { createSubmissionSchema } from '../steps/submission-schema'
import type { ApplicantRoute } from './applicant'

/** Any UUID, upper or lower case; stored in lower case. */
export const KEY_PATTERN =
  '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'

/**
 * The submission schema's shape. The day (ages) and the brands (affiliate keys) only change its
 * refinements, which a JSON schema cannot say: the route's own schema of the day has this same shape.
 */
export const SubmissionBodySchema = createSubmissionSchema({
  today: { year: 2000, month: 1, day: 1 },
  knownAffiliateKeys: [],
}).describe('The full submission payload (docs/requirements.md#submission-payload)')

/**
 * A partial payload: the submission's fields, any of them, each as far as the applicant has got (the
 * route bounds sizes and depth, not answers). Unknown fields are dropped; the brand's key is needed.
 */
export const PartialPayloadSchema = z
  .object({
    ...Object.fromEntries(
      Object.keys(SubmissionBodySchema.shape).map((field) => [field, z.unknown().optional()]),
    ),
    affiliateKey: z.string(),
  })
  .describe(
    'The partial payload (docs/requirements.md#submission-payload, docs/requirements.md#partial-saves)',
  )

/** The fields a partial payload keeps. */
export const PARTIAL_PAYLOAD_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(PartialPayloadSchema.shape),
)

const token = z.string().max(100)
const DatePartsSchema = z.object({
  day: z.string().max(4),
  month: z.string().max(4),
  year: z.string().max(6),
})
const TokenBodySchema = z.object({ token })
const DateOfBirthCheckBodySchema = z.object({ token, dateOfBirth: DatePartsSchema.optional() })
const NewLinkBodySchema = z.object({ token, email: z.string().max(320) })

const shortText = (max: number) => z.string().max(max)

/** POST /api/events: unknown fields are dropped. */
export const TelemetryEventBodySchema = z.strictObject({
  event: z.string().min(1).max(64),
  category: shortText(64).optional(),
  label: shortText(200).optional(),
  step: shortText(100).optional(),
  messageKey: shortText(100).optional(),
  /** The page's utm_source and utm_campaign, folded into the funnel's vocabulary before they are counted. */
  source: shortText(100).optional(),
  campaign: shortText(100).optional(),
  /** A person's first event of its kind and step in their tab (decision 2112). */
  first: z.boolean().optional(),
  /** The anti-forgery token, from a beacon that cannot set headers. */
  csrf: shortText(200).optional(),
})

export const MAX_EVIDENCE_ITEMS = 50
export const EVIDENCE_ITEM_KINDS = ['shown', 'agreed', 'declined', 'requested'] as const

export const EvidenceItemSchema = z.strictObject({
  id: z.string().regex(new RegExp(KEY_PATTERN)),
  applicant: z.enum(['main', 'joint']),
  kind: z.enum(EVIDENCE_ITEM_KINDS),
  disclosureId: z.string().max(64),
  version: z.int().min(1).max(100000),
  textHash: z.string().regex(/^[0-9a-f]{64}$/),
  screen: z.string().regex(/^\/[a-z0-9/-]{0,99}$/),
})
/** POST /api/evidence/:applicationKey */
export const EvidenceBodySchema = z.strictObject({
  affiliateKey: z.string().max(64),
  items: z.array(EvidenceItemSchema).min(1).max(MAX_EVIDENCE_ITEMS),
})

/** The page's own state, as the browser keeps it (restored and checked by the route). */
const PageStateSchema = z.looseObject({})

/** POST /api/save-and-return/:applicationKey: read field by field by the route, every fault named. */
export const SaveAndReturnBodySchema = z.object({
  email: z.string(),
  screen: z.string(),
  state: PageStateSchema,
  payload: PartialPayloadSchema,
})

/**
 * Every public route's request: its `body` or its `query`. A route that reads neither is not here. The
 * lenders' decision body (server to server) is in lender.ts.
 */
export const APPLICANT_REQUESTS = {
  'GET /api/ip': {
    // Accepted and ignored: the answer is always JSON.
    query: z.object({ format: z.string().optional() }),
  },
  'GET /api/address': {
    query: z.object({
      postcode: z
        .string()
        .describe('A UK postcode in any case and spacing: "m11ae", "M1 1AE".')
        .optional(),
    }),
  },
  'POST /api/events': { body: TelemetryEventBodySchema },
  'POST /api/submission/:submissionKey': { body: SubmissionBodySchema },
  'POST /api/application/:applicationKey': { body: PartialPayloadSchema },
  'POST /api/evidence/:applicationKey': { body: EvidenceBodySchema },
  'POST /api/save-and-return/:applicationKey': { body: SaveAndReturnBodySchema },
  'POST /api/saved-answers/:applicationKey': { body: z.object({ state: PageStateSchema }) },
  'POST /api/continue/open': { body: TokenBodySchema },
  'POST /api/continue/check': {
    body: DateOfBirthCheckBodySchema.extend({ code: z.string().max(20).optional() }),
  },
  'POST /api/continue/new-link': { body: NewLinkBodySchema },
  'POST /api/application-status/open': { body: TokenBodySchema },
  'POST /api/application-status/check': { body: DateOfBirthCheckBodySchema },
  'POST /api/application-status/choice': {
    body: z.strictObject({
      decisionId: z.string().max(64).optional(),
      call: z.boolean().optional(),
    }),
  },
  'POST /api/application-status/new-link': { body: NewLinkBodySchema },
  'POST /api/joint-confirmation/open': { body: TokenBodySchema },
  'POST /api/joint-confirmation/check': { body: DateOfBirthCheckBodySchema },
  'POST /api/joint-confirmation/confirm': {
    body: DateOfBirthCheckBodySchema.extend({
      corrections: z.string().max(5000).optional(),
      softSearch: z.boolean().optional(),
      marketing: z.record(z.string(), z.boolean()).optional(),
    }),
  },
  'POST /api/joint-confirmation/dispute': {
    body: DateOfBirthCheckBodySchema.extend({ dispute: z.string().max(5000).optional() }),
  },
  'POST /api/joint-confirmation/new-link': { body: NewLinkBodySchema },
} as const satisfies Partial<Record<ApplicantRoute, { body: z.ZodType } | { query: z.ZodType }>>

export type ApplicantRequestRoute = keyof typeof APPLICANT_REQUESTS

type RequestPart<R extends ApplicantRequestRoute, P extends 'body' | 'query'> =
  (typeof APPLICANT_REQUESTS)[R] extends Record<P, infer S extends z.ZodType> ? z.output<S> : never

/** A route's body as the route reads it once checked. */
export type ApplicantBody<R extends ApplicantRequestRoute> = RequestPart<R, 'body'>
/** A route's query as the route reads it once checked. */
export type ApplicantQuery<R extends ApplicantRequestRoute> = RequestPart<R, 'query'>
