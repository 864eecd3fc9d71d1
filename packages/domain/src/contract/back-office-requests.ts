// The back-office API's requests, defined once (decision 2173): the body or query of every route that reads
// one, as zod schemas. The server reads each request through its schema (`readFields`), so it reads no
// field the contract does not name; the back office's client sends `BackOfficeBody<route>` and
// `BackOfficeQuery<route>`, so a field renamed on one side fails type-checking on the other.
// A schema holds the request's fields, their types and the rules that need nothing but the value, with the
// words of their refusals; the rules that need the server's state (is this brand the operator's, is this
// cursor one of ours, is this password strong enough) stay in the route, on the value the schema read.
// Objects are not strict: a field the contract does not name is ignored, as it always was.

import { z } from 'zod'
import { CONSENT_CHANNELS, type ConsentChannel } from '../brands/disclosures'
import { BROKER_STATUSES, LENDER_DECISIONS } from './case-states'
import { OPERATOR_ROLES } from './operator-permissions'

export const NOTE_MAX_LENGTH = 2000
export const REASON_MAX_LENGTH = 500
export const SUPPORT_NOTE_MAX_LENGTH = 2000
export const FOLLOW_UP_NOTE_MAX_LENGTH = 500

/** The refusals a request's schema gives, by the field at fault. */
export const REQUEST_MESSAGES = {
  email: 'Enter your email address',
  password: 'Enter your password',
  code: 'Enter the 6-digit code from your authenticator app',
  enterPassword: 'Enter a password',
  currentPassword: 'Enter your current password',
  newPassword: 'Enter a new password',
  newCode: 'Enter the 6-digit code from your new authenticator app',
  status: `must be one of ${BROKER_STATUSES.join(', ')}`,
  kind: 'must be submitted, partial or refused',
  decision: `must be one of ${LENDER_DECISIONS.join(', ')}, or none`,
  needsAttention: 'must be yes or left out',
  limit: 'must be a whole number from 1 to 100',
  noteText: `Enter a note of up to ${NOTE_MAX_LENGTH} characters`,
  reason: `Enter a reason of up to ${REASON_MAX_LENGTH} characters`,
  include: 'must list only the candidate applications offered for this applicant',
  applicant: 'must be main or joint',
  channel: `must be one of ${CONSENT_CHANNELS.join(', ')}`,
  commissionKind: 'Choose whether the commission is an amount or a percentage',
  step: 'must be adjustment or outcome',
  supportNote: `Enter a note of up to ${SUPPORT_NOTE_MAX_LENGTH} characters`,
  followUpDay: 'Enter the day to follow up as a date, today or later',
  followUpNote: `Enter a note of up to ${FOLLOW_UP_NOTE_MAX_LENGTH} characters`,
  commissionState: 'must be open or all',
  role: `Choose a role: ${OPERATOR_ROLES.join(', ')}`,
  label: 'must be a source or campaign label',
  figuresTable: 'must be months or lenders',
  funnelTable: 'must be steps, errors or sources',
} as const

const M = REQUEST_MESSAGES

/** Text the client must send, refused with `message` when absent, not text or empty. */
const required = (message: string) =>
  z.string({ error: message }).refine((value) => value !== '', { error: message })
/** The same, trimmed first. */
const requiredTrimmed = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value !== '', { error: message })
/** A code typed with or without spaces: its digits. */
const code = (message: string) =>
  z
    .string({ error: message })
    .overwrite((value) => value.replace(/\s/g, ''))
    .refine((value) => value !== '', { error: message })
/** Text of 1 to `max` characters (code points, as a person counts them) once trimmed. */
const boundedText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value !== '' && [...value].length <= max, { error: message })
/**
 * A field the client sends as `T`, read leniently: whatever came (anything, or nothing) is handed to
 * `read`, as the route always read it. The type binds the client; the route answers for the value.
 */
const lenient = <T, U>(read: (value: unknown) => U) =>
  z.custom<T>(() => true).transform((value): U => read(value))
