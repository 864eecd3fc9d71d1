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
import type { ApplicationStatus, AuditRow, BrokerStatus, DeliveryRow, Tables } from '../db/tables'
import { payloadAad, type Payload } from '../repositories/application-repository'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { ERASURE_KEY_PREFIX } from './erasure-notice'
import { openNoteText } from './case-records'

type Db = Kysely<Tables>

export interface ListFilter {
  /** The brands the operator may see, narrowed to one when the filter names it. */
  brands: readonly string[] | 'all'
  status?: BrokerStatus
  kind?: ApplicationStatus
  /** ISO instants, on the last activity (updated_at): from inclusive, to exclusive. */
  from?: string
  to?: string
  /** A search: only applications with this index hash. */
  indexHash?: string
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
  delivery: DeliveryRow['status']
  /** The lender's latest decision: filled in once lenders' decisions are recorded. */
  decision: null
}

export interface ListItem {
  applicationKey: string
  reference: string
  brand: string
  kind: ApplicationStatus
  name: string | null
  brokerStatus: BrokerStatus
  lenders: LenderSummary[]
  createdAt: string
  submittedAt: string | null
  updatedAt: string
  legalHold: boolean
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
  let query = db
    .selectFrom('applications as a')
    // The page's keys first, from the indexes alone: a filter the index cannot order (a status, a
    // date range) then sorts keys and dates, not payloads of a few kilobytes each.
    .select(['a.application_key', 'a.updated_at'])
  if (filter.brands !== 'all') query = query.where('a.brand', 'in', filter.brands)
  if (filter.kind !== undefined) query = query.where('a.status', '=', filter.kind)
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
  if (filter.indexHash !== undefined) {
    const hash = filter.indexHash
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
  const [rows, deliveries, holds] = await Promise.all([
    keys.length === 0
      ? []
      : db
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
          .where('a.application_key', 'in', keys)
          .execute(),
    keys.length === 0
      ? []
      : db
          .selectFrom('deliveries')
          .select(['submission_key', 'destination_id', 'status'])
          .where('submission_key', 'in', keys)
          .orderBy('destination_id')
          .execute(),
    keys.length === 0
      ? []
      : db
          .selectFrom('legal_holds')
          .select('application_key')
          .where('application_key', 'in', keys)
          .where('lifted_at', 'is', null)
          .execute(),
  ])
  const lenders = new Map<string, LenderSummary[]>()
  for (const delivery of deliveries) {
    const list = lenders.get(delivery.submission_key) ?? []
    list.push({ destinationId: delivery.destination_id, delivery: delivery.status, decision: null })
    lenders.set(delivery.submission_key, list)
  }
  const held = new Set(holds.map((hold) => hold.application_key))
  const byKey = new Map(rows.map((row) => [row.application_key, row]))
  // In the order the first query found them; a row deleted in between (retention, erasure) is left out.
  const page = keys.flatMap((key) => {
    const row = byKey.get(key)
    return row === undefined ? [] : [row]
  })
  const items = page.map((row): ListItem => {
    const payload = openStored(row.application_key, row.payload, dataKeys)
    return {
      applicationKey: row.application_key,
      reference: applicationReference(row.application_key),
      brand: row.brand,
      kind: row.status,
      name: (payload && payloadApplicantName(payload)) ?? null,
      brokerStatus: row.broker_status ?? 'new',
      lenders: lenders.get(row.application_key) ?? [],
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
      updatedAt: row.updated_at,
      legalHold: held.has(row.application_key),
    }
  })
  const last = found[filter.limit - 1]
  return {
    items,
    nextCursor:
      found.length > filter.limit && last !== undefined
        ? { updatedAt: last.updated_at, applicationKey: last.application_key }
        : null,
  }
}

// --- One application ---

export interface ApplicationHeader {
  applicationKey: string
  brand: string
  kind: ApplicationStatus
  createdAt: string
  submittedAt: string | null
  updatedAt: string
}

/** The application or its tombstone, if its brand is one the operator may see. */
export async function findVisible(
  db: Db,
  applicationKey: string,
  brands: readonly string[] | 'all',
): Promise<
  | { state: 'stored'; header: ApplicationHeader; payload: string }
  | { state: 'erased'; header: ApplicationHeader; erasure: Tables['erasures'] }
  | undefined
> {
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
  if (erasure === undefined || !visible(erasure.brand)) return undefined
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

export interface TimelineEntry {
  at: string
  type: 'started' | 'saved' | 'submitted' | 'delivery-attempt' | 'operator'
  text: string
  by: string | null
}

const ACTION_TEXT: Readonly<Record<string, (detail: Record<string, unknown>) => string>> = {
  'status.changed': (detail) => `Broker status set to ${String(detail.label ?? detail.to)}`,
  'note.added': () => 'Note added',
  'delivery.retried': (detail) => `Delivery to ${String(detail.destinationId)} retried`,
  'legal-hold.set': () => 'Legal hold set',
  'legal-hold.lifted': () => 'Legal hold lifted',
  'application.erased': () => 'Personal data erased',
  'application.data-exported': () => 'Applicant’s data exported',
}

export interface ApplicationRecords {
  deliveries: DeliveryView[]
  notes: { id: string; text: string; by: string | null; at: string }[]
  statusHistory: { status: BrokerStatus; by: string | null; at: string }[]
  case: { brokerStatus: BrokerStatus; changedAt: string | null; changedBy: string | null }
  legalHold: { reason: string; setBy: string | null; setAt: string } | null
  timeline: TimelineEntry[]
  audit: AuditRow[]
}

export async function applicationRecords(
  db: Db,
  header: ApplicationHeader,
  dataKeys: DataKeyring | undefined,
): Promise<ApplicationRecords> {
  const key = header.applicationKey
  const noticeKey = `${ERASURE_KEY_PREFIX}${key}`
  const [deliveries, attempts, notes, changes, kase, hold, audit] = await Promise.all([
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
  ])
  const emails = await operatorEmails(db, [
    ...notes.map((note) => note.operator_id),
    ...changes.map((change) => change.operator_id),
    ...audit.map((row) => row.operator_id),
    kase?.status_changed_by ?? null,
    hold?.set_by ?? null,
  ])
  const email = (id: string | null) => (id === null ? null : (emails.get(id) ?? id))

  const timeline: TimelineEntry[] = [
    { at: header.createdAt, type: 'started', text: 'Application started', by: null },
  ]
  if (header.kind === 'partial' && header.updatedAt !== header.createdAt) {
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
  for (const row of audit) {
    const describe = ACTION_TEXT[row.action]
    if (describe === undefined) continue
    timeline.push({
      at: row.at,
      type: 'operator',
      text: describe(JSON.parse(row.detail) as Record<string, unknown>),
      by: email(row.operator_id),
    })
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))

  return {
    deliveries: deliveries.map(deliveryView),
    notes: notes.map((note) => ({
      id: note.id,
      text: openNoteText(note, dataKeys),
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
  }
}

export function answersOf(payload: Payload | undefined): PayloadAnswerSection[] {
  return payload === undefined ? [] : payloadAnswers(payload)
}

export function openApplicationPayload(
  applicationKey: string,
  payload: string,
  dataKeys: DataKeyring | undefined,
): Payload {
  return openPayload(JSON.parse(payload) as Payload, dataKeys, payloadAad(applicationKey))
}
