// The evidence record (decision 1654): for each applicant, every disclosure shown and every agreement
// given, by text id, version and hash, stamped with the server's clock. Append-only: this file only
// inserts, and a withdrawal or an answer is a new row. Read models for the back office and the lender
// delivery are at the end.

import type { Kysely, Transaction } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { consentDisclosureId, type ConsentChannel } from '@forecourt/domain/brands/disclosures'
import type {
  EvidenceKind,
  EvidenceRow,
  EvidenceSource,
  NewEvidenceRow,
  Tables,
} from '../db/tables'
import { timeOrderedId } from '../repositories/rows'
import { currentText } from './disclosure-hash'

type Db = Kysely<Tables> | Transaction<Tables>

/**
 * `evd_` + the time (12 hex digits of milliseconds) + 20 random hex digits: ids that grow with time, so
 * a submission's records are appended at the end of the primary key instead of scattered through it.
 */
export function newEvidenceId(now: number = Date.now()): string {
  return timeOrderedId('evd_', now)
}

export interface EvidenceInput {
  applicationKey: string
  brand: string
  applicant: 'main' | 'joint'
  kind: EvidenceKind
  disclosureId: string
  version: number
  textHash: string
  channel?: string | null
  screen?: string | null
  at: Date
  source: EvidenceSource
  operatorId?: string | null
  detail?: unknown
  clientItemId?: string | null
}

export function evidenceRow(input: EvidenceInput): NewEvidenceRow {
  return {
    id: newEvidenceId(input.at.getTime()),
    application_key: input.applicationKey,
    brand: input.brand,
    applicant: input.applicant,
    kind: input.kind,
    disclosure_id: input.disclosureId,
    version: input.version,
    text_hash: input.textHash,
    channel: input.channel ?? null,
    screen: input.screen ?? null,
    at: input.at.toISOString(),
    source: input.source,
    operator_id: input.operatorId ?? null,
    detail: input.detail === undefined ? null : JSON.stringify(input.detail),
    client_item_id: input.clientItemId ?? null,
  }
}