const asText = (value: unknown) => (typeof value === 'string' ? value : undefined)
/** Text whose absence the route itself answers for (an enrolment's token): anything else reads as ''. */
const textOrEmpty = lenient<string, string>((value) => asText(value) ?? '')
/** Text, or nothing when absent or not text: the route decides what it needs. */
const optionalText = lenient<string, string | undefined>(asText)
/** Trimmed text; absent, empty or not text reads as nothing. */
const trimmedText = lenient<string, string | undefined>((value) => {
  const text = asText(value)?.trim()
  return text === '' ? undefined : text
}).optional()

/**
 * A list filter's value as a query string or a form carries it: absent, null or empty is nothing; a
 * number (a body's `limit: 20`) reads as its text; text is trimmed.
 */
const filterValue = lenient<string | number | null, string | undefined>((value) =>
  value === undefined || value === null || value === ''
    ? undefined
    : typeof value === 'string'
      ? value.trim()
      : String(value),
)
/** An audit filter's value: absent or empty is nothing; no trimming (an id or key is matched as given). */
const auditValue = lenient<string | null, string | undefined>((value) =>
  value === undefined || value === null || value === '' ? undefined : String(value),
).optional()

// --- Sign-in, enrolment, the operator's own account ---

/** POST /sign-in */
export const SignInBodySchema = z.object({
  email: requiredTrimmed(M.email),
  password: required(M.password),
  code: code(M.code),
})

/** POST /enrolment: the token from the enrolment address's fragment. */
export const EnrolmentBodySchema = z.object({ token: textOrEmpty })
/** POST /enrolment/password: the password chosen (its strength is the server's rule). */
export const EnrolmentPasswordBodySchema = z.object({
  token: textOrEmpty,
  password: required(M.enterPassword),
})
/** POST /enrolment/confirm: the first code from the new authenticator app. */
export const EnrolmentConfirmBodySchema = z.object({
  token: textOrEmpty,
  code: textOrEmpty.transform((value) => value.replace(/\s/g, '')),
})

/** POST /account/password */
export const PasswordChangeBodySchema = z.object({
  currentPassword: required(M.currentPassword),
  newPassword: required(M.newPassword),
  code: code(M.code),
})
/** POST /account/authenticator/confirm: a code from the new app. */
export const AuthenticatorConfirmBodySchema = z.object({
  currentPassword: required(M.currentPassword),
  code: code(M.newCode),
})

// --- The applications' list, search and export ---

/**
 * GET /applications (query), and with a search's `query` POST /applications/search and /applications/export
 * (body). `from` and `to` are London days written YYYY-MM-DD; `cursor` is an earlier page's `nextCursor`.
 */
export const ListFilterSchema = z.object({
  brand: filterValue.optional(),
  status: filterValue.pipe(z.enum(BROKER_STATUSES, { error: M.status }).optional()).optional(),
  kind: filterValue
    .pipe(z.enum(['submitted', 'partial', 'refused'], { error: M.kind }).optional())
    .optional(),
  decision: filterValue
    .pipe(z.enum([...LENDER_DECISIONS, 'none'], { error: M.decision }).optional())
    .optional(),
  needsAttention: filterValue
    .pipe(z.literal('yes', { error: M.needsAttention }).optional())
    .optional(),
  from: filterValue.optional(),
  to: filterValue.optional(),
  cursor: filterValue.optional(),
  limit: filterValue
    .pipe(
      z
        .string()
        .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100, {
          error: M.limit,
        })
        .transform(Number)
        .optional(),
    )
    .optional(),
})
export const SearchBodySchema = ListFilterSchema.extend({
  /** A reference, an email address, a phone number, a postcode or a name. */
  query: optionalText.optional(),
})

// --- An application's actions ---

