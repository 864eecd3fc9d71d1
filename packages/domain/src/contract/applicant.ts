// The applicant API's answers, defined once (decision 2166): the public routes declare them as the type of
// what they answer and as their `response` schemas (JSON schemas generated from these, so the OpenAPI
// document describes the same shapes), the web app reads its types from them (`import type` only: zod
// stays out of the form's bundle), and the server's tests parse every answer they receive with them.
// Objects are strict: a field answered that is not written here fails those tests.

import { z } from 'zod'
import { ADDRESS_LOOKUP_ITEM_FIELDS } from '../address/address-lookup-item'
import { APPLICATION_SECRET_REFUSED } from '../application-secret/application-secret'

const text = z.string()
const when = z.string()
const whole = z.int()

/** A field at fault and its message. */
export const FieldProblemSchema = z.strictObject({ field: text, message: text })

/** A refusal: its message. */
export const RefusalSchema = z.strictObject({ error: text })
/**
 * A write's 403: the anti-forgery check's (`{ error }`), or the missing or wrong application secret's, with
 * the reason the page reads to start a new application instead of retrying (decision 1801).
 */
export const WriteRefusalSchema = z.strictObject({
  error: text,
  reason: z.literal(APPLICATION_SECRET_REFUSED).optional(),
})
/** A refusal of a body: its message and the fields at fault. */
export const InvalidSchema = z.strictObject({
  error: text,
  errors: z.array(FieldProblemSchema).optional(),
})
/** A wrong date of birth on a link's check: the fields at fault and the tries left before the link ends. */
export const CheckRefusalSchema = z.strictObject({
  error: text,
  errors: z.array(FieldProblemSchema).optional(),
  attemptsLeft: whole.optional(),
})

/** GET /api/csrf */
export const CsrfAnswerSchema = z.strictObject({ token: text })
/** GET /api/ip: in the public IP-lookup service's shape. */
export const IpAnswerSchema = z.strictObject({ ip: text })
/** GET /api/health */
export const HealthAnswerSchema = z.strictObject({ status: z.literal('ok') })
/** GET /api/ready: 200 ready, 503 otherwise. */
export const ReadyAnswerSchema = z.strictObject({ status: z.literal('ready') })
export const NotReadyAnswerSchema = z.strictObject({
  status: z.enum(['unavailable', 'saturated']),
})

export const VEHICLE_TYPES = [
  'Car',
  'Van',
  'Motorcycle',
  'Motorhome',
  'Caravan',
  'Horsebox',
] as const

/** GET /api/stock/:vehicleId: the fields named as the specification names them; a missing value is null. */
export const StockVehicleSchema = z.strictObject({
  vehicleId: text,
  primaryImage: text.nullable(),
  make: text,
  model: text,
  /** Whole pounds. */
  price: whole,
  mileage: whole.nullable(),
  colour: text.nullable(),
  vrm: text.nullable(),
  fuelType: text.nullable(),
  transmission: text.nullable(),
  registrationYear: whole.nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
})

/** One address found by the postcode lookup: every field of an `AddressLookupItem`, '' when it has none. */
export const AddressLookupItemSchema = z.strictObject(
  Object.fromEntries(ADDRESS_LOOKUP_ITEM_FIELDS.map((field) => [field, text])) as Record<
    (typeof ADDRESS_LOOKUP_ITEM_FIELDS)[number],
    typeof text
  >,
)
/** GET /api/address?postcode= */
export const AddressAnswerSchema = z.strictObject({
  /** The postcode as looked up, normalised: 'M1 1AE'. */
  postcode: text,
  addresses: z.array(AddressLookupItemSchema),
})
/** GET /api/address with no postcode or an invalid one. */
export const AddressRefusalSchema = z.strictObject({ error: text, message: text })

/** POST /api/submission/:submissionKey (201) */
export const SubmissionAnswerSchema = z.strictObject({
  submissionKey: text,
  reference: text,
  status: z.literal('received'),
})
/** A refused submission's 400: the errors, and the reference under which it was kept (decision 1504). */
export const SubmissionRefusalSchema = z.strictObject({
  error: text,
  errors: z.array(FieldProblemSchema).optional(),
  submissionKey: text.optional(),
  reference: text.optional(),
  status: z.literal('needs-attention').optional(),
})
/** A conflicting submission's 409: kept beside the first for the broker under the same reference (decision 1802). */
export const SubmissionConflictSchema = z.strictObject({
  error: text,
  submissionKey: text.optional(),
  reference: text.optional(),
  status: z.literal('needs-attention').optional(),
})

/** POST /api/application/:applicationKey: 202 saved, 200 when the application was submitted already. */
export const PartialSavedSchema = z.strictObject({ status: z.literal('saved') })
export const PartialAlreadySubmittedSchema = z.strictObject({
  status: z.literal('already-submitted'),
})

/** POST /api/evidence/:applicationKey (202) */
export const EvidenceAnswerSchema = z.strictObject({ recorded: whole })