/** Inserts records; an item the browser already reported (same client id) is absorbed. */
export async function appendEvidence(db: Db, rows: readonly NewEvidenceRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const result = await db
    .insertInto('evidence')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['application_key', 'client_item_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}

// --- Operator records ---

export interface ConsentWithdrawal {
  applicationKey: string
  applicant: 'main' | 'joint'
  channel: ConsentChannel
  operatorId: string
  now: Date
}

/**
 * Records that an applicant withdrew a marketing consent (told an operator). Names the text they had
 * agreed to; false when there is no agreement on record to withdraw.
 */
export async function recordConsentWithdrawal(
  db: Db,
  withdrawal: ConsentWithdrawal,
): Promise<boolean> {
  const id = consentDisclosureId(withdrawal.channel, withdrawal.applicant)
  const agreed = await db
    .selectFrom('evidence')
    .selectAll()
    .where('application_key', '=', withdrawal.applicationKey)
    .where('disclosure_id', '=', id)
    .where('kind', '=', 'agreed')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (agreed === undefined) return false
  await appendEvidence(db, [
    evidenceRow({
      applicationKey: withdrawal.applicationKey,
      brand: agreed.brand,
      applicant: withdrawal.applicant,
      kind: 'withdrawn',
      disclosureId: id,
      version: agreed.version,
      textHash: agreed.text_hash,
      channel: withdrawal.channel,
      at: withdrawal.now,
      source: 'operator',
      operatorId: withdrawal.operatorId,
    }),
  ])
  return true
}

export interface CommissionAnswer {
  /** The lender the figure is for. */
  lenderId: string
  kind: 'amount' | 'percentage'
  /** Pounds, or percent of the amount borrowed. */
  value: number
}

/** Records an operator's answer to a commission request (CONC 4.5.4R): per lender, when, by whom. */
export async function recordCommissionAnswer(
  db: Db,
  args: {
    applicationKey: string
    brand: BrandId
    answer: CommissionAnswer
    operatorId: string
    now: Date
  },
): Promise<void> {
  const text = currentText(args.brand, 'commission')
  if (text === undefined) throw new Error('the brand has no commission disclosure')
  await appendEvidence(db, [
    evidenceRow({
      applicationKey: args.applicationKey,
      brand: args.brand,
      applicant: 'main',
      kind: 'answered',
      disclosureId: 'commission',
      version: text.version,
      textHash: text.hash,
      at: args.now,
      source: 'operator',
      operatorId: args.operatorId,
      detail: args.answer,
    }),
  ])
}

// --- Read models ---

export interface EvidenceRecord {
  id: string
  applicant: 'main' | 'joint'
  kind: EvidenceKind
  disclosureId: string
  version: number
  textHash: string
  channel: string | null
  screen: string | null
  at: string
  source: EvidenceSource
  operatorId: string | null
  detail: unknown
}

function toRecord(row: EvidenceRow): EvidenceRecord {
  return {
    id: row.id,
    applicant: row.applicant,
    kind: row.kind,
    disclosureId: row.disclosure_id,
    version: row.version,
    textHash: row.text_hash,
    channel: row.channel,
    screen: row.screen,
    at: row.at,
    source: row.source,
    operatorId: row.operator_id,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as unknown),
  }
}

/** Every record of one application, in the order they arrived. */
export async function evidenceForApplication(
  db: Db,
  applicationKey: string,
): Promise<EvidenceRecord[]> {
  const rows = await db
    .selectFrom('evidence')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .orderBy('at')
    .orderBy('id')
    .execute()
  return rows.map(toRecord)
}

export interface ConsentState {
  applicant: 'main' | 'joint'
  channel: string
  /** The latest word: agreed, declined, or withdrawn. */
  state: 'agreed' | 'declined' | 'withdrawn'
  disclosureId: string
  version: number
  at: string
}

/** Each applicant's marketing consent per channel as it stands now (the latest record wins). */
export async function currentConsents(db: Db, applicationKey: string): Promise<ConsentState[]> {
  const records = await evidenceForApplication(db, applicationKey)
  const latest = new Map<string, ConsentState>()
  for (const record of records) {
    if (record.channel === null) continue
    if (record.kind !== 'agreed' && record.kind !== 'declined' && record.kind !== 'withdrawn') {
      continue
    }
    latest.set(`${record.applicant}:${record.channel}`, {
      applicant: record.applicant,
      channel: record.channel,
      state: record.kind,
      disclosureId: record.disclosureId,
      version: record.version,
      at: record.at,
    })
  }
  return [...latest.values()]
}

export interface CommissionRequest {
  applicationKey: string
  brand: string
  requestedAt: string
  /** The answers given since, oldest first (empty: still waiting). */
  answers: { at: string; operatorId: string | null; answer: CommissionAnswer }[]
}

/**
 * Commission requests with their answers, newest request first; `open` keeps only those still waiting
 * for an answer. For the back office's list.
 */
export async function commissionRequests(
  db: Db,
  filter: {
    brand?: string
    /** Only these brands (a back-office operator's scope). */
    brands?: readonly string[]
    /** Only one application's requests. */
    applicationKey?: string
    open?: boolean
    limit?: number
  } = {},
): Promise<CommissionRequest[]> {
  if (filter.brands !== undefined && filter.brands.length === 0) return []
  let query = db
    .selectFrom('evidence')
    .selectAll()
    .where('disclosure_id', '=', 'commission')
    .where('kind', 'in', ['requested', 'answered'])
  if (filter.brand !== undefined) query = query.where('brand', '=', filter.brand)
  if (filter.brands !== undefined) query = query.where('brand', 'in', [...filter.brands])
  if (filter.applicationKey !== undefined) {
    query = query.where('application_key', '=', filter.applicationKey)
  }
  const rows = await query.orderBy('at').orderBy('id').execute()
  const byApplication = new Map<string, CommissionRequest>()
  for (const row of rows) {
    if (row.kind === 'requested') {
      const existing = byApplication.get(row.application_key)
      // A second request while the first is waiting is the same request.
      if (existing === undefined || existing.answers.length > 0) {
        byApplication.set(row.application_key, {
          applicationKey: row.application_key,
          brand: row.brand,
          requestedAt: row.at,
          answers: [],
        })
      }
    } else {
      byApplication.get(row.application_key)?.answers.push({
        at: row.at,
        operatorId: row.operator_id,
        answer: JSON.parse(row.detail ?? '{}') as CommissionAnswer,
      })
    }
  }
  return [...byApplication.values()]
    .filter((request) => filter.open !== true || request.answers.length === 0)
    .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
    .slice(0, filter.limit ?? 200)
}

/**
 * The `evidence` object sent to lenders beside the payload (decision 1655): what each applicant was
 * shown and agreed to, without operator ids. Times are the server's.
 */
export async function evidenceForLender(
  db: Db,
  applicationKey: string,
): Promise<{ version: 1; records: Omit<EvidenceRecord, 'id' | 'operatorId'>[] }> {
  const records = await evidenceForApplication(db, applicationKey)
  return {
    version: 1,
    records: records.map(({ id: _id, operatorId: _operator, ...rest }) => rest),
  }
}
