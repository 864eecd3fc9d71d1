// The back office's reads of applications: the list (newest activity first, by keyset), the search by
// blind index, and everything the detail page shows. Payloads are opened only for the rows of the page
// being shown. Decision records: docs/decisions/1605-*, 1607-*.

import type { Kysely } from 'kysely'
import {
  payloadAnswers,
  payloadApplicantName,
  type PayloadAnswerSection,
} from '@forecourt/domain/payload/payload-answers'
import { openPayload, type DataKeyring } from '../crypto/field-encryption'
import { disclosureDefinition } from '@forecourt/domain/brands/disclosures'
import type {
  ApplicationStatus,
  AttentionReason,
  AuditRow,
  BrokerStatus,
  DeliveryRow,
  LenderDecision,
  Tables,
} from '../db/tables'
import {
  decisionsForApplication,
  latestPerLender,
  type DecisionRecord,
} from '../decisions/decision-repository'
import { emailsForApplication, type EmailSummary } from '../email/outbox'
import {
  commissionRequests,
  currentConsents,
  evidenceForApplication,
  type CommissionRequest,
  type ConsentState,
  type EvidenceRecord,
} from '../evidence/evidence-repository'
import { supportCase, type SupportCase } from '../evidence/support-repository'
import type { Payload } from '../repositories/application-repository'
import { payloadAad } from '../repositories/rows'
import {
  findNeedsAttention,
  openKeptBody,
  type AttentionItem,
  type FieldProblem,
} from '../repositories/needs-attention-repository'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import {
  jointConfirmationRecord,
  type JointConfirmationRecord,
} from '../save-return/joint-confirmation'
import { ERASURE_KEY_PREFIX } from './erasure-notice'
import { openNoteText } from './case-records'
import { lenderActor } from './decision-status'
import { revealUnsafeCharacters } from '@forecourt/domain/fields/text'

type Db = Kysely<Tables>

/**
 * What a listed application is: a partial save (a lead), a submission, or a submission the server
 * refused and kept for attention without any application stored under its key (decision 1753).
 */
export type ApplicationKind = ApplicationStatus | 'refused'

/** The list's lender-decision filter: a lender's latest decision, or none from any lender yet. */
export type DecisionFilter = LenderDecision | 'none'

export interface ListFilter {
  /** The brands the operator may see, narrowed to one when the filter names it. */
  brands: readonly string[] | 'all'
  status?: BrokerStatus
  kind?: ApplicationKind
  /** ISO instants, on the last activity (updated_at): from inclusive, to exclusive. */
  from?: string
  to?: string
  /** Only applications some lender's latest decision is this (or, 'none', that no lender decided). */
  decision?: DecisionFilter
  /** Only applications with a submission kept for attention (refused or conflicting). */
  needsAttention?: boolean
  /** A search: only applications with every one of these index hashes. */
  indexHashes?: readonly string[]
  cursor?: ListCursor
  limit: number
}

export interface ListCursor {
  updatedAt: string
  applicationKey: string
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.applicationKey])).toString(
    'base64url',
  )
}

export function decodeCursor(text: string): ListCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { updatedAt: value[0], applicationKey: value[1] }
    }
  } catch {
    // Not a cursor this server made.
  }
  return undefined
}

export interface LenderSummary {
  destinationId: string
  /** The delivery's state; null for a lender that answered without a delivery on record. */
  delivery: DeliveryRow['status'] | null
  /** The lender's latest decision (by its own time, history left out), or null before it decides. */
  decision: LenderDecision | null
  decidedAt: string | null
}

export interface ListItem {
  applicationKey: string
  reference: string
  brand: string
  kind: ApplicationKind
  name: string | null
  brokerStatus: BrokerStatus
  lenders: LenderSummary[]
  createdAt: string
  submittedAt: string | null
  updatedAt: string
  legalHold: boolean
  /** The reasons a submission under this key was kept for attention (empty: none). */
  needsAttention: AttentionReason[]
}

function openStored(
  applicationKey: string,
  payload: string,
  dataKeys: DataKeyring | undefined,
): Payload | undefined {
  try {
    return openPayload(JSON.parse(payload) as Payload, dataKeys, payloadAad(applicationKey))
  } catch {
    // A data key missing: the row is listed without its name rather than failing the whole page.
    return undefined
  }
}

