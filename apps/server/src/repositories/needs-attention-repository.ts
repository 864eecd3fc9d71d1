// Submissions the server could not accept, kept for the broker's attention: the body as received, why it
// was refused, and the reference the applicant was told to quote, so someone can contact them. One row
// per distinct body under a key and reason: sending the same refused body again records nothing new.
// Bodies are sealed whole with the data key when one is configured: a refused body was never validated,
// so none of its fields can be trusted to hold nothing personal. Decision record:
// docs/decisions/1504-refused-submissions-kept.md.

import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  encryptJson,
  ENVELOPE_FIELD,
  openPayload,
  sealedWith,
  type DataKeyring,
} from '../crypto/field-encryption'
import type { AttentionReason, NeedsAttentionRow, Tables } from '../db/tables'
import { bodyHash } from './body-hash'

type Db = Kysely<Tables> | Transaction<Tables>

export interface FieldProblem {
  field: string
  message: string
}

export interface NewAttention {
  submissionKey: string
  reference: string
  /** 'refused': the body broke the schema (400); 'conflict': the key was used for another body (409). */
  reason: AttentionReason
  /** The status of the answer the applicant's browser was given. */
  statusCode: number
  brand: string
  /** The body as received: always a JSON object. */
  body: Readonly<Record<string, unknown>>
  errors: readonly FieldProblem[]
  now: Date
}

export interface AttentionItem {
  id: string
  submissionKey: string
  reference: string
  reason: AttentionReason
  statusCode: number
  brand: string
  /** Opened with the data keys. */
  body: Record<string, unknown>
  errors: FieldProblem[]
  createdAt: string
}

/** What binds a sealed body to its row: a copy pasted into another row does not open. */
export function attentionAad(id: string): string {
  return `forecourt/needs-attention/${id}`
}

/**
 * The stored form: `{ "$encrypted": envelope }` when sealed, `{ "clear": body }` otherwise. The body is
 * wrapped because it was never validated: a body of its own with a "$encrypted" field must not be taken
 * for an envelope.
 */
function seal(
  body: Readonly<Record<string, unknown>>,
  dataKeys: DataKeyring | undefined,
  id: string,
): Record<string, unknown> {
  const current = dataKeys?.current
  if (current === undefined) return { clear: body }
  return { [ENVELOPE_FIELD]: encryptJson(body, current, attentionAad(id)) }
}

function open(
  stored: Readonly<Record<string, unknown>>,
  dataKeys: DataKeyring | undefined,
  id: string,
): Record<string, unknown> {
  if (ENVELOPE_FIELD in stored) return openPayload(stored, dataKeys, attentionAad(id))
  return { ...(stored.clear as Record<string, unknown>) }
}

/**
 * Keeps a refused or conflicting submission. Returns false when the same body was already kept under
 * this key for this reason (the database decides, so two requests racing with one body keep one row).
 */
export async function recordNeedsAttention(
  db: Db,
  item: NewAttention,
  dataKeys: DataKeyring | undefined,
): Promise<boolean> {
  const id = `att_${randomBytes(16).toString('hex')}`
  const result = await db
    .insertInto('needs_attention')
    .values({
      id,
      submission_key: item.submissionKey,
      reference: item.reference,
      reason: item.reason,
      status_code: item.statusCode,
      brand: item.brand,
      body_hash: bodyHash(item.body),
      body: JSON.stringify(seal(item.body, dataKeys, id)),
      errors: JSON.stringify(item.errors),
      created_at: item.now.toISOString(),
    })
    .onConflict((conflict) =>
      conflict.columns(['submission_key', 'reason', 'body_hash']).doNothing(),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

function toItem(row: NeedsAttentionRow, dataKeys: DataKeyring | undefined): AttentionItem {
  return {
    id: row.id,
    submissionKey: row.submission_key,
    reference: row.reference,
    reason: row.reason,
    statusCode: Number(row.status_code),
    brand: row.brand,
    body: open(JSON.parse(row.body) as Record<string, unknown>, dataKeys, row.id),
    errors: JSON.parse(row.errors) as FieldProblem[],
    createdAt: row.created_at,
  }
}

export interface AttentionQuery {
  /** Only these brands (a back-office operator's scope); every brand when omitted. */
  brands?: readonly string[]
  /** Only these reasons. */
  reasons?: readonly AttentionReason[]
  /** Only what was kept before this moment (ISO 8601): the next page after the last item shown. */
  before?: string
  /** At most this many, newest first; 50 by default. */
  limit?: number
}

/** What needs attention, newest first, bodies opened: the list a back office shows. */
export async function listNeedsAttention(
  db: Db,
  dataKeys: DataKeyring | undefined,
  query: AttentionQuery = {},
): Promise<AttentionItem[]> {
  let select = db.selectFrom('needs_attention').selectAll()
  if (query.brands !== undefined) {
    if (query.brands.length === 0) return []
    select = select.where('brand', 'in', [...query.brands])
  }
  if (query.reasons !== undefined) {
    if (query.reasons.length === 0) return []
    select = select.where('reason', 'in', [...query.reasons])
  }
  if (query.before !== undefined) select = select.where('created_at', '<', query.before)
  const rows = await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit ?? 50)
    .execute()
  return rows.map((row) => toItem(row, dataKeys))
}

/** Everything kept under one submission key, oldest first. */
export async function findNeedsAttention(
  db: Db,
  submissionKey: string,
  dataKeys: DataKeyring | undefined,
): Promise<AttentionItem[]> {
  const rows = await db
    .selectFrom('needs_attention')
    .selectAll()
    .where('submission_key', '=', submissionKey.toLowerCase())
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => toItem(row, dataKeys))
}

/**
 * Key rotation for these rows (the applications' resealApplications does the same for theirs): every body
 * not sealed with the current key, under an old key or in clear, is sealed again with it.
 */
export async function resealNeedsAttention(
  db: Kysely<Tables>,
  dataKeys: DataKeyring,
  options: { batchSize?: number } = {},
): Promise<{ resealed: number; unchanged: number }> {
  const current = dataKeys.current
  if (current === undefined) {
    throw new Error('Resealing needs FORECOURT_DATA_KEY: the key to seal with')
  }
  const batchSize = options.batchSize ?? 200
  const summary = { resealed: 0, unchanged: 0 }
  let after = ''
  for (;;) {
    const rows = await db
      .selectFrom('needs_attention')
      .select(['id', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute()
    if (rows.length === 0) return summary
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const stored = JSON.parse(row.body) as Record<string, unknown>
        if (sealedWith(stored) === current.id) {
          summary.unchanged += 1
          continue
        }
        const body = JSON.stringify(seal(open(stored, dataKeys, row.id), dataKeys, row.id))
        const result = await trx
          .updateTable('needs_attention')
          .set({ body })
          .where('id', '=', row.id)
          .where('body', '=', row.body)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) > 0) summary.resealed += 1
      }
    })
    after = rows[rows.length - 1]?.id ?? after
  }
}

/** One kept body opened, from its stored row (for readers that select only some columns). */
export function openKeptBody(
  row: Pick<NeedsAttentionRow, 'id' | 'body'>,
  dataKeys: DataKeyring | undefined,
): Record<string, unknown> {
  return open(JSON.parse(row.body) as Record<string, unknown>, dataKeys, row.id)
}
