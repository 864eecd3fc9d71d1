// Kysely's view of the database. Column types are the portable subset both engines share: text, integer,
// and ISO 8601 timestamps stored as text (so SQLite and PostgreSQL sort and compare them the same way).
// It stays whole: it is one Kysely `Tables` interface, and a table's columns are looked for in one place.

import type { ColumnType, Insertable, Selectable } from 'kysely'
import { OPERATOR_ROLES, type OperatorRole } from '@forecourt/domain/contract/operator-permissions'
import { VEHICLE_TYPES } from '@forecourt/domain/contract/applicant'
import { BROKER_STATUSES, LENDER_DECISIONS } from '@forecourt/domain/contract/case-states'

/** The vehicle types the brands' hosts select (see the brand notes); the stock uses the same names. */
export { VEHICLE_TYPES }
export type VehicleType = (typeof VEHICLE_TYPES)[number]

export interface VehiclesTable {
  /** Made by the application, readable in links (`?vehicleid=demo-car-1`): letters, digits and hyphens. */
  id: string
  vehicle_type: VehicleType
  make: string
  model: string
  /** Whole pounds. */
  price: number
  /** Miles; null when the vehicle has no odometer reading (a touring caravan, say). */
  mileage: number | null
  colour: string | null
  fuel_type: string | null
  transmission: string | null
  /** Four-digit year of first registration. */
  registration_year: number | null
  /** Registration plate as displayed, e.g. 'AB21 CDE'. */
  vrm: string | null
  /** Address of the main picture: a path on this server or an absolute https address. */
  primary_image: string | null
  /** ISO 8601, UTC. */
  created_at: string
}

export interface Tables {
  vehicles: VehiclesTable
  deliveries: DeliveriesTable
  applications: ApplicationsTable
  submissions: SubmissionsTable
  needs_attention: NeedsAttentionTable
  application_secrets: ApplicationSecretsTable
  // Back office (migration 0020)
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  enrolments: EnrolmentsTable
  application_index: ApplicationIndexTable
  back_office_settings: BackOfficeSettingsTable
  application_cases: ApplicationCasesTable
  status_changes: StatusChangesTable
  notes: NotesTable
  legal_holds: LegalHoldsTable
  erasures: ErasuresTable
  delivery_attempts: DeliveryAttemptsTable
  audit_log: AuditLogTable
  audit_head: AuditHeadTable
  emails: EmailsTable
  evidence: EvidenceTable
  support_flags: SupportFlagsTable
  support_notes: SupportNotesTable
  lender_decisions: LenderDecisionsTable
  // Save and return, the joint applicant's confirmation (migration 0060)
  resume_links: ResumeLinksTable
  saved_answers: SavedAnswersTable
  link_requests: LinkRequestsTable
  joint_confirmations: JointConfirmationsTable
  // The funnel's counters (migration 0120, decision 2112)
  funnel_counters: FunnelCountersTable
  // The applicant's own page (migration 0121, decision 2113)
  status_sessions: StatusSessionsTable
  offer_choices: OfferChoicesTable
  // The broker's pipeline (migration 0122, decision 2115)
  follow_ups: FollowUpsTable
}

export interface FollowUpsTable {
  application_key: string
  /** YYYY-MM-DD, a London day. */
  due_on: string
  /** The caseworker's note, sealed (JSON envelope) when a data key is configured. */
  note: string
  set_by: string
  set_at: string
}

export interface StatusSessionsTable {
  id: string
  /** SHA-256 of the cookie's random token: the table alone opens nothing. */
  token_hash: string
  application_key: string
  brand: string
  created_at: string
  expires_at: string
}

export interface OfferChoicesTable {
  application_key: string
  brand: string
  /** 'offer': the applicant chose a lender's offer; 'call': they asked to be called first. */
  kind: 'offer' | 'call'
  decision_id: string | null
  lender_id: string | null
  /** JSON: the chosen offer's figures as shown. */
  figures: string | null
  /** JSON: every lender's answer and offer as the page showed them when the choice was made. */
  shown: string
  chosen_at: string
}