export async function listApplications(
  db: Db,
  filter: ListFilter,
  dataKeys: DataKeyring | undefined,
): Promise<{ items: ListItem[]; nextCursor: ListCursor | null }> {
  if (filter.brands !== 'all' && filter.brands.length === 0) return { items: [], nextCursor: null }
  // What was refused with nothing stored is only among the cases kept for attention.
  if (filter.needsAttention === true || filter.kind === 'refused') {
    return listAttentionCases(db, filter, dataKeys)
  }
  let query = db
    .selectFrom('applications as a')
    // The page's keys first, from the indexes alone: a filter the index cannot order (a status, a
    // date range) then sorts keys and dates, not payloads of a few kilobytes each.
    .select(['a.application_key', 'a.updated_at'])
  if (filter.brands !== 'all') query = query.where('a.brand', 'in', filter.brands)
  const kind = filter.kind
  if (kind !== undefined) query = query.where('a.status', '=', kind)
  if (filter.from !== undefined) query = query.where('a.updated_at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('a.updated_at', '<', filter.to)
  // As (NOT) EXISTS on the case's primary key, so both engines keep walking the list's index in order
  // and probe each row, instead of joining whole tables first.
  const status = filter.status
  if (status === 'new') {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('application_cases as c')
            .select('c.application_key')
            .whereRef('c.application_key', '=', 'a.application_key')
            .where('c.broker_status', '<>', 'new'),
        ),
      ),
    )
  } else if (status !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('application_cases as c')
          .select('c.application_key')
          .whereRef('c.application_key', '=', 'a.application_key')
          .where('c.broker_status', '=', status),
      ),
    )
  }
  const decision = filter.decision
  if (decision === 'none') {
    query = query
      .where('a.status', '=', 'submitted')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lender_decisions as d')
              .select('d.id')
              .whereRef('d.submission_key', '=', 'a.application_key')
              .where('d.current', '=', 1),
          ),
        ),
      )
  } else if (decision !== undefined) {
    // Some lender's latest current decision (by its own time; received later breaks a tie, as
    // latestPerLender does) is the one asked for.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lender_decisions as d')
          .select('d.id')
          .whereRef('d.submission_key', '=', 'a.application_key')
          .where('d.current', '=', 1)
          .where('d.decision', '=', decision)
          .where(({ not, exists: laterExists, selectFrom: laterFrom }) =>
            not(
              laterExists(
                laterFrom('lender_decisions as e')
                  .select('e.id')
                  .whereRef('e.submission_key', '=', 'd.submission_key')
                  .whereRef('e.lender_id', '=', 'd.lender_id')
                  .where('e.current', '=', 1)
                  .where((eb) =>
                    eb.or([
                      eb('e.decided_at', '>', eb.ref('d.decided_at')),
                      eb.and([
                        eb('e.decided_at', '=', eb.ref('d.decided_at')),
                        eb('e.received_at', '>', eb.ref('d.received_at')),
                      ]),
                    ]),
                  ),
              ),
            ),
          ),
      ),
    )
  }
  for (const hash of filter.indexHashes ?? []) {
    query = query.where('a.application_key', 'in', (eb) =>
      eb.selectFrom('application_index').select('application_key').where('hash', '=', hash),
    )
  }
  const cursor = filter.cursor
  if (cursor !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('a.updated_at', '<', cursor.updatedAt),
        eb.and([
          eb('a.updated_at', '=', cursor.updatedAt),
          eb('a.application_key', '<', cursor.applicationKey),
        ]),
      ]),
    )
  }
  const found = await query
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.application_key', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const keys = found.slice(0, filter.limit).map((row) => row.application_key)
  const last = found[filter.limit - 1]
  return {
    items: await pageItems(db, keys, dataKeys),
    nextCursor:
      found.length > filter.limit && last !== undefined
        ? { updatedAt: last.updated_at, applicationKey: last.application_key }
        : null,
  }
}

/**
 * The "Needs attention" list: every key with a submission kept for attention (refused or conflicting),
 * newest kept first, whether or not an application is stored under it. The list's other filters apply
 * to what is stored beside it; the date range to when it was kept.
 */
