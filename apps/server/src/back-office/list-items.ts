// The rows of one page of the back office's list: what each listed application is, its lenders'
// delivery and decision, its hold and the reasons it was kept for attention. Payloads (and kept bodies)
// are opened only for the rows of the page being shown. Which keys make the page is list-and-search.ts's.
// Decision records: docs/decisions/1605-*, 1607-*, 1753-*.

import type { Kysely } from 'kysely'
import { payloadApplicantName } from '@forecourt/domain/payload/payload-answers'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { openPayload, type DataKeyring } from '../crypto/field-encryption'
import type {
  ApplicationStatus,
  AttentionReason,
  BrokerStatus,
  DeliveryRow,
  LenderDecision,
  Tables,
} from '../db/tables'
import type { Payload } from '../repositories/application-repository'
import { openKeptBody } from '../repositories/needs-attention-repository'
import { payloadAad } from '../repositories/rows'

type Db = Kysely<Tables>

/**
 * What a listed application is: a partial save (a lead), a submission, or a submission the server
 * refused and kept for attention without any application stored under its key (decision 1753).
 */
export type ApplicationKind = ApplicationStatus | 'refused'

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