export interface FunnelCountersTable {
  /** YYYY-MM-DD on a London clock. */
  day: string
  brand: string
  /** A folded utm_source: a known label, 'other' or '(none)'. */
  source: string
  campaign: string
  step: string
  kind: string
  /** A validation message's key, '' for any other kind. */
  message_key: string
  /** PostgreSQL returns a bigint as text, hence the string. */
  count: ColumnType<number | string, number, number>
}

export type VehicleRow = Selectable<VehiclesTable>
export type NewVehicleRow = Insertable<VehiclesTable>

// --- Lender delivery (the outbox, migration 0003) ---

export const DELIVERY_STATUSES = ['pending', 'in_flight', 'delivered', 'dead'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export interface DeliveriesTable {
  /** Made by the application (`dlv_` + 32 hex); the webhook-id the lender sees on every attempt. */
  id: string
  submission_key: string
  /** The destination's id within its brand's LENDER_DESTINATIONS entry. */
  destination_id: string
  brand: string
  status: DeliveryStatus
  /** Attempts made so far (finished or abandoned by a crashed worker). */
  attempts: number
  /** ISO 8601, UTC: when a pending row is next due. */
  next_attempt_at: string
  /** The worker holding an in-flight row, and until when its lease lasts. */
  locked_by: string | null
  locked_until: string | null
  /** The lender's HTTP status on the last attempt; null when it never answered. */
  last_status_code: number | null
  /** A short reason for the last failure, never with personal data. */
  last_error: string | null
  created_at: string
  updated_at: string
  delivered_at: string | null
}

export type DeliveryRow = Selectable<DeliveriesTable>
export type NewDeliveryRow = Insertable<DeliveriesTable>

// --- Applications and submission idempotency (migration 0002) ---

export const APPLICATION_STATUSES = ['partial', 'submitted'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export interface ApplicationsTable {
  /** The browser's GUID (a UUID, lower case): the partial save's and the submission's key. */
  application_key: string
  /** The brand id the payload's affiliateKey belongs to. */
  brand: string
  status: ApplicationStatus
  /** JSON text; personal fields sealed in a `$encrypted` envelope when a data key is configured. */
  payload: string
  created_at: string
  updated_at: string
  submitted_at: string | null
  /**
   * The server's monotonic clock (microseconds since the epoch) when the request arrived: a partial save
   * replaces the row only with a later one. PostgreSQL returns a bigint as text, hence the string.
   */
  server_sequence: ColumnType<number | string, number, number>
}

export interface SubmissionsTable {
  /** The submission key (a UUID, lower case). */
  submission_key: string
  /** SHA-256, hex, of the body's canonical JSON: the same key with another body is a conflict. */
  body_hash: string
  /** The first answer, replayed byte for byte. */
  response_status: number
  response_body: string
  created_at: string
  /**
   * The applicant's reference (FC-XXXX-XXXX-XXXX), from the key; unique (migration 0010). Null only
   * while that migration fills in earlier rows.
   */
  reference: string | null
}

export type ApplicationRow = Selectable<ApplicationsTable>
export type NewApplicationRow = Insertable<ApplicationsTable>
export type SubmissionRow = Selectable<SubmissionsTable>
export type NewSubmissionRow = Insertable<SubmissionsTable>

// Submissions kept for the broker's attention (migration 0004, decision 1504)

export const ATTENTION_REASONS = ['refused', 'conflict'] as const
export type AttentionReason = (typeof ATTENTION_REASONS)[number]

export interface NeedsAttentionTable {
  /** Made by the application (`att_` + 32 hex). */
  id: string
  /** The submission key of the address (a UUID, lower case). */
  submission_key: string
  /** The reference the applicant was given (FC-…), derived from the key. */
  reference: string
  reason: AttentionReason
  /** The status of the answer the applicant's browser was given. */
  status_code: number
  /** From the body's affiliate key when it names a brand, else from the host. */
  brand: string
  /** SHA-256, hex, of the body's canonical JSON: one row per distinct body under a key and reason. */
  body_hash: string
  /** JSON text of the body as received, sealed whole in a `$encrypted` envelope when a data key is set. */
  body: string
  /** JSON text: the refusal's `{ field, message }` list. */
  errors: string
  created_at: string
}

export type NeedsAttentionRow = Selectable<NeedsAttentionTable>
export type NewNeedsAttentionRow = Insertable<NeedsAttentionTable>

/** Migration 0050: what binds an application to the browser that started it (decision 1801). */
export interface ApplicationSecretsTable {
  application_key: string
  /** SHA-256, hex, of the secret; the secret itself is never stored. */
  secret_hash: string
  created_at: string
}

// Back office (migration 0020)

export { OPERATOR_ROLES, type OperatorRole }

/** PostgreSQL returns a bigint as text. */
type BigInt64 = ColumnType<number | string, number, number>

export interface OperatorsTable {
  /** `op_` + 24 hex, made by the application. */
  id: string
  /** Lower case. */
  email: string
  role: OperatorRole
  /** 'all', or brand ids separated by commas. */
  brands: string
  /** `scrypt$…` (back-office/passwords.ts); null until enrolled, and again after a reset. */
  password_hash: string | null
  /** The base32 TOTP secret, sealed (JSON envelope) when a data key is configured. */
  totp_secret: string | null
  totp_last_step: BigInt64 | null
  enrolled_at: string | null
  disabled_at: string | null
  failed_attempts: number
  locked_until: string | null
  last_sign_in_at: string | null
  created_at: string
  updated_at: string
}

export interface OperatorSessionsTable {
  id_hash: string
  operator_id: string
  created_at: string
  last_seen_at: string
  expires_at: string
  /** A new TOTP secret (sealed as `operators.totp_secret`) waiting for its first code; null otherwise. */
  pending_totp_secret: string | null
}

export interface EnrolmentsTable {
  token_hash: string
  operator_id: string
  created_at: string
  expires_at: string
  used_at: string | null
  password_hash: string | null
  totp_secret: string | null
}

export interface ApplicationIndexTable {
  application_key: string
  /** reference, email, phone, postcode or name. */
  field: string
  /** Base64url of the keyed hash of the normalised value. */
  hash: string
}

export interface BackOfficeSettingsTable {
  name: string
  value: string
}

export { BROKER_STATUSES }
export type BrokerStatus = (typeof BROKER_STATUSES)[number]

export interface ApplicationCasesTable {
  application_key: string
  broker_status: BrokerStatus
  status_changed_at: string
  status_changed_by: string
}

export interface StatusChangesTable {
  id: string
  application_key: string
  broker_status: BrokerStatus
  operator_id: string
  created_at: string
}

export interface NotesTable {
  id: string
  application_key: string
  /** The note's text, sealed (JSON envelope) when a data key is configured. */
  text: string
  operator_id: string
  created_at: string
}

export interface LegalHoldsTable {
  id: string
  application_key: string
  reason: string
  set_by: string
  set_at: string
  lifted_by: string | null
  lifted_at: string | null
}

export interface ErasuresTable {
  application_key: string
  reference: string
  brand: string
  /** 'refused': nothing was stored but submissions kept for attention (decision 1753). */
  kind: ApplicationStatus | 'refused'
  created_at: string
  submitted_at: string | null
  erased_at: string
  erased_by: string
  reason: string
}

export interface DeliveryAttemptsTable {
  delivery_id: string
  attempt: number
  submission_key: string
  destination_id: string
  /** The delivery's status after the attempt: pending (will retry), delivered or dead. */
  outcome: string
  status_code: number | null
  error: string | null
  created_at: string
}

export interface AuditLogTable {
  seq: BigInt64
  at: string
  operator_id: string | null
  action: string
  application_key: string | null
  target_operator_id: string | null
  /** JSON object, never with personal data. */
  detail: string
  prev_hash: string
  hash: string
}

export interface AuditHeadTable {
  id: number
  seq: BigInt64
  hash: string
}

export type OperatorRow = Selectable<OperatorsTable>
export type AuditRow = Selectable<AuditLogTable>
// --- Emails (the email outbox, migration 0040; decision 1652) ---

export const EMAIL_STATUSES = ['pending', 'in_flight', 'sent', 'dead'] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

/**
 * Who a message goes to, found when it is sent (decision 1652), or for a link email kept sealed with the
 * row until then (decision 1951).
 */
export const EMAIL_RECIPIENTS = ['applicant', 'joint-applicant', 'broker'] as const
export type EmailRecipient = (typeof EMAIL_RECIPIENTS)[number]

export interface EmailsTable {
  /** Made by the application (`eml_` + 32 hex, time first); the Message-ID's left part on every try. */
  id: string
  /** The template's name (email/templates.ts). */
  template: string
  brand: string
  /** The application the message is about; its stored payload gives the applicant's name and address. */
  application_key: string | null
  recipient: EmailRecipient
  /** JSON: the template's parameters, never personal data (a reference, a decision id, a time). */
  params: string
  /**
   * A link email's recipient, token and code, encrypted (email/sealed-params.ts, decision 1951); null for
   * every other message, and set to null once the message is sent, dead, or its link no longer works.
   */
  sealed: string | null
  /** One message per cause: a repeated enqueue (a replayed transaction) inserts nothing. */
  dedupe_key: string
  status: EmailStatus
  attempts: number
  next_attempt_at: string
  locked_by: string | null
  locked_until: string | null
  /** A short reason for the last failure, never with personal data. */
  last_error: string | null
  created_at: string
  updated_at: string
  sent_at: string | null
}

export type EmailRow = Selectable<EmailsTable>
export type NewEmailRow = Insertable<EmailsTable>

// --- The evidence record (migration 0041; decision 1654) ---

export const EVIDENCE_KINDS = [
  'shown',
  'agreed',
  'declined',
  'requested',
  'answered',
  'withdrawn',
] as const
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number]

export const EVIDENCE_SOURCES = ['browser', 'submission', 'operator'] as const
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number]