async function listAttentionCases(
  db: Db,
  filter: ListFilter,
  dataKeys: DataKeyring | undefined,
): Promise<{ items: ListItem[]; nextCursor: ListCursor | null }> {
  const brands = filter.brands
  // The brand that counts is the stored application's when there is one, else the kept body's.
  let query = db
    .selectFrom('needs_attention as n')
    .leftJoin('applications as a', 'a.application_key', 'n.submission_key')
    .select(['n.submission_key'])
    .select((eb) => eb.fn.max('n.created_at').as('at'))
  if (brands !== 'all') {
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('a.brand', 'is', null), eb('n.brand', 'in', brands)]),
        eb('a.brand', 'in', brands),
      ]),
    )
  }
  if (filter.kind === 'refused') query = query.where('a.application_key', 'is', null)
  else if (filter.kind !== undefined) query = query.where('a.status', '=', filter.kind)
  if (filter.from !== undefined) query = query.where('n.created_at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('n.created_at', '<', filter.to)
  const status = filter.status
  if (status !== undefined) {
    const changed = db
      .selectFrom('application_cases')
      .select('application_key')
      .where('broker_status', status === 'new' ? '<>' : '=', status === 'new' ? 'new' : status)
    query =
      status === 'new'
        ? query.where('n.submission_key', 'not in', changed)
        : query.where('n.submission_key', 'in', changed)
  }
  const decision = filter.decision
  if (decision !== undefined) {
    const decided = db
      .selectFrom('lender_decisions')
      .select('submission_key')
      .where('current', '=', 1)
    query =
      decision === 'none'
        ? query.where('n.submission_key', 'not in', decided)
        : query.where('n.submission_key', 'in', decided.where('decision', '=', decision))
  }
  for (const hash of filter.indexHashes ?? []) {
    query = query.where('n.submission_key', 'in', (eb) =>
      eb.selectFrom('application_index').select('application_key').where('hash', '=', hash),
    )
  }
  let grouped = query.groupBy('n.submission_key')
  const cursor = filter.cursor
  if (cursor !== undefined) {
    grouped = grouped.having((eb) =>
      eb.or([
        eb(eb.fn.max('n.created_at'), '<', cursor.updatedAt),
        eb.and([
          eb(eb.fn.max('n.created_at'), '=', cursor.updatedAt),
          eb('n.submission_key', '<', cursor.applicationKey),
        ]),
      ]),
    )
  }
  const found = await grouped
    .orderBy('at', 'desc')
    .orderBy('n.submission_key', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const keys = found.slice(0, filter.limit).map((row) => row.submission_key)
  const last = found[filter.limit - 1]
  return {
    items: await pageItems(db, keys, dataKeys),
    nextCursor:
      found.length > filter.limit && last !== undefined
        ? { updatedAt: String(last.at), applicationKey: last.submission_key }
        : null,
  }
}

/**
 * The cases kept for attention under a reference, or under every reference starting with a prefix of one
 * (FC-7K2M): a search by reference finds them too.
 */
export async function attentionKeysByReference(
  db: Db,
  reference: string,
  brands: readonly string[] | 'all',
): Promise<string[]> {
  if (brands !== 'all' && brands.length === 0) return []
  // A reference holds only FC, hyphens, digits and capitals: nothing LIKE reads as a wildcard.
  if (!/^FC[-0-9A-Z]*$/.test(reference)) return []
  let query = db
    .selectFrom('needs_attention')
    .select('submission_key')
    .distinct()
    .where('reference', 'like', `${reference}%`)
  if (brands !== 'all') query = query.where('brand', 'in', brands)
  return (await query.execute()).map((row) => row.submission_key)
}

/** The rows of a page, in the order of `keys`; a key with nothing left to show (erased) is skipped. */
export async function pageItems(
  db: Db,
  keys: readonly string[],
  dataKeys: DataKeyring | undefined,
): Promise<ListItem[]> {
  if (keys.length === 0) return []
  const wanted = [...keys]
  const [rows, deliveries, holds, decisions, attention, cases] = await Promise.all([
    db
      .selectFrom('applications as a')
      .leftJoin('application_cases as c', 'c.application_key', 'a.application_key')
      .select([
        'a.application_key',
        'a.brand',
        'a.status',
        'a.payload',
        'a.created_at',
        'a.updated_at',
        'a.submitted_at',
        'c.broker_status',
      ])
      .where('a.application_key', 'in', wanted)
      .execute(),
    db
      .selectFrom('deliveries')
      .select(['submission_key', 'destination_id', 'status'])
      .where('submission_key', 'in', wanted)
      .orderBy('destination_id')
      .execute(),
    db
      .selectFrom('legal_holds')
      .select('application_key')
      .where('application_key', 'in', wanted)
      .where('lifted_at', 'is', null)
      .execute(),
    db
      .selectFrom('lender_decisions')
      .select(['submission_key', 'lender_id', 'decision', 'decided_at', 'current'])
      .where('submission_key', 'in', wanted)
      .where('current', '=', 1)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('needs_attention')
      .select(['id', 'submission_key', 'reason', 'brand', 'body', 'created_at'])
      .where('submission_key', 'in', wanted)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('application_cases')
      .select(['application_key', 'broker_status'])
      .where('application_key', 'in', wanted)
      .execute(),
  ])
  const lenders = new Map<string, Map<string, LenderSummary>>()
  const lenderOf = (key: string, destinationId: string): LenderSummary => {
    const byLender = lenders.get(key) ?? new Map<string, LenderSummary>()
    lenders.set(key, byLender)
    const known = byLender.get(destinationId) ?? {
      destinationId,
      delivery: null,
      decision: null,
      decidedAt: null,
    }
    byLender.set(destinationId, known)
    return known
  }
  for (const delivery of deliveries) {
    lenderOf(delivery.submission_key, delivery.destination_id).delivery = delivery.status
  }
  // In the order they arrived, so a later word with the same time wins, as latestPerLender has it.
  for (const row of decisions) {
    const lender = lenderOf(row.submission_key, row.lender_id)
    if (lender.decidedAt === null || row.decided_at >= lender.decidedAt) {
      lender.decision = row.decision
      lender.decidedAt = row.decided_at
    }
  }
  const kept = new Map<string, typeof attention>()
  for (const row of attention)
    kept.set(row.submission_key, [...(kept.get(row.submission_key) ?? []), row])
  const held = new Set(holds.map((hold) => hold.application_key))
  const statuses = new Map(cases.map((row) => [row.application_key, row.broker_status]))
  const byKey = new Map(rows.map((row) => [row.application_key, row]))
  const lendersOf = (key: string) =>
    [...(lenders.get(key)?.values() ?? [])].sort((a, b) =>
      a.destinationId.localeCompare(b.destinationId),
    )
  const reasonsOf = (key: string): AttentionReason[] => [
    ...new Set((kept.get(key) ?? []).map((row) => row.reason)),
  ]
  return keys.flatMap((key): ListItem[] => {
    const row = byKey.get(key)
    if (row !== undefined) {
      const payload = openStored(row.application_key, row.payload, dataKeys)
      return [
        {
          applicationKey: row.application_key,
          reference: applicationReference(row.application_key),
          brand: row.brand,
          kind: row.status,
          name: (payload && payloadApplicantName(payload)) ?? null,
          brokerStatus: row.broker_status ?? 'new',
          lenders: lendersOf(key),
          createdAt: row.created_at,
          submittedAt: row.submitted_at,
          updatedAt: row.updated_at,
          legalHold: held.has(key),
          needsAttention: reasonsOf(key),
        },
      ]
    }
    const cases = kept.get(key)
    const first = cases?.[0]
    const latest = cases?.[cases.length - 1]
    if (first === undefined || latest === undefined) return []
    const body = openAttentionBody(latest, dataKeys)
    return [
      {
        applicationKey: key,
        reference: applicationReference(key),
        brand: latest.brand,
        kind: 'refused',
        name: (body && payloadApplicantName(body)) ?? null,
        brokerStatus: statuses.get(key) ?? 'new',
        lenders: lendersOf(key),
        createdAt: first.created_at,
        submittedAt: null,
        updatedAt: latest.created_at,
        legalHold: held.has(key),
        needsAttention: reasonsOf(key),
      },
    ]
  })
}

function openAttentionBody(
  row: { id: string; body: string },
  dataKeys: DataKeyring | undefined,
): Payload | undefined {
  try {
    return openKeptBody(row, dataKeys)
  } catch {
    // A data key missing: listed without its name rather than failing the page.
    return undefined
  }
}

// --- One application ---

export interface ApplicationHeader {
  applicationKey: string
  brand: string
  kind: ApplicationKind
  createdAt: string
  submittedAt: string | null
  updatedAt: string
}

export type VisibleApplication =
  | { state: 'stored'; header: ApplicationHeader; payload: string }
  | { state: 'erased'; header: ApplicationHeader; erasure: Tables['erasures'] }
  /** Nothing stored under the key but submissions kept for attention (decision 1753). */
  | { state: 'attention'; header: ApplicationHeader }

/**
 * The application, its tombstone, or the submissions kept for attention under its key, if its brand is
 * one the operator may see.
 */
export async function findVisible(
  db: Db,
  applicationKey: string,
  brands: readonly string[] | 'all',
): Promise<VisibleApplication | undefined> {
  const visible = (brand: string) => brands === 'all' || brands.includes(brand)
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row !== undefined) {
    if (!visible(row.brand)) return undefined
    return {
      state: 'stored',
      payload: row.payload,
      header: {
        applicationKey,
        brand: row.brand,
        kind: row.status,
        createdAt: row.created_at,
        submittedAt: row.submitted_at,
        updatedAt: row.updated_at,
      },
    }
  }
  const erasure = await db
    .selectFrom('erasures')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (erasure !== undefined) {
    if (!visible(erasure.brand)) return undefined
    return {
      state: 'erased',
      erasure,
      header: {
        applicationKey,
        brand: erasure.brand,
        kind: erasure.kind,
        createdAt: erasure.created_at,
        submittedAt: erasure.submitted_at,
        updatedAt: erasure.erased_at,
      },
    }
  }
  const kept = await db
    .selectFrom('needs_attention')
    .select(['brand', 'created_at'])
    .where('submission_key', '=', applicationKey)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const first = kept[0]
  const latest = kept[kept.length - 1]
  if (first === undefined || latest === undefined || !visible(latest.brand)) return undefined
  return {
    state: 'attention',
    header: {
      applicationKey,
      brand: latest.brand,
      kind: 'refused',
      createdAt: first.created_at,
      submittedAt: null,
      updatedAt: latest.created_at,
    },
  }
}

