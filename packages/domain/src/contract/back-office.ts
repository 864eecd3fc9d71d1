// The back-office API's answers, defined once (decision 2165): the server's routes declare them as the
// type of what they answer, the back office reads its types from them (`z.infer`), and the contract tests
// parse every route's real answer with them. Objects are strict: a field the server answers that is not
// written here fails those tests, so nothing reaches the UI that the contract does not name.
// Long because it is the whole back-office API, one schema per answer and the table of routes at the end;
// the answers share their parts (an application's header, an operator, a decision), so they stay together.

import { z } from 'zod'
import { OPERATOR_ROLES, PERMISSIONS } from './operator-permissions'

const text = z.string()
const when = z.string()
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable()

export const RoleSchema = z.enum(OPERATOR_ROLES)
export const PermissionSchema = z.enum(PERMISSIONS)

/** A brand (or anything else) by its id and its name. */
export const NamedSchema = z.strictObject({ id: text, name: text })
/** A choice with its words: a broker status or a lender's decision kind (`approved`, 'Approved'). */
export const LabelledSchema = z.strictObject({ id: text, label: text })

export const OperatorSummarySchema = z.strictObject({
  id: text,
  email: text,
  role: RoleSchema,
  brands: z.union([z.literal('all'), z.array(text)]),
})

/** GET /session, POST /session, POST /enrolment/confirm. */
export const SessionSchema = z.strictObject({
  operator: OperatorSummarySchema,
  permissions: z.array(PermissionSchema),
  brands: z.array(NamedSchema),
  brokerStatuses: z.array(LabelledSchema),
  lenderDecisions: z.array(LabelledSchema).optional(),
  csrfToken: text.optional(),
  idleExpiresAt: when.optional(),
  expiresAt: when.optional(),
})

export const DeliveryStatusSchema = z.enum(['pending', 'in_flight', 'delivered', 'dead'])
/** A submission, a partial save (a lead), or a refused submission with nothing stored. */
export const ApplicationKindSchema = z.enum(['submitted', 'partial', 'refused'])
export const AttentionReasonSchema = z.enum(['refused', 'conflict'])

export const ListedApplicationSchema = z.strictObject({
  applicationKey: text,
  reference: text,
  brand: text,
  brandName: text,
  kind: ApplicationKindSchema,
  name: maybe(text),
  brokerStatus: text,
  lenders: z.array(
    z.strictObject({
      destinationId: text,
      delivery: maybe(DeliveryStatusSchema),
      decision: maybe(text),
      decidedAt: maybe(when).optional(),
    }),
  ),
  createdAt: when,
  submittedAt: maybe(when),
  updatedAt: when,
  legalHold: z.boolean(),
  needsAttention: z.array(AttentionReasonSchema).optional(),
})

/** GET /applications, POST /applications/search (which says which fields it searched). */
export const ApplicationPageSchema = z.strictObject({
  items: z.array(ListedApplicationSchema),
  nextCursor: maybe(text),
  searchedBy: maybe(text).optional(),
})

export const AnswerSectionSchema = z.strictObject({
  title: text,
  rows: z.array(z.strictObject({ label: text, value: z.array(text) })),
})

/** Who set it is null once their account is gone. */
export const LegalHoldSchema = z.strictObject({ reason: text, setBy: maybe(text), setAt: when })
export const ErasedSchema = z.strictObject({ at: when, by: maybe(text), reason: text })

export const CommissionSchema = z.strictObject({
  kind: z.enum(['amount', 'percentage']),
  value: z.number(),
})

export const OfferSchema = z.strictObject({
  amount: z.number(),
  termMonths: z.number(),
  apr: z.number(),
  monthlyPayment: z.number(),
  commission: CommissionSchema,
  // Sent by lenders that give them (what the applicant repays, the cost of the credit, when the offer lapses).
  totalPayable: z.number().optional(),
  totalCostOfCredit: z.number().optional(),
  expiresAt: when.optional(),
})

export const LenderDecisionSchema = z.strictObject({
  id: text,
  lenderId: text,
  decision: text,
  lenderReference: text,
  decidedAt: when,
  receivedAt: when,
  offer: maybe(OfferSchema),
  message: maybe(text),
  current: z.boolean(),
})

export const TimelineEntrySchema = z.strictObject({
  at: when,
  type: text,
  text,
  by: maybe(text),
  decision: LenderDecisionSchema.optional(),
})

