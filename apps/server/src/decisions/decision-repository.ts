// Lenders' decisions (decision 1656): stored as they arrive, each once per webhook-id; a decision dated
// before one already stored from the same lender is kept as history and changes nothing. Read models for
// the back office (an application's timeline, the latest word of each lender, a list) are at the end.

import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { LenderDecision, LenderDecisionRow, NewEmailRow, Tables } from '../db/tables'
import { enqueueEmails } from '../email/outbox'
import { isUniqueViolation } from '../repositories/submission-repository'

type Db = Kysely<Tables> | Transaction<Tables>

export interface Offer {
  amount: number
  termMonths: number
  apr: number
  monthlyPayment: number
  commission: { kind: 'amount' | 'percentage'; value: number }
  /** What the applicant repays over the term, and of it the cost of the credit: given by lenders that send
   * them, so the applicant is shown the lender's own figures, never ones we work out. */
  totalPayable?: number
  totalCostOfCredit?: number
  /** When the offer lapses (ISO 8601); an offer without one is open until the lender says otherwise. */
  expiresAt?: string
}

export interface IncomingDecision {
  webhookId: string
  lenderId: string
  brand: string
  submissionKey: string
  decision: LenderDecision
  lenderReference: string
  decidedAt: Date
  offer: Offer | null
  message: string | null
  receivedAt: Date
}

export type StoreDecisionOutcome =
  | { kind: 'stored'; row: LenderDecisionRow }
  /** The same webhook-id was stored before: answer as then. */
  | { kind: 'repeat'; row: LenderDecisionRow }

export function newDecisionId(): string {
  return `ldc_${randomUUID().replaceAll('-', '')}`
}

export async function findByWebhookId(
  db: Db,
  lenderId: string,
  webhookId: string,
): Promise<LenderDecisionRow | undefined> {
  return db
    .selectFrom('lender_decisions')
    .selectAll()
    .where('lender_id', '=', lenderId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst()
}

/**
 * Stores a decision in one transaction with the messages it causes. `answer` makes the stored answer from
 * whether the decision became current (it is replayed to a repeat); `emails` the messages to queue when it
 * did; `whenCurrent` anything else a current decision changes in the same transaction (the broker's
 * status, decision 1751). Two requests with one webhook-id: the unique key lets one in, the other gets
 * its row.
 */
export async function storeDecision(
  db: Kysely<Tables>,
  incoming: IncomingDecision,
  answer: (id: string, current: boolean) => { status: number; body: string },
  emails: (id: string) => readonly NewEmailRow[],
  whenCurrent?: (trx: Transaction<Tables>, id: string) => Promise<unknown>,
): Promise<StoreDecisionOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const later = await trx
        .selectFrom('lender_decisions')
        .select('id')
        .where('submission_key', '=', incoming.submissionKey)
        .where('lender_id', '=', incoming.lenderId)
        .where('current', '=', 1)
        .where('decided_at', '>', incoming.decidedAt.toISOString())
        .executeTakeFirst()
      const current = later === undefined
      const id = newDecisionId()
      const response = answer(id, current)
      const row = {
        id,
        webhook_id: incoming.webhookId,
        lender_id: incoming.lenderId,
        brand: incoming.brand,
        submission_key: incoming.submissionKey,
        decision: incoming.decision,
        lender_reference: incoming.lenderReference,
        decided_at: incoming.decidedAt.toISOString(),
        received_at: incoming.receivedAt.toISOString(),
        offer: incoming.offer === null ? null : JSON.stringify(incoming.offer),
        message: incoming.message,
        current: current ? 1 : 0,
        response_status: response.status,
        response_body: response.body,
      }
      await trx.insertInto('lender_decisions').values(row).execute()
      if (current) {
        await enqueueEmails(trx, emails(id))
        await whenCurrent?.(trx, id)
      }
      return { kind: 'stored' as const, row }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const existing = await findByWebhookId(db, incoming.lenderId, incoming.webhookId)
    if (existing === undefined) throw error
    return { kind: 'repeat', row: existing }
  }
}

// --- Read models ---

export interface DecisionRecord {
  id: string
  lenderId: string
  decision: LenderDecision
  lenderReference: string
  decidedAt: string
  receivedAt: string
  offer: Offer | null
  message: string | null
  /** False for a decision that arrived after a later one from the same lender (kept as history). */
  current: boolean
}

function toRecord(row: LenderDecisionRow): DecisionRecord {
  return {
    id: row.id,
    lenderId: row.lender_id,
    decision: row.decision,
    lenderReference: row.lender_reference,
    decidedAt: row.decided_at,
    receivedAt: row.received_at,
    offer: row.offer === null ? null : (JSON.parse(row.offer) as Offer),
    message: row.message,
    current: row.current === 1,
  }
}

/** One application's decisions in the order they arrived: its timeline, history included. */
export async function decisionsForApplication(
  db: Db,
  submissionKey: string,
): Promise<DecisionRecord[]> {
  const rows = await db
    .selectFrom('lender_decisions')
    .selectAll()
    .where('submission_key', '=', submissionKey)
    .orderBy('received_at')
    .orderBy('id')
    .execute()
  return rows.map(toRecord)
}

/** Each lender's latest current decision about one application (by the lender's own time). */
export function latestPerLender(records: readonly DecisionRecord[]): DecisionRecord[] {
  const latest = new Map<string, DecisionRecord>()
  for (const record of records) {
    if (!record.current) continue
    const seen = latest.get(record.lenderId)
    if (seen === undefined || record.decidedAt >= seen.decidedAt)
      latest.set(record.lenderId, record)
  }
  return [...latest.values()].sort((a, b) => a.lenderId.localeCompare(b.lenderId))
}

export type ApplicationOutcome =
  | 'awaiting-decision'
  | 'paid-out'
  | 'approved'
  | 'more-information-needed'
  | 'referred'
  | 'declined'
  | 'withdrawn'

/**
 * What the lenders' latest words add up to for the broker's status: the furthest any lender has gone
 * (paid out, then approved, then a question, then referred), and declined or withdrawn only when every
 * lender that answered said so. Where it follows, the broker's status takes this value.
 */
export function applicationOutcome(latest: readonly DecisionRecord[]): ApplicationOutcome {
  const said = new Set(latest.map((record) => record.decision))
  if (said.size === 0) return 'awaiting-decision'
  if (said.has('paid-out')) return 'paid-out'
  if (said.has('approved') || said.has('approved-with-conditions')) return 'approved'
  if (said.has('more-information-needed')) return 'more-information-needed'
  if (said.has('referred')) return 'referred'
  if (said.has('declined')) return 'declined'
  return 'withdrawn'
}

export interface DecisionListEntry extends DecisionRecord {
  submissionKey: string
  brand: string
}

/** The newest decisions first, for the back office's list (filters by brand and decision). */
export async function listDecisions(
  db: Db,
  filter: { brand?: string; decision?: LenderDecision; limit?: number } = {},
): Promise<DecisionListEntry[]> {
  let query = db.selectFrom('lender_decisions').selectAll()
  if (filter.brand !== undefined) query = query.where('brand', '=', filter.brand)
  if (filter.decision !== undefined) query = query.where('decision', '=', filter.decision)
  const rows = await query
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(filter.limit ?? 100)
    .execute()
  return rows.map((row) => ({
    ...toRecord(row),
    submissionKey: row.submission_key,
    brand: row.brand,
  }))
}