export async function operatorEmails(
  db: Db,
  ids: Iterable<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'email'])
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((row) => [row.id, row.email]))
}

export interface DeliveryView {
  id: string
  destinationId: string
  kind: 'application' | 'erasure-notice'
  status: DeliveryRow['status']
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
  updatedAt: string
}

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    destinationId: row.destination_id,
    kind: row.submission_key.startsWith(ERASURE_KEY_PREFIX) ? 'erasure-notice' : 'application',
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export const LENDER_DECISION_LABELS: Readonly<Record<LenderDecision, string>> = {
  approved: 'Approved',
  'approved-with-conditions': 'Approved with conditions',
  referred: 'Referred',
  declined: 'Declined',
  'more-information-needed': 'More information needed',
  withdrawn: 'Withdrawn',
  'paid-out': 'Paid out',
}

export interface TimelineEntry {
  at: string
  type:
    | 'started'
    | 'saved'
    | 'submitted'
    | 'delivery-attempt'
    | 'operator'
    | 'decision'
    | 'email'
    | 'attention'
    /** The applicant's choice on their own page (decision 2113). */
    | 'applicant'
    /** The joint applicant's confirmation of their part, and their corrections (decision 1823). */
    | 'joint-applicant'
  text: string
  by: string | null
  /** A lender's decision: what it said, its reference, note and offer (staff only). */
  decision?: DecisionRecord
}