/** POST /applications/:applicationKey/notes */
export const NoteBodySchema = z.object({ text: boundedText(NOTE_MAX_LENGTH, M.noteText) })
/** POST /applications/:applicationKey/status: one of the statuses the session's answer lists. */
export const StatusBodySchema = z.object({
  status: z.string({ error: M.status }).pipe(z.enum(BROKER_STATUSES, { error: M.status })),
})
/** POST /applications/:applicationKey/legal-hold and …/erase */
export const ReasonBodySchema = z.object({ reason: boundedText(REASON_MAX_LENGTH, M.reason) })
/** POST /applications/:applicationKey/data-export: the candidates chosen, none when absent. */
export const DataExportBodySchema = z.object({
  include: z
    .custom<string[] | undefined>(
      (value) =>
        value === undefined ||
        (Array.isArray(value) &&
          value.length <= 100 &&
          value.every((key) => typeof key === 'string' && key.length <= 100)),
      { error: M.include },
    )
    .transform((keys) => [...new Set(keys ?? [])]),
})
/** POST /applications/:applicationKey/consent-withdrawals: a channel the evidence's consents list. */
export const WithdrawalBodySchema = z.object({
  applicant: z.enum(['main', 'joint'], { error: M.applicant }),
  channel: z.string({ error: M.channel }).pipe(
    z.enum(CONSENT_CHANNELS as readonly [ConsentChannel, ...ConsentChannel[]], {
      error: M.channel,
    }),
  ),
})
/**
 * POST /applications/:applicationKey/commission-answers: the lender (one of the brand's panel) and the
 * commission, an amount in pounds or a percentage; a value that is not a number reads as none.
 */
export const CommissionAnswerBodySchema = z.object({
  lenderId: optionalText,
  kind: z.enum(['amount', 'percentage'], { error: M.commissionKind }),
  value: lenient<number, number>((value) => (typeof value === 'number' ? value : Number.NaN)),
})
/** POST /applications/:applicationKey/support-notes */
export const SupportNoteBodySchema = z.object({
  step: z.enum(['adjustment', 'outcome'], { error: M.step }),
  note: boundedText(SUPPORT_NOTE_MAX_LENGTH, M.supportNote),
})
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
/** POST /applications/:applicationKey/follow-up: a London day, today or later (the server's today). */
export const FollowUpBodySchema = z.object({
  dueOn: z
    .string({ error: M.followUpDay })
    .trim()
    .refine((day) => DAY.test(day) && Number.isFinite(Date.parse(day)), { error: M.followUpDay }),
  note: boundedText(FOLLOW_UP_NOTE_MAX_LENGTH, M.followUpNote),
})

// --- Commission requests, operators, the audit log ---

/** GET /commission-requests */
export const CommissionRequestsQuerySchema = z.object({
  state: z.enum(['open', 'all'], { error: M.commissionState }).default('open'),
})

/** POST /operators: `brands` is "all" or the brands' ids (the server checks them and the scope). */
export const NewOperatorBodySchema = z.object({
  email: textOrEmpty.transform((email) => email.trim()),
  role: z.enum(OPERATOR_ROLES, { error: M.role }),
  brands: z
    .custom<'all' | string[]>(() => true)
    .transform((value: unknown) =>
      Array.isArray(value)
        ? value.filter((id) => typeof id === 'string').join(',')
        : typeof value === 'string'
          ? value
          : '',
    ),
})

/** GET /audit: `cursor` is an earlier page's `nextCursor`. */
export const AuditQuerySchema = z.object({
  operatorId: auditValue,
  action: auditValue,
  applicationKey: auditValue,
  from: auditValue,
  to: auditValue,
  cursor: auditValue,
  limit: auditValue,
})

// --- Figures, funnel, pipeline ---

/** GET /figures (query): London months written YYYY-MM, the twelve up to this one when absent. */
export const FiguresFilterSchema = z.object({
  from: trimmedText,
  to: trimmedText,
  brand: trimmedText,
})
/** POST /figures/export */
export const FiguresExportBodySchema = FiguresFilterSchema.extend({
  table: z.enum(['months', 'lenders'], { error: M.figuresTable }),
})