/** POST /api/save-and-return/:applicationKey (202): where the link went, masked, and until when it works. */
export const SaveAndReturnAnswerSchema = z.strictObject({ maskedEmail: text, expiresAt: when })
/** POST /api/saved-answers/:applicationKey (202) */
export const SavedAnswersAnswerSchema = z.strictObject({
  status: z.enum(['saved', 'not-saved-for-later']),
})
/** POST /api/continue/open (200): what the link's check asks for. */
export const ContinueOpenAnswerSchema = z.strictObject({
  check: z.enum(['date-of-birth', 'code']),
})
/** A link to an application submitted meanwhile (409): its reference. */
export const AlreadySubmittedSchema = z.strictObject({
  error: text,
  status: z.literal('submitted'),
  reference: text,
})
/** POST /api/continue/check (200): the saved answers and the screen to go on from. */
export const ContinueCheckAnswerSchema = z.strictObject({
  applicationKey: text,
  screen: text,
  state: z.looseObject({}),
})
/** POST /api/continue/new-link, /api/application-status/new-link, /api/joint-confirmation/new-link (202) */
export const NewLinkAnswerSchema = z.strictObject({ message: text })

/** POST /api/application-status/open, POST /api/joint-confirmation/open (200) */
export const DateOfBirthCheckSchema = z.strictObject({ check: z.literal('date-of-birth') })

export const LenderStateSchema = z.enum([
  'considering',
  'offer',
  'offer-with-conditions',
  'offer-expired',
  'needs-documents',
  'referred',
  'declined',
  'withdrawn',
  'paid-out',
])

export const ApplicantOfferSchema = z.strictObject({
  decisionId: text,
  amount: z.number(),
  termMonths: z.number(),
  apr: z.number(),
  monthlyPayment: z.number(),
  totalPayable: z.number().nullable(),
  totalCostOfCredit: z.number().nullable(),
  expiresAt: when.nullable(),
})

export const ApplicantLenderSchema = z.strictObject({
  lenderId: text,
  lenderName: text,
  state: LenderStateSchema,
  stateText: text,
  message: text.nullable(),
  offer: ApplicantOfferSchema.nullable(),
})

export const ApplicantChoiceSchema = z.strictObject({
  kind: z.enum(['offer', 'call']),
  lenderId: text.nullable(),
  lenderName: text.nullable(),
  chosenAt: when,
})

/** The applicant's own page (decision 2113): each lender's answer and offer, and their choice. */
export const ApplicantViewSchema = z.strictObject({
  reference: text,
  lenders: z.array(ApplicantLenderSchema),
  choice: ApplicantChoiceSchema.nullable(),
})

export const DetailRowSchema = z.strictObject({ label: text, value: text })
const versionedTextSchema = z.strictObject({ id: text, version: whole, text })

/** POST /api/joint-confirmation/check (200): the joint applicant's part of the application (decision 2127). */
export const JointViewSchema = z.strictObject({
  reference: text,
  applicantName: text,
  loan: z.strictObject({ rows: z.array(DetailRowSchema), warning: text.nullable() }),
  details: z.array(DetailRowSchema),
  notice: versionedTextSchema,
  /** Their own soft-search agreement; null when the brand asks for none. */
  softSearch: versionedTextSchema.nullable(),
  marketing: z.array(z.strictObject({ channel: text, text })),
})
/** POST /api/joint-confirmation/confirm (200) */
export const JointConfirmedSchema = z.strictObject({ reference: text, confirmedAt: when })
/** POST /api/joint-confirmation/dispute (200) */
export const JointDisputedSchema = z.strictObject({ reference: text, disputedAt: when })

/** 204: no body. */
const NO_CONTENT = null

/**
 * Every public route the web app calls (its method and path, as registered) and its answer for each status
 * it sends itself (the anti-forgery 403 and the rate limits' 429 are the plugins'). The routes declare their
 * `response` schemas (`applicantResponses`) and their replies (`ApplicantReply`) from it; the tests parse
 * every answer they see with the schema of its route and status.
 */