const ACTION_TEXT: Readonly<Record<string, (detail: Record<string, unknown>) => string>> = {
  'status.changed': (detail) => `Broker status set to ${String(detail.label ?? detail.to)}`,
  'note.added': () => 'Note added',
  'delivery.retried': (detail) => `Delivery to ${String(detail.destinationId)} retried`,
  'legal-hold.set': () => 'Legal hold set',
  'legal-hold.lifted': () => 'Legal hold lifted',
  'application.erased': () => 'Personal data erased',
  'application.data-exported': () => 'Applicant’s data exported',
  'consent.withdrawn': (detail) =>
    `Marketing consent withdrawn: ${String(detail.title ?? detail.disclosureId)}`,
  'commission.answered': (detail) => `Commission request answered for ${String(detail.lenderId)}`,
  'support-note.added': (detail) =>
    detail.step === 'outcome' ? 'Support outcome recorded' : 'Support adjustment recorded',
}

const EMAIL_NAMES: Readonly<Record<string, string>> = {
  'applicant-confirmation': 'Confirmation',
  'joint-applicant-confirmation': 'Confirmation',
  'decision-update': 'Decision update',
  'broker-alert': 'Alert',
  // The link emails (decision 1951): which link, never the link.
  'continue-link': 'Link to continue the application',
  'joint-confirm-link': 'Link to confirm their part',
}

const RECIPIENT_NAMES: Readonly<Record<string, string>> = {
  applicant: 'the applicant',
  'joint-applicant': 'the joint applicant',
  broker: 'the broker’s inbox',
}

/** What a message was and where it got to, in words: never its content. */
export function emailText(email: EmailSummary): string {
  const what = EMAIL_NAMES[email.template] ?? `Email (${email.template})`
  const to = RECIPIENT_NAMES[email.recipient] ?? email.recipient
  if (email.status === 'sent') return `${what} sent to ${to}`
  if (email.status === 'dead') return `${what} to ${to} could not be sent`
  const tries = email.attempts === 0 ? '' : ` (${email.attempts} attempts so far)`
  return `${what} to ${to} waiting to be sent${tries}`
}