/** Append-only: rows are inserted, never updated; a withdrawal is a new row. */
export interface EvidenceTable {
  /** Made by the application (`evd_` + 32 hex, time first). */
  id: string
  application_key: string
  brand: string
  applicant: 'main' | 'joint'
  kind: EvidenceKind
  disclosure_id: string
  version: number
  /** SHA-256 (hex) of the exact text shown (disclosure-manifest.ts). */
  text_hash: string
  /** For marketing consents: email, sms, phone, post, partner-email, partner-sms, partner-phone. */
  channel: string | null
  /** The route the text was on, as the browser reported it (`/before-you-submit`). */
  screen: string | null
  /** The server's clock when the record arrived (ISO 8601, UTC). */
  at: string
  source: EvidenceSource
  /** The operator who made an operator record (a withdrawal, an answer). */
  operator_id: string | null
  /** JSON, for an answer to a commission request: the lender and the amount or percentage. */
  detail: string | null
  /** The browser's id for the item (or a fixed one for the submission's): a repeat inserts nothing. */
  client_item_id: string | null
}

export type EvidenceRow = Selectable<EvidenceTable>
export type NewEvidenceRow = Insertable<EvidenceTable>

// --- Vulnerability: the flag and the operator's adjustment and outcome (migration 0042; decision 1659) ---