export const DeliverySchema = z.strictObject({
  id: text,
  destinationId: text,
  kind: z.enum(['application', 'erasure-notice']),
  status: DeliveryStatusSchema,
  attempts: z.number(),
  lastStatusCode: maybe(z.number()),
  lastError: maybe(text),
  nextAttemptAt: maybe(when),
  deliveredAt: maybe(when),
  createdAt: when,
  updatedAt: when,
})

/** `by`: the operator's email address, null once their account is gone. */
export const NoteSchema = z.strictObject({ id: text, text, by: maybe(text), at: when })
export const StatusChangeSchema = z.strictObject({ status: text, by: maybe(text), at: when })

const applicantSchema = z.enum(['main', 'joint'])

export const EvidenceRecordSchema = z.strictObject({
  id: text,
  applicant: applicantSchema,
  kind: text,
  disclosureId: text,
  title: text,
  version: z.number(),
  textHash: text,
  channel: maybe(text),
  screen: maybe(text),
  at: when,
  source: text,
  /** The operator who recorded it (an id), and their email address; null for the applicant. */
  operatorId: maybe(text),
  operator: maybe(text),
  detail: z.unknown(),
})

export const ConsentSchema = z.strictObject({
  applicant: applicantSchema,
  channel: text,
  state: z.enum(['agreed', 'declined', 'withdrawn']),
  disclosureId: text,
  title: text,
  version: z.number(),
  at: when,
})

export const CommissionAnswerSchema = z.strictObject({
  lenderId: text,
  kind: z.enum(['amount', 'percentage']),
  value: z.number(),
})

export const EvidenceSchema = z.strictObject({
  records: z.array(EvidenceRecordSchema),
  consents: z.array(ConsentSchema),
  commissionRequests: z.array(
    z.strictObject({
      requestedAt: when,
      answers: z.array(
        z.strictObject({ at: when, operator: maybe(text), answer: CommissionAnswerSchema }),
      ),
    }),
  ),
  support: maybe(
    z.strictObject({
      reasons: z.array(text),
      flaggedAt: when,
      notes: z.array(
        z.strictObject({
          id: text,
          step: z.enum(['adjustment', 'outcome']),
          note: text,
          by: text,
          at: when,
        }),
      ),
    }),
  ),
})

export const FieldProblemSchema = z.strictObject({ field: text, message: text })

export const KeptSubmissionSchema = z.strictObject({
  id: text,
  reason: AttentionReasonSchema,
  statusCode: z.number(),
  createdAt: when,
  errors: z.array(FieldProblemSchema),
  answers: z.array(AnswerSectionSchema),
})

export const EmailSummarySchema = z.strictObject({
  id: text,
  template: text,
  recipient: text,
  status: text,
  attempts: z.number(),
  lastError: maybe(text),
  createdAt: when,
  sentAt: maybe(when),
})

/** Whether the joint applicant confirmed their own part (decision 1823); null when they were not asked. */
export const JointConfirmationSchema = z.strictObject({
  requestedAt: when,
  confirmedAt: maybe(when),
  /** Not confirmed within the link's 7 days. */
  outstanding: z.boolean(),
  /** What they wrote to correct what was said about them ('' for nothing); null before they confirm. */
  corrections: maybe(text).optional(),
  /** When they last said "This is not right", and what they wrote (decision 2127); null when they have not. */
  disputedAt: maybe(when).optional(),
  dispute: maybe(text).optional(),
})

/** GET /applications/:applicationKey: one application's whole story. */
export const ApplicationDetailSchema = z.strictObject({
  application: z.strictObject({
    applicationKey: text,
    reference: text,
    brand: text,
    brandName: text,
    kind: ApplicationKindSchema,
    needsAttention: z.array(AttentionReasonSchema).optional(),
    name: maybe(text),
    brokerStatus: text,
    brokerStatusChangedAt: maybe(when),
    brokerStatusChangedBy: maybe(text),
    createdAt: when,
    submittedAt: maybe(when),
    updatedAt: when,
    legalHold: maybe(LegalHoldSchema),
    erased: maybe(ErasedSchema),
    jointConfirmation: maybe(JointConfirmationSchema).optional(),
  }),
  answers: z.array(AnswerSectionSchema),
  timeline: z.array(TimelineEntrySchema),
  deliveries: z.array(DeliverySchema),
  notes: z.array(NoteSchema),
  statusHistory: z.array(StatusChangeSchema),
  /** The brand's lenders, which a commission answer names. */
  lenders: z.array(text).optional(),
  lenderDecisions: z.array(LenderDecisionSchema).optional(),
  /** Each lender's decision in force, by lender. */
  latestDecisions: z.array(LenderDecisionSchema).optional(),
  emails: z.array(EmailSummarySchema).optional(),
  evidence: EvidenceSchema.optional(),
  needsAttention: z.array(KeptSubmissionSchema).optional(),
})