export interface EvidenceView extends EvidenceRecord {
  /** The text's name, for people reading the record (from the domain's disclosures). */
  title: string
  /** The operator who made an operator record, by email. */
  operator: string | null
}

export interface CommissionView {
  requestedAt: string
  answers: {
    at: string
    operator: string | null
    answer: CommissionRequest['answers'][number]['answer']
  }[]
}

export interface SupportView {
  reasons: SupportCase['reasons']
  flaggedAt: string
  notes: { id: string; step: 'adjustment' | 'outcome'; note: string; by: string; at: string }[]
}

export interface ApplicationEvidence {
  records: EvidenceView[]
  consents: (ConsentState & { title: string })[]
  /** The applicant's requests to be told the commission, each with its answers (CONC 4.5.4R). */
  commissionRequests: CommissionView[]
  /** The vulnerability flag with the adjustment and outcome notes; null when not flagged. */
  support: SupportView | null
}

export interface AttentionView {
  id: string
  reason: AttentionReason
  statusCode: number
  createdAt: string
  /** The refusal's problems (no value sent is in them). */
  errors: FieldProblem[]
  /** The kept body's answers, labelled as the stored application's are. */
  answers: PayloadAnswerSection[]
}

export interface ApplicationRecords {
  deliveries: DeliveryView[]
  notes: { id: string; text: string; by: string | null; at: string }[]
  statusHistory: { status: BrokerStatus; by: string | null; at: string }[]
  case: { brokerStatus: BrokerStatus; changedAt: string | null; changedBy: string | null }
  legalHold: { reason: string; setBy: string | null; setAt: string } | null
  timeline: TimelineEntry[]
  audit: AuditRow[]
  /** Every decision in the order it arrived, history included. */
  lenderDecisions: DecisionRecord[]
  /** Each lender's latest word. */
  latestDecisions: DecisionRecord[]
  emails: EmailSummary[]
  evidence: ApplicationEvidence
  needsAttention: AttentionView[]
  /** The joint applicant's confirmation; null when they were never asked. */
  jointConfirmation: JointConfirmationRecord | null
}

const title = (disclosureId: string) => disclosureDefinition(disclosureId)?.title ?? disclosureId

/** A record whose notes cannot be opened (no data key) still shows the rest. */
async function openSupportCase(
  db: Db,
  key: string,
  dataKeys: DataKeyring | undefined,
): Promise<SupportCase | undefined> {
  try {
    return await supportCase(db, key, dataKeys)
  } catch {
    const flag = await db
      .selectFrom('support_flags')
      .selectAll()
      .where('application_key', '=', key)
      .executeTakeFirst()
    if (flag === undefined) return undefined
    return {
      applicationKey: key,
      brand: flag.brand,
      reasons: JSON.parse(flag.reasons) as SupportCase['reasons'],
      flaggedAt: flag.flagged_at,
      notes: [],
    }
  }
}

function openAttention(db: Db, key: string, dataKeys: DataKeyring | undefined) {
  return findNeedsAttention(db, key, dataKeys).catch((): AttentionItem[] => [])
}