export interface SupportFlagsTable {
  application_key: string
  brand: string
  /** JSON list: 'discuss-financial-circumstances', 'additional-needs'. */
  reasons: string
  flagged_at: string
}

export interface SupportNotesTable {
  id: string
  application_key: string
  step: 'adjustment' | 'outcome'
  /** JSON: the note, sealed with the data key when one is configured (it may be about health). */
  note: string
  operator_id: string
  at: string
}

export type SupportFlagRow = Selectable<SupportFlagsTable>
export type NewSupportFlagRow = Insertable<SupportFlagsTable>
export type SupportNoteRow = Selectable<SupportNotesTable>

// --- Lenders' decisions (migration 0043; decision 1656) ---

export { LENDER_DECISIONS }
export type LenderDecision = (typeof LENDER_DECISIONS)[number]

export interface LenderDecisionsTable {
  /** Made by the application (`ldc_` + 32 hex). */
  id: string
  /** The lender's webhook-id: the same id again gets the first answer. */
  webhook_id: string
  /** The lender's destination id (LENDER_DESTINATIONS). */
  lender_id: string
  brand: string
  submission_key: string
  decision: LenderDecision
  lender_reference: string
  /** When the lender decided (its clock, ISO 8601 UTC); orders one lender's decisions. */
  decided_at: string
  /** When it reached us (our clock). */
  received_at: string
  /** JSON: amount, termMonths, apr, monthlyPayment, commission {kind, value}; null without an offer. */
  offer: string | null
  /** The lender's note, as sent. */
  message: string | null
  /** 1 when it became the lender's current decision; 0 when a later one was already stored (history). */
  current: number
  /** The answer given, replayed for a repeated webhook-id. */
  response_status: number
  response_body: string
}

