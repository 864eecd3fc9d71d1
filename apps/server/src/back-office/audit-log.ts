// The audit trail: who did what, when, to which application or operator. Append-only, and each row
// carries the SHA-256 of the row before it together with its own content, so a changed, removed or
// inserted row breaks the chain that `npm run audit -- verify` walks. Details never hold personal data:
// a search records the field searched, never the value. Decision record: docs/decisions/1606-*.

import { createHash } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { GENESIS_HASH } from '../db/migrations/0020-create-back-office'
import type { AuditRow, Tables } from '../db/tables'
import { canonicalJson } from '../repositories/body-hash'

type Db = Kysely<Tables> | Transaction<Tables>

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'operator.locked',
  'sign-out',
  'sign-out.everywhere',
  'application.viewed',
  'applications.listed',
  'applications.searched',
  'applications.exported',
  'application.data-exported',
  'application.erased',
  'delivery.retried',
  'note.added',
  'follow-up.set',
  'pipeline.viewed',
  'status.changed',
  'legal-hold.set',
  'legal-hold.lifted',
  'operator.added',
  'operator.enrolled',
  'operator.disabled',
  'operator.reset',
  'consent.withdrawn',
  'commission.answered',
  'commission-requests.viewed',
  'support-note.added',
  'figures.exported',
  'funnel.exported',
  'account.password-changed',
  'account.authenticator-changed',
  'account.change-refused',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export type AuditDetail = Record<string, string | number | boolean | null | string[]>

export interface AuditEntry {
  /** Null for the command line and for a sign-in attempt with an unknown address. */
  operatorId: string | null
  action: AuditAction
  applicationKey?: string | null
  targetOperatorId?: string | null
  detail?: AuditDetail
  at: Date
}

/** What is hashed: every column but the hashes themselves, in a fixed canonical form. */
export function auditRowHash(
  prevHash: string,
  row: Pick<
    AuditRow,
    'seq' | 'at' | 'operator_id' | 'action' | 'application_key' | 'target_operator_id' | 'detail'
  >,
): string {
  const content = canonicalJson({
    seq: Number(row.seq),
    at: row.at,
    operator_id: row.operator_id,
    action: row.action,
    application_key: row.application_key,
    target_operator_id: row.target_operator_id,
    detail: row.detail,
  })
  return createHash('sha256').update(`${prevHash}\n${content}`, 'utf8').digest('hex')
}

/**
 * Appends one entry. Inside the caller's transaction when given one, so the entry exists exactly when
 * the action does; otherwise in a transaction of its own. Moving the head first takes the row lock
 * (PostgreSQL) or the write lock (SQLite) before anything is read, so appenders queue one behind another.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<number> {
  if (db.isTransaction) return appendIn(db as Transaction<Tables>, entry)
  return (db as Kysely<Tables>).transaction().execute((trx) => appendIn(trx, entry))
}

async function appendIn(trx: Transaction<Tables>, entry: AuditEntry): Promise<number> {
  const head = await trx
    .updateTable('audit_head')
    .set({ seq: sql<number>`seq + 1` })
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow()
  const row = {
    seq: Number(head.seq),
    at: entry.at.toISOString(),
    operator_id: entry.operatorId,
    action: entry.action,
    application_key: entry.applicationKey ?? null,
    target_operator_id: entry.targetOperatorId ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
  }
  const hash = auditRowHash(head.hash, row)
  await trx
    .insertInto('audit_log')
    .values({ ...row, prev_hash: head.hash, hash })
    .execute()
  await trx.updateTable('audit_head').set({ hash }).where('id', '=', 1).execute()
  return row.seq
}

export type VerifyOutcome =
  | { ok: true; rows: number; headSeq: number }
  | { ok: false; rows: number; seq: number; problem: string }

/** Walks the whole chain in order, a batch at a time, and reports the first row that does not fit. */
export async function verifyAuditChain(
  db: Kysely<Tables>,
  options: { batchSize?: number } = {},
): Promise<VerifyOutcome> {
  const batchSize = options.batchSize ?? 1000
  let expectedSeq = 1
  let prevHash = GENESIS_HASH
  let rows = 0
  for (;;) {
    const batch = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(batchSize)
      .execute()
    for (const row of batch) {
      const seq = Number(row.seq)
      if (seq !== expectedSeq) {
        return {
          ok: false,
          rows,
          seq: expectedSeq,
          problem: `row ${expectedSeq} is missing (the next row is ${seq})`,
        }
      }
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          rows,
          seq,
          problem: `row ${seq} does not follow row ${seq - 1} (its previous hash differs)`,
        }
      }
      if (auditRowHash(prevHash, row) !== row.hash) {
        return { ok: false, rows, seq, problem: `row ${seq} was changed (its hash does not match)` }
      }
      prevHash = row.hash
      expectedSeq += 1
      rows += 1
    }
    if (batch.length < batchSize) break
  }
  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst()
  const headSeq = Number(head?.seq ?? 0)
  if (headSeq !== rows || (head?.hash ?? GENESIS_HASH) !== prevHash) {
    return {
      ok: false,
      rows,
      seq: rows + 1,
      problem: `the log ends at row ${rows} but ${headSeq} rows were written: rows at the end were removed`,
    }
  }
  return { ok: true, rows, headSeq }
}

export interface AuditFilter {
  operatorId?: string
  action?: string
  applicationKey?: string
  /** ISO instants. */
  from?: string
  to?: string
  /** Rows below this sequence number (the keyset cursor). */
  beforeSeq?: number
  limit: number
}

/** Newest first. */
/**
 * What an operator of some brands may read of the audit log (decision 2114): entries about applications of
 * those brands (stored, erased, or kept for attention), and entries about operators they may manage
 * (themselves included). Everything else, other brands' applications and operators who work on more brands, is
 * left out. Undefined: every entry (an all-brands reader).
 */
export interface AuditScope {
  brands: readonly string[]
  operatorIds: readonly string[]
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
  scope?: AuditScope,
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll()
  if (scope !== undefined) {
    const brands = scope.brands.length > 0 ? [...scope.brands] : ['']
    const operatorIds = scope.operatorIds.length > 0 ? [...scope.operatorIds] : ['']
    query = query.where((eb) =>
      eb.or([
        eb(
          'application_key',
          'in',
          eb.selectFrom('applications').select('application_key').where('brand', 'in', brands),
        ),
        eb(
          'application_key',
          'in',
          eb.selectFrom('erasures').select('application_key').where('brand', 'in', brands),
        ),
        eb(
          'application_key',
          'in',
          eb.selectFrom('needs_attention').select('submission_key').where('brand', 'in', brands),
        ),
        eb.and([
          eb('application_key', 'is', null),
          eb.or([
            eb('target_operator_id', 'in', operatorIds),
            eb.and([eb('target_operator_id', 'is', null), eb('operator_id', 'in', operatorIds)]),
          ]),
        ]),
      ]),
    )
  }
  if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId)
  if (filter.action !== undefined) query = query.where('action', '=', filter.action)
  if (filter.applicationKey !== undefined) {
    query = query.where('application_key', '=', filter.applicationKey)
  }
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('at', '<', filter.to)
  if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq)
  return query.orderBy('seq', 'desc').limit(filter.limit).execute()
}