export async function applicationRecords(
  db: Db,
  header: ApplicationHeader,
  dataKeys: DataKeyring | undefined,
): Promise<ApplicationRecords> {
  const key = header.applicationKey
  const noticeKey = `${ERASURE_KEY_PREFIX}${key}`
  const [
    deliveries,
    attempts,
    notes,
    changes,
    kase,
    hold,
    audit,
    decisions,
    emails,
    evidence,
    consents,
    commission,
    support,
    attention,
  ] = await Promise.all([
    db
      .selectFrom('deliveries')
      .selectAll()
      .where('submission_key', 'in', [key, noticeKey])
      .orderBy('created_at')
      .orderBy('destination_id')
      .execute(),
    db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('submission_key', 'in', [key, noticeKey])
      .execute(),
    db
      .selectFrom('notes')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('status_changes')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('application_cases')
      .selectAll()
      .where('application_key', '=', key)
      .executeTakeFirst(),
    db
      .selectFrom('legal_holds')
      .selectAll()
      .where('application_key', '=', key)
      .where('lifted_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('seq', 'desc')
      .limit(500)
      .execute(),
    decisionsForApplication(db, key),
    emailsForApplication(db, key),
    evidenceForApplication(db, key),
    currentConsents(db, key),
    commissionRequests(db, { applicationKey: key }),
    openSupportCase(db, key, dataKeys),
    openAttention(db, key, dataKeys),
  ])
  const [joint, choice] = await Promise.all([
    jointConfirmationRecord(db, dataKeys, key, evidence),
    db
      .selectFrom('offer_choices')
      .select(['kind', 'lender_id', 'chosen_at'])
      .where('application_key', '=', key)
      .executeTakeFirst(),
  ])
  const emailsOf = await operatorEmails(db, [
    ...notes.map((note) => note.operator_id),
    ...changes.map((change) => change.operator_id),
    ...audit.map((row) => row.operator_id),
    ...evidence.map((record) => record.operatorId),
    ...commission.flatMap((request) => request.answers.map((answer) => answer.operatorId)),
    ...(support?.notes.map((note) => note.operatorId) ?? []),
    kase?.status_changed_by ?? null,
    hold?.set_by ?? null,
  ])
  // An operator by email; a lender that moved the status by its name (decision 1751).
  const email = (id: string | null) =>
    id === null ? null : (lenderActor(id) ?? emailsOf.get(id) ?? id)

  const timeline: TimelineEntry[] = []
  if (header.kind !== 'refused') {
    timeline.push({ at: header.createdAt, type: 'started', text: 'Application started', by: null })
  }
  // A note or a status moves updated_at too (decision 2071): that instant is the broker's, not a save.
  const brokerActivity = new Set([
    ...notes.map((note) => note.created_at),
    ...changes.map((change) => change.created_at),
  ])
  if (
    header.kind === 'partial' &&
    header.updatedAt !== header.createdAt &&
    !brokerActivity.has(header.updatedAt)
  ) {
    timeline.push({ at: header.updatedAt, type: 'saved', text: 'Answers last saved', by: null })
  }
  if (header.submittedAt !== null) {
    timeline.push({ at: header.submittedAt, type: 'submitted', text: 'Submitted', by: null })
  }
  for (const attempt of attempts) {
    const answer =
      attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'no answer')
    const then =
      attempt.outcome === 'delivered'
        ? 'delivered'
        : attempt.outcome === 'dead'
          ? 'no further attempts'
          : 'will retry'
    const what = attempt.submission_key === noticeKey ? 'Erasure notice' : 'Delivery'
    timeline.push({
      at: attempt.created_at,
      type: 'delivery-attempt',
      text: `${what} attempt ${attempt.attempt} to ${attempt.destination_id}: ${answer}, ${then}`,
      by: null,
    })
  }
  for (const decision of decisions) {
    timeline.push({
      at: decision.receivedAt,
      type: 'decision',
      text: `${LENDER_DECISION_LABELS[decision.decision]} by ${decision.lenderId}${
        decision.current ? '' : ' (arrived after a later decision: kept as history)'
      }`,
      by: `${decision.lenderId} (lender)`,
      decision,
    })
  }
  for (const sent of emails) {
    timeline.push({
      at: sent.sentAt ?? sent.createdAt,
      type: 'email',
      text: emailText(sent),
      by: null,
    })
  }
  for (const item of attention) {
    timeline.push({
      at: item.createdAt,
      type: 'attention',
      text:
        item.reason === 'conflict'
          ? 'A different submission under this reference was kept for attention'
          : `Submission refused and kept for attention (${item.errors.length} ${
              item.errors.length === 1 ? 'problem' : 'problems'
            })`,
      by: null,
    })
  }
  if (choice !== undefined) {
    timeline.push({
      at: choice.chosen_at,
      type: 'applicant',
      text:
        choice.kind === 'offer'
          ? `Applicant chose the offer from ${choice.lender_id ?? 'a lender'}`
          : 'Applicant asked to be called before choosing an offer',
      by: 'the applicant',
    })
  }
  // What the joint applicant wrote, as they wrote it: the same reader sees the payload it corrects.
  if (joint?.confirmedAt != null) {
    timeline.push({
      at: joint.confirmedAt,
      type: 'joint-applicant',
      text: 'Joint applicant confirmed',
      by: 'the joint applicant',
    })
    if (joint.corrections !== null && joint.corrections !== '') {
      timeline.push({
        at: joint.confirmedAt,
        type: 'joint-applicant',
        text: `Joint applicant corrected: ${joint.corrections}`,
        by: 'the joint applicant',
      })
    }
  }
  if (joint?.disputedAt != null) {
    timeline.push({
      at: joint.disputedAt,
      type: 'joint-applicant',
      text: `Joint applicant said this is not right: ${joint.dispute ?? ''}`,
      by: 'the joint applicant',
    })
  }
  // "Note added" says what the note said: the same reader sees the notes themselves.
  const noteTexts = new Map(notes.map((note) => [note.id, openNoteText(note, dataKeys)]))
  for (const row of audit) {
    const describe = ACTION_TEXT[row.action]
    if (describe === undefined) continue
    const detail = JSON.parse(row.detail) as Record<string, unknown>
    const noteText = row.action === 'note.added' ? noteTexts.get(String(detail.noteId)) : undefined
    timeline.push({
      at: row.at,
      type: 'operator',
      text: noteText === undefined ? describe(detail) : `${describe(detail)}: ${noteText}`,
      by:
        row.operator_id === null && detail.actor === 'lender'
          ? `${String(detail.lenderId)} (lender)`
          : email(row.operator_id),
    })
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))

  return {
    deliveries: deliveries.map(deliveryView),
    notes: notes.map((note) => ({
      id: note.id,
      text: noteTexts.get(note.id) ?? '',
      by: email(note.operator_id),
      at: note.created_at,
    })),
    statusHistory: changes.map((change) => ({
      status: change.broker_status,
      by: email(change.operator_id),
      at: change.created_at,
    })),
    case: {
      brokerStatus: kase?.broker_status ?? 'new',
      changedAt: kase?.status_changed_at ?? null,
      changedBy: email(kase?.status_changed_by ?? null),
    },
    legalHold:
      hold === undefined
        ? null
        : { reason: hold.reason, setBy: email(hold.set_by), setAt: hold.set_at },
    timeline,
    audit,
    lenderDecisions: decisions,
    latestDecisions: latestPerLender(decisions),
    emails,
    evidence: {
      records: evidence.map((record) => ({
        ...record,
        title: title(record.disclosureId),
        operator: email(record.operatorId),
      })),
      consents: consents.map((consent) => ({ ...consent, title: title(consent.disclosureId) })),
      commissionRequests: commission.map((request) => ({
        requestedAt: request.requestedAt,
        answers: request.answers.map((answer) => ({
          at: answer.at,
          operator: email(answer.operatorId),
          answer: answer.answer,
        })),
      })),
      support:
        support === undefined
          ? null
          : {
              reasons: support.reasons,
              flaggedAt: support.flaggedAt,
              notes: support.notes.map((note) => ({
                id: note.id,
                step: note.step,
                note: note.note,
                by: email(note.operatorId) ?? note.operatorId,
                at: note.at,
              })),
            },
    },
    needsAttention: attention.map((item) => ({
      id: item.id,
      reason: item.reason,
      statusCode: item.statusCode,
      createdAt: item.createdAt,
      errors: item.errors,
      answers: shownAnswers(item.body),
    })),
    jointConfirmation: joint,
  }
}