export const APPLICANT_ROUTES = {
  'GET /api/csrf': { 200: CsrfAnswerSchema },
  'GET /api/ip': { 200: IpAnswerSchema },
  'GET /api/health': { 200: HealthAnswerSchema },
  'GET /api/ready': { 200: ReadyAnswerSchema, 503: NotReadyAnswerSchema },
  'GET /api/stock/:vehicleId': { 200: StockVehicleSchema, 400: RefusalSchema, 404: RefusalSchema },
  'GET /api/address': {
    200: AddressAnswerSchema,
    400: AddressRefusalSchema,
    503: RefusalSchema,
  },
  'POST /api/events': { 204: NO_CONTENT, 400: RefusalSchema },
  'POST /api/submission/:submissionKey': {
    201: SubmissionAnswerSchema,
    400: SubmissionRefusalSchema,
    403: WriteRefusalSchema,
    409: SubmissionConflictSchema,
    413: RefusalSchema,
    415: RefusalSchema,
  },
  'POST /api/application/:applicationKey': {
    200: PartialAlreadySubmittedSchema,
    202: PartialSavedSchema,
    400: InvalidSchema,
    403: WriteRefusalSchema,
    413: InvalidSchema,
    415: InvalidSchema,
    429: InvalidSchema,
    // Only to a page that has stopped waiting: its save is not written (decision 2136).
    503: RefusalSchema,
  },
  'POST /api/evidence/:applicationKey': {
    202: EvidenceAnswerSchema,
    400: InvalidSchema,
    403: WriteRefusalSchema,
    413: InvalidSchema,
    415: InvalidSchema,
  },
  'POST /api/save-and-return/:applicationKey': {
    202: SaveAndReturnAnswerSchema,
    400: InvalidSchema,
    403: WriteRefusalSchema,
    409: RefusalSchema,
    429: RefusalSchema,
  },
  'POST /api/saved-answers/:applicationKey': {
    202: SavedAnswersAnswerSchema,
    400: InvalidSchema,
    403: WriteRefusalSchema,
  },
  'POST /api/continue/open': {
    200: ContinueOpenAnswerSchema,
    400: RefusalSchema,
    409: AlreadySubmittedSchema,
    410: RefusalSchema,
  },
  'POST /api/continue/check': {
    200: ContinueCheckAnswerSchema,
    400: CheckRefusalSchema,
    409: AlreadySubmittedSchema,
    410: RefusalSchema,
  },
  'POST /api/continue/new-link': {
    202: NewLinkAnswerSchema,
    400: InvalidSchema,
    429: RefusalSchema,
  },
  'POST /api/application-status/open': {
    200: DateOfBirthCheckSchema,
    400: RefusalSchema,
    410: RefusalSchema,
  },
  'POST /api/application-status/check': {
    200: ApplicantViewSchema,
    400: CheckRefusalSchema,
    410: RefusalSchema,
  },
  'GET /api/application-status': { 200: ApplicantViewSchema, 401: RefusalSchema },
  'POST /api/application-status/choice': {
    200: ApplicantViewSchema,
    400: RefusalSchema,
    401: RefusalSchema,
    404: RefusalSchema,
    409: RefusalSchema,
  },
  'POST /api/application-status/new-link': {
    202: NewLinkAnswerSchema,
    400: InvalidSchema,
    429: RefusalSchema,
  },
  'POST /api/joint-confirmation/open': {
    200: DateOfBirthCheckSchema,
    400: RefusalSchema,
    410: RefusalSchema,
  },
  'POST /api/joint-confirmation/check': {
    200: JointViewSchema,
    400: CheckRefusalSchema,
    410: RefusalSchema,
  },
  'POST /api/joint-confirmation/confirm': {
    200: JointConfirmedSchema,
    400: CheckRefusalSchema,
    410: RefusalSchema,
  },
  'POST /api/joint-confirmation/dispute': {
    200: JointDisputedSchema,
    400: CheckRefusalSchema,
    410: RefusalSchema,
  },
  'POST /api/joint-confirmation/new-link': {
    202: NewLinkAnswerSchema,
    400: InvalidSchema,
    429: RefusalSchema,
  },
} as const satisfies Record<string, Record<number, z.ZodType | null>>

export type ApplicantRoute = keyof typeof APPLICANT_ROUTES

type AnswerOf<S> = S extends z.ZodType ? z.output<S> : undefined

/** A route's answer for a status (by default, any of its statuses), as the web app reads it. */
export type ApplicantAnswer<
  R extends ApplicantRoute,
  C extends keyof (typeof APPLICANT_ROUTES)[R] = keyof (typeof APPLICANT_ROUTES)[R],
> = AnswerOf<(typeof APPLICANT_ROUTES)[R][C]>

type SuccessCode<R extends ApplicantRoute> = Extract<
  keyof (typeof APPLICANT_ROUTES)[R],
  200 | 201 | 202 | 204
>

/** A route's answer on success (any of its 2xx), as the web app reads a request that did not fail. */
export type ApplicantSuccess<R extends ApplicantRoute> = ApplicantAnswer<R, SuccessCode<R>>

/** A route's replies by status, as a Fastify route's `Reply` generic. */
export type ApplicantReply<R extends ApplicantRoute> = {
  [C in keyof (typeof APPLICANT_ROUTES)[R]]: AnswerOf<(typeof APPLICANT_ROUTES)[R][C]>
}

export type FieldProblem = z.infer<typeof FieldProblemSchema>
export type StockVehicle = z.infer<typeof StockVehicleSchema>
export type AddressAnswer = z.infer<typeof AddressAnswerSchema>
export type SubmissionAnswer = z.infer<typeof SubmissionAnswerSchema>
export type LenderState = z.infer<typeof LenderStateSchema>
export type ApplicantOffer = z.infer<typeof ApplicantOfferSchema>
export type ApplicantLender = z.infer<typeof ApplicantLenderSchema>
export type ApplicantChoice = z.infer<typeof ApplicantChoiceSchema>
export type ApplicantView = z.infer<typeof ApplicantViewSchema>
export type JointView = z.infer<typeof JointViewSchema>
export type DetailRow = z.infer<typeof DetailRowSchema>