/**
 * GET /applications/:applicationKey/data-export/candidates: an application that shares the subject's
 * email address or phone number (decision 2042): which identifiers are the same, never its own details.
 */
export const ExportCandidateSchema = z.strictObject({
  applicationKey: text,
  reference: text,
  brand: text,
  kind: text,
  createdAt: when,
  matches: z.strictObject({
    email: z.boolean(),
    phone: z.boolean(),
    dateOfBirth: z.boolean(),
    name: z.boolean(),
  }),
  /** The email address and the date of birth are both the same: a hint, never a choice made. */
  strong: z.boolean(),
})
export const ExportCandidatesSchema = z.strictObject({ candidates: z.array(ExportCandidateSchema) })

export const AuditEntrySchema = z.strictObject({
  seq: z.number(),
  at: when,
  operatorId: maybe(text),
  operatorEmail: maybe(text),
  action: text,
  applicationKey: maybe(text),
  reference: maybe(text),
  targetOperatorId: maybe(text),
  detail: maybe(z.record(text, z.unknown())),
})

/** GET /audit */
export const AuditPageSchema = z.strictObject({
  items: z.array(AuditEntrySchema),
  nextCursor: maybe(text),
  actions: z.array(text),
})

/** An audit entry about the application in a subject's export: who by as an id, never their address. */
export const ExportAuditEntrySchema = z.strictObject({
  seq: z.number(),
  at: when,
  action: text,
  operatorId: maybe(text),
  detail: z.unknown(),
})

/** POST /applications/:applicationKey/data-export */
export const DataExportSchema = z.strictObject({
  generatedAt: when,
  generatedBy: text,
  subject: z.strictObject({ name: maybe(text), email: maybe(text), phone: maybe(text) }),
  applications: z.array(
    z.strictObject({
      applicationKey: text,
      reference: text,
      brand: text,
      kind: text,
      createdAt: when,
      submittedAt: maybe(when),
      updatedAt: when,
      answers: z.array(AnswerSectionSchema),
      payload: z.unknown(),
      deliveries: z.array(DeliverySchema),
      notes: z.array(NoteSchema),
      statusHistory: z.array(StatusChangeSchema),
      evidence: EvidenceSchema.optional(),
      lenderDecisions: z.array(LenderDecisionSchema).optional(),
      emails: z
        .array(
          z.strictObject({
            template: text,
            recipient: text,
            status: text,
            createdAt: when,
            sentAt: maybe(when),
          }),
        )
        .optional(),
      needsAttention: z.array(KeptSubmissionSchema).optional(),
      audit: z.array(ExportAuditEntrySchema),
    }),
  ),
})

export const CommissionRequestItemSchema = z.strictObject({
  applicationKey: text,
  reference: text,
  brand: text,
  brandName: text,
  name: maybe(text),
  requestedAt: when,
  answers: z.array(CommissionAnswerSchema.extend({ at: when, by: maybe(text) })),
})
/** GET /commission-requests */
export const CommissionRequestsSchema = z.strictObject({
  requests: z.array(CommissionRequestItemSchema),
})

export const CohortFiguresSchema = z.strictObject({
  submitted: z.number(),
  decided: z.number(),
  approved: z.number(),
  declined: z.number(),
  paidOut: z.number(),
  timeToFirstDecision: z.strictObject({
    count: z.number(),
    medianMinutes: maybe(z.number()),
    p90Minutes: maybe(z.number()),
  }),
})

export const MonthFiguresSchema = CohortFiguresSchema.extend({
  brand: text,
  brandName: text,
  month: text,
  started: z.number(),
  byVulnerability: z.strictObject({
    flagged: CohortFiguresSchema,
    notFlagged: CohortFiguresSchema,
  }),
})

export const LenderFiguresSchema = z.strictObject({
  brand: text,
  brandName: text,
  month: text,
  lenderId: text,
  decided: z.number(),
  approved: z.number(),
  declined: z.number(),
  approvalRate: maybe(z.number()),
  /** Paid out, and the commission those payouts earned, in pounds (decision 2115). */
  paidOut: z.number(),
  commission: z.number(),
})