const LABEL = /^(?:[a-z0-9][a-z0-9._-]{0,39}|\(none\))$/
const label = trimmedText.pipe(z.string().regex(LABEL, { error: M.label }).optional()).optional()
/** GET /funnel (query): London days written YYYY-MM-DD, the last 30 when absent. */
export const FunnelFilterSchema = z.object({
  from: trimmedText,
  to: trimmedText,
  brand: trimmedText,
  source: label,
  campaign: label,
})
/** POST /funnel/export */
export const FunnelExportBodySchema = FunnelFilterSchema.extend({
  table: z.enum(['steps', 'errors', 'sources'], { error: M.funnelTable }),
})

/** GET /pipeline */
export const PipelineQuerySchema = z.object({ brand: trimmedText })

/**
 * Every back-office route that reads a body or a query, and its schema. The routes not named here read
 * neither (the client sends `{}` to a write that takes nothing).
 */
export const BACK_OFFICE_REQUESTS = {
  'POST /api/back-office/sign-in': { body: SignInBodySchema },
  'POST /api/back-office/enrolment': { body: EnrolmentBodySchema },
  'POST /api/back-office/enrolment/password': { body: EnrolmentPasswordBodySchema },
  'POST /api/back-office/enrolment/confirm': { body: EnrolmentConfirmBodySchema },
  'POST /api/back-office/account/password': { body: PasswordChangeBodySchema },
  'POST /api/back-office/account/authenticator/confirm': { body: AuthenticatorConfirmBodySchema },
  'GET /api/back-office/applications': { query: ListFilterSchema },
  'POST /api/back-office/applications/search': { body: SearchBodySchema },
  'POST /api/back-office/applications/export': { body: SearchBodySchema },
  'POST /api/back-office/applications/:applicationKey/notes': { body: NoteBodySchema },
  'POST /api/back-office/applications/:applicationKey/status': { body: StatusBodySchema },
  'POST /api/back-office/applications/:applicationKey/legal-hold': { body: ReasonBodySchema },
  'POST /api/back-office/applications/:applicationKey/erase': { body: ReasonBodySchema },
  'POST /api/back-office/applications/:applicationKey/data-export': { body: DataExportBodySchema },
  'POST /api/back-office/applications/:applicationKey/consent-withdrawals': {
    body: WithdrawalBodySchema,
  },
  'POST /api/back-office/applications/:applicationKey/commission-answers': {
    body: CommissionAnswerBodySchema,
  },
  'POST /api/back-office/applications/:applicationKey/support-notes': {
    body: SupportNoteBodySchema,
  },
  'POST /api/back-office/applications/:applicationKey/follow-up': { body: FollowUpBodySchema },
  'GET /api/back-office/commission-requests': { query: CommissionRequestsQuerySchema },
  'POST /api/back-office/operators': { body: NewOperatorBodySchema },
  'GET /api/back-office/audit': { query: AuditQuerySchema },
  'GET /api/back-office/figures': { query: FiguresFilterSchema },
  'POST /api/back-office/figures/export': { body: FiguresExportBodySchema },
  'GET /api/back-office/funnel': { query: FunnelFilterSchema },
  'POST /api/back-office/funnel/export': { body: FunnelExportBodySchema },
  'GET /api/back-office/pipeline': { query: PipelineQuerySchema },
} as const satisfies Record<string, { body: z.ZodObject } | { query: z.ZodObject }>

type Requests = typeof BACK_OFFICE_REQUESTS
type Part<R, K extends 'body' | 'query'> = R extends keyof Requests
  ? Requests[R] extends Record<K, infer S extends z.ZodType>
    ? z.input<S>
    : never
  : never

/** What a route's body holds, as the client sends it (`never` for a route that reads none). */
export type BackOfficeBody<R extends string> = Part<R, 'body'>
/** What a route's query string holds, as the client sends it (`never` for a route that reads none). */
export type BackOfficeQuery<R extends string> = Part<R, 'query'>

export type ListFilter = z.input<typeof ListFilterSchema>
export type SearchBody = z.input<typeof SearchBodySchema>
export type FiguresFilter = z.input<typeof FiguresFilterSchema>
export type FunnelFilter = z.input<typeof FunnelFilterSchema>
export type AuditQuery = z.input<typeof AuditQuerySchema>