export type LenderDecisionRow = Selectable<LenderDecisionsTable>
export type NewLenderDecisionRow = Insertable<LenderDecisionsTable>

// --- Save and return; the joint applicant's confirmation (migration 0060; decisions 1821 to 1824) ---

export const LINK_PURPOSES = ['resume', 'joint-confirm', 'status'] as const
export type LinkPurpose = (typeof LINK_PURPOSES)[number]
export const LINK_CHECKS = ['date-of-birth', 'code'] as const
export type LinkCheck = (typeof LINK_CHECKS)[number]
export const LINK_STATUSES = ['active', 'used', 'voided', 'superseded'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]

export interface ResumeLinksTable {
  /** `rsl_` + 32 hex. */
  id: string
  /** SHA-256 (hex) of the token: the token itself is only in the email. */
  token_hash: string
  purpose: LinkPurpose
  application_key: string
  brand: string
  check_kind: LinkCheck
  /** SHA-256 (hex) of the token and the 6-digit code together, for a `code` check. */
  code_hash: string | null
  /** Keyed hash of the address the link went to: a new link goes only to the same address. */
  email_hash: string | null
  /** The route the applicant left (`/contact`). */
  screen: string | null
  failed_attempts: number
  status: LinkStatus
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface SavedAnswersTable {
  application_key: string
  brand: string
  /** JSON of `{ state }`, sealed like a payload when the data key is set. */
  state: string
  updated_at: string
}

export interface LinkRequestsTable {
  id: string
  /** Keyed hash of the address or of the client's IP address asking for a link. */
  subject_hash: string
  at: string
}

export interface JointConfirmationsTable {
  application_key: string
  brand: string
  /** When the joint applicant's link was first sent. */
  requested_at: string
  confirmed_at: string | null
  /** JSON of the joint applicant's corrections, sealed like a payload when the data key is set. */
  corrections: string | null
  /** When the joint applicant last said "This is not right" (migration 0124, decision 2127). */
  disputed_at: string | null
  /** JSON `{ "dispute": "…" }` of what they wrote, sealed like the corrections. */
  dispute: string | null
}

export type ResumeLinkRow = Selectable<ResumeLinksTable>
export type NewResumeLinkRow = Insertable<ResumeLinksTable>