/** GET /figures */
export const FiguresSchema = z.strictObject({
  from: text,
  to: text,
  brand: maybe(text),
  months: z.array(MonthFiguresSchema),
  lenders: z.array(LenderFiguresSchema),
})

export const OperatorStateSchema = z.enum(['invited', 'active', 'locked', 'disabled'])

export const OperatorSchema = z.strictObject({
  id: text,
  email: text,
  role: RoleSchema,
  brands: z.union([z.literal('all'), z.array(text)]),
  state: OperatorStateSchema,
  enrolledAt: maybe(when),
  disabledAt: maybe(when),
  lockedUntil: maybe(when),
  lastSignInAt: maybe(when),
  createdAt: when,
})
/** GET /operators */
export const OperatorListSchema = z.strictObject({ items: z.array(OperatorSchema) })
/** POST /operators/:id/disable */
export const OperatorAnswerSchema = z.strictObject({ operator: OperatorSchema })
/** POST /operators (201), POST /operators/:id/reset */
export const EnrolmentSchema = z.strictObject({
  operator: OperatorSchema,
  enrolmentUrl: text,
  enrolmentExpiresAt: when,
})

/** A step of the funnel: the people who saw the question, answered it, and left there. */
export const FunnelStepSchema = z.strictObject({
  step: text,
  title: text,
  viewed: z.number(),
  completed: z.number(),
  dropOff: z.number(),
  errors: z.number(),
})

export const FunnelErrorSchema = z.strictObject({
  step: text,
  title: text,
  messageKey: text,
  message: text,
  count: z.number(),
  per100Viewers: z.number(),
})

export const FunnelConversionSchema = z.strictObject({
  started: z.number(),
  submitted: z.number(),
  offers: z.number(),
  paidOut: z.number(),
})

/** GET /funnel */
export const FunnelSchema = z.strictObject({
  from: text,
  to: text,
  brand: maybe(text),
  source: maybe(text),
  campaign: maybe(text),
  steps: z.array(FunnelStepSchema),
  topErrors: z.array(FunnelErrorSchema),
  conversion: FunnelConversionSchema,
  bySource: z.array(FunnelConversionSchema.extend({ source: text })),
  sources: z.array(text),
  campaigns: z.array(text),
})

export const PipelineCaseSchema = z.strictObject({
  applicationKey: text,
  reference: text,
  brand: text,
  stage: text,
  since: when,
  ageDays: z.number(),
  followUp: maybe(
    z.strictObject({ dueOn: text, note: text, overdue: z.boolean(), dueToday: z.boolean() }),
  ),
})

/** GET /pipeline: the submitted applications by stage (decision 2115). */
export const PipelineSchema = z.strictObject({
  today: text,
  stages: z.array(
    z.strictObject({
      id: text,
      label: text,
      count: z.number(),
      cases: z.array(PipelineCaseSchema),
    }),
  ),
  dueToday: z.number(),
  overdue: z.number(),
})

/** An authenticator app's setup: the secret as Base32 for typing by hand, its URI and QR code (an SVG data: address). */
export const TotpSchema = z.strictObject({ secret: text, uri: text, qrSvg: text })
/** POST /account/authenticator, POST /enrolment/password */
export const TotpAnswerSchema = z.strictObject({ totp: TotpSchema })

/** POST /enrolment: whose invitation the link is, until when, and the password rule. */
export const EnrolmentAddressSchema = z.strictObject({
  email: text,
  expiresAt: when,
  passwordMinLength: z.number(),
})

/** GET /csrf */
export const CsrfTokenSchema = z.strictObject({ token: text })

/** POST /applications/:applicationKey/notes (201) */
export const NoteAnswerSchema = z.strictObject({ note: NoteSchema })
/** POST /applications/:applicationKey/status */
export const StatusAnswerSchema = z.strictObject({
  brokerStatus: text,
  changedAt: when,
  changedBy: text,
})
/** POST /applications/:applicationKey/deliveries/:deliveryId/retry */
export const RetryAnswerSchema = z.strictObject({ outcome: text, delivery: DeliverySchema })
/** POST /applications/:applicationKey/legal-hold and …/legal-hold/lift */
export const LegalHoldAnswerSchema = z.strictObject({ legalHold: maybe(LegalHoldSchema) })
/** POST /applications/:applicationKey/erase */
export const ErasureAnswerSchema = z.strictObject({ erased: ErasedSchema, notices: z.number() })
/** POST /applications/:applicationKey/consent-withdrawals (201) */
export const WithdrawalAnswerSchema = z.strictObject({
  withdrawal: z.strictObject({ applicant: applicantSchema, channel: text, at: when, by: text }),
})
/** POST /applications/:applicationKey/commission-answers (201) */
export const CommissionAnswerAnswerSchema = z.strictObject({
  answer: CommissionAnswerSchema.extend({ at: when, by: text }),
})
/** POST /applications/:applicationKey/support-notes (201) */
export const SupportNoteAnswerSchema = z.strictObject({
  note: z.strictObject({
    id: text,
    step: z.enum(['adjustment', 'outcome']),
    note: text,
    by: text,
    at: when,
  }),
})
/** POST /applications/:applicationKey/follow-up (201) */
export const FollowUpAnswerSchema = z.strictObject({
  followUp: z.strictObject({ dueOn: text, note: text, setBy: text, setAt: when }),
})