/**
 * The answers as the broker's staff read them; the joint applicant's marketing is their own choice once
 * they confirmed their part (decision 1823). Any control, bidirectional or hidden character a payload still
 * holds (one kept as refused, or stored before such characters were removed) is shown as its code point
 * (decision 2123).
 */
export function shownAnswers(
  payload: Payload | undefined,
  joint: JointConfirmationRecord | null = null,
): PayloadAnswerSection[] {
  return answersOf(payload, joint).map((section) => ({
    ...section,
    rows: section.rows.map((row) => ({ ...row, value: row.value.map(revealUnsafeCharacters) })),
  }))
}

/** The answers as stored (the subject access export's), with the joint applicant's own marketing. */
export function answersOf(
  payload: Payload | undefined,
  joint: JointConfirmationRecord | null = null,
): PayloadAnswerSection[] {
  return payload === undefined ? [] : payloadAnswers(payload, { jointMarketing: joint?.marketing })
}

export function openApplicationPayload(
  applicationKey: string,
  payload: string,
  dataKeys: DataKeyring | undefined,
): Payload {
  return openPayload(JSON.parse(payload) as Payload, dataKeys, payloadAad(applicationKey))
}

/**
 * The answers the detail shows: the stored application's, or, with nothing stored under the key, those
 * of the latest submission kept for attention.
 */
export async function visiblePayload(
  db: Db,
  found: VisibleApplication,
  dataKeys: DataKeyring | undefined,
): Promise<Payload | undefined> {
  if (found.state === 'stored') {
    return openApplicationPayload(found.header.applicationKey, found.payload, dataKeys)
  }
  if (found.state === 'erased') return undefined
  const kept = await findNeedsAttention(db, found.header.applicationKey, dataKeys)
  return kept[kept.length - 1]?.body
}