/** Every refusal: `{ error }`, with the fields at fault on a 400 (and a fresh token on a 401 from GET /session). */
export const ErrorAnswerSchema = z.strictObject({
  error: text,
  errors: z.array(FieldProblemSchema).optional(),
  csrfToken: text.optional(),
})

/** A CSV file (the exports): text, named by the answer's Content-Disposition. */
export const CsvSchema = z.string()
/** 204: no body. */
const NO_CONTENT = null

/**
 * Every back-office route (its method and path, as registered) and its answer for each success status.
 * The server's routes declare their replies from it (`BackOfficeReply`), the contract tests check that
 * the server registers exactly these routes and that every answer the back-office tests see parses with
 * the schema of its route and status.
 */
export const BACK_OFFICE_ROUTES = {
  'GET /api/back-office/csrf': { 200: CsrfTokenSchema },
  'GET /api/back-office/session': { 200: SessionSchema },
  'POST /api/back-office/sign-in': { 200: SessionSchema },
  'POST /api/back-office/sign-out': { 204: NO_CONTENT },
  'POST /api/back-office/sign-out-everywhere': { 204: NO_CONTENT },
  'POST /api/back-office/enrolment': { 200: EnrolmentAddressSchema },
  'POST /api/back-office/enrolment/password': { 200: TotpAnswerSchema },
  'POST /api/back-office/enrolment/confirm': { 200: SessionSchema },
  'POST /api/back-office/account/password': { 204: NO_CONTENT },
  'POST /api/back-office/account/authenticator': { 200: TotpAnswerSchema },
  'POST /api/back-office/account/authenticator/confirm': { 204: NO_CONTENT },
  'GET /api/back-office/applications': { 200: ApplicationPageSchema },
  'POST /api/back-office/applications/search': { 200: ApplicationPageSchema },
  'POST /api/back-office/applications/export': { 200: CsvSchema },
  'GET /api/back-office/applications/:applicationKey': { 200: ApplicationDetailSchema },
  'POST /api/back-office/applications/:applicationKey/notes': { 201: NoteAnswerSchema },
  'POST /api/back-office/applications/:applicationKey/status': { 200: StatusAnswerSchema },
  'POST /api/back-office/applications/:applicationKey/deliveries/:deliveryId/retry': {
    200: RetryAnswerSchema,
  },
  'POST /api/back-office/applications/:applicationKey/legal-hold': { 200: LegalHoldAnswerSchema },
  'POST /api/back-office/applications/:applicationKey/legal-hold/lift': {
    200: LegalHoldAnswerSchema,
  },
  'POST /api/back-office/applications/:applicationKey/erase': { 200: ErasureAnswerSchema },
  'GET /api/back-office/applications/:applicationKey/data-export/candidates': {
    200: ExportCandidatesSchema,
  },
  'POST /api/back-office/applications/:applicationKey/data-export': { 200: DataExportSchema },
  'POST /api/back-office/applications/:applicationKey/consent-withdrawals': {
    201: WithdrawalAnswerSchema,
  },
  'POST /api/back-office/applications/:applicationKey/commission-answers': {
    201: CommissionAnswerAnswerSchema,
  },
  'POST /api/back-office/applications/:applicationKey/support-notes': {
    201: SupportNoteAnswerSchema,
  },
  'POST /api/back-office/applications/:applicationKey/follow-up': { 201: FollowUpAnswerSchema },
  'GET /api/back-office/commission-requests': { 200: CommissionRequestsSchema },
  'GET /api/back-office/operators': { 200: OperatorListSchema },
  'POST /api/back-office/operators': { 201: EnrolmentSchema },
  'POST /api/back-office/operators/:id/disable': { 200: OperatorAnswerSchema },
  'POST /api/back-office/operators/:id/reset': { 200: EnrolmentSchema },
  'GET /api/back-office/audit': { 200: AuditPageSchema },
  'GET /api/back-office/figures': { 200: FiguresSchema },
  'POST /api/back-office/figures/export': { 200: CsvSchema },
  'GET /api/back-office/funnel': { 200: FunnelSchema },
  'POST /api/back-office/funnel/export': { 200: CsvSchema },
  'GET /api/back-office/pipeline': { 200: PipelineSchema },
} as const satisfies Record<string, Partial<Record<200 | 201 | 204, z.ZodType | null>>>

export type BackOfficeRoute = keyof typeof BACK_OFFICE_ROUTES

type AnswerOf<S> = S extends z.ZodType ? z.output<S> : undefined

/** A route's answer for a success status, as the client reads it. */
export type BackOfficeAnswer<
  R extends BackOfficeRoute,
  C extends keyof (typeof BACK_OFFICE_ROUTES)[R] = keyof (typeof BACK_OFFICE_ROUTES)[R],
> = AnswerOf<(typeof BACK_OFFICE_ROUTES)[R][C]>

/** A route's replies, by status, as a Fastify route's `Reply` generic: its successes and `{ error }` for 4xx. */
export type BackOfficeReply<R extends BackOfficeRoute> = {
  [C in keyof (typeof BACK_OFFICE_ROUTES)[R]]: AnswerOf<(typeof BACK_OFFICE_ROUTES)[R][C]>
} & { '4xx': ErrorAnswer }

export type Role = z.infer<typeof RoleSchema>
export type Permission = z.infer<typeof PermissionSchema>
export type Named = z.infer<typeof NamedSchema>
export type BrokerStatus = z.infer<typeof LabelledSchema>
export type DecisionKind = z.infer<typeof LabelledSchema>
export type Session = z.infer<typeof SessionSchema>
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>
export type ApplicationKind = z.infer<typeof ApplicationKindSchema>
export type AttentionReason = z.infer<typeof AttentionReasonSchema>
export type ListedApplication = z.infer<typeof ListedApplicationSchema>
export type ApplicationPage = z.infer<typeof ApplicationPageSchema>
export type AnswerSection = z.infer<typeof AnswerSectionSchema>
export type LegalHold = z.infer<typeof LegalHoldSchema>
export type Erased = z.infer<typeof ErasedSchema>
export type Offer = z.infer<typeof OfferSchema>
export type LenderDecision = z.infer<typeof LenderDecisionSchema>
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>
export type Delivery = z.infer<typeof DeliverySchema>
export type Note = z.infer<typeof NoteSchema>
export type StatusChange = z.infer<typeof StatusChangeSchema>
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>
export type Consent = z.infer<typeof ConsentSchema>
export type CommissionAnswer = z.infer<typeof CommissionAnswerSchema>
export type Evidence = z.infer<typeof EvidenceSchema>
export type FieldProblem = z.infer<typeof FieldProblemSchema>
export type KeptSubmission = z.infer<typeof KeptSubmissionSchema>
export type EmailSummary = z.infer<typeof EmailSummarySchema>
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>
export type ExportCandidate = z.infer<typeof ExportCandidateSchema>
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export type AuditPage = z.infer<typeof AuditPageSchema>
export type DataExport = z.infer<typeof DataExportSchema>
export type CommissionRequestItem = z.infer<typeof CommissionRequestItemSchema>
export type CohortFigures = z.infer<typeof CohortFiguresSchema>
export type MonthFigures = z.infer<typeof MonthFiguresSchema>
export type LenderFigures = z.infer<typeof LenderFiguresSchema>
export type Figures = z.infer<typeof FiguresSchema>
export type OperatorState = z.infer<typeof OperatorStateSchema>
export type Operator = z.infer<typeof OperatorSchema>
export type Enrolment = z.infer<typeof EnrolmentSchema>
export type FunnelStep = z.infer<typeof FunnelStepSchema>
export type FunnelError = z.infer<typeof FunnelErrorSchema>
export type FunnelConversion = z.infer<typeof FunnelConversionSchema>
export type Funnel = z.infer<typeof FunnelSchema>
export type PipelineCase = z.infer<typeof PipelineCaseSchema>
export type Pipeline = z.infer<typeof PipelineSchema>
export type Totp = z.infer<typeof TotpSchema>
export type EnrolmentAddress = z.infer<typeof EnrolmentAddressSchema>
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>
