// A submission is stored once: its idempotency row, the application and the lender deliveries (the
// outbox) in one transaction, whose commit comes before any answer. The submissions row's primary key is
// the lock: of two requests with one key, exactly one commits, and the other reads what it stored.
// Decision record: docs/decisions/0602-submission-idempotency.md.

import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { SqliteWriter } from '../db/sqlite-writer'
import type { IndexEntry } from '../back-office/search-index-rows'
import type {
  NewEmailRow,
  NewEvidenceRow,
  NewSubmissionRow,
  NewSupportFlagRow,
  SubmissionRow,
  Tables,
} from '../db/tables'
import { destinationIdsFor, type EnqueueArgs } from '../delivery/outbox'
import { enqueueEmails } from '../email/outbox'
import { appendEvidence } from '../evidence/evidence-repository'
import { storeSupportFlags } from '../evidence/support-repository'
import { storeSubmittedApplications, type Payload } from './application-repository'

type Db = Kysely<Tables> | Transaction<Tables>

export interface StoredAnswer {
  status: number
  /** The JSON text sent, kept so a replay is the same bytes. */
  body: string
}

/**
 * Writes the outbox rows of submissions inside their transaction (delivery/outbox.ts): one statement for
 * a whole batch.
 */
export type EnqueueDeliveries = (
  trx: Transaction<Tables>,
  submissions: readonly EnqueueArgs[],
) => Promise<unknown>

export interface NewSubmission {
  submissionKey: string
  /**
   * The body as received (parsed): its hash (canonical JSON, SHA-256) tells a replay from a conflict
   * (decision 0602). The store works it out; on SQLite the writer thread does.
   */
  body: unknown
  brand: string
  /** The validated payload, unknown keys stripped. */
  payload: Payload
  answer: StoredAnswer
  /** The applicant's reference, stored unique (decision 1576). */
  reference: string
  now: Date
  serverSequence: number
  /** The back office's search index rows (back-office/search-index.ts). */
  index?: readonly IndexEntry[]
  /** The messages the submission causes (email/enqueue.ts), written in its transaction. */
  emails?: readonly NewEmailRow[]
  /** What the submission proves was agreed (evidence/submission-evidence.ts). */
  evidence?: readonly NewEvidenceRow[]
  /** The vulnerability flag its support answers raise, if any. */
  supportFlag?: NewSupportFlagRow
}

/** What storing found, with the hash of the body sent (to compare with an existing row's). */
export type StoreOutcome = ({ stored: true } | { stored: false; existing: SubmissionRow }) & {
  bodyHash: string
}

/** A submission with its body's hash worked out, for the Kysely writes. */
interface Hashed {
  submission: NewSubmission
  hash: string
}

const hashed = (submission: NewSubmission): Hashed => ({
  submission,
  hash: bodyHash(submission.body),
})

export async function findSubmission(
  db: Db,
  submissionKey: string,
): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('submission_key', '=', submissionKey)
    .executeTakeFirst()
}

/**
 * Stores a new submission in a transaction of its own, or, when another request stored one under the same
 * key first, returns that one's row (the caller compares body hashes: a replay or a conflict).
 */
export async function storeSubmission(
  db: Kysely<Tables>,
  submission: NewSubmission,
  dataKeys: DataKeyring | undefined,
  enqueueDeliveries: EnqueueDeliveries,
): Promise<StoreOutcome> {
  return storeHashed(db, hashed(submission), dataKeys, enqueueDeliveries)
}

async function storeHashed(
  db: Kysely<Tables>,
  one: Hashed,
  dataKeys: DataKeyring | undefined,
  enqueueDeliveries: EnqueueDeliveries,
): Promise<StoreOutcome> {
  try {
    await db
      .transaction()
      .execute((trx) => writeSubmissions(trx, [one], dataKeys, enqueueDeliveries))
    return { stored: true, bodyHash: one.hash }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const existing = await findSubmission(db, one.submission.submissionKey)
    // The winner rolled back after all (its own failure): let the client try again.
    if (existing === undefined) throw error
    return { stored: false, existing, bodyHash: one.hash }
  }
}

/**
 * The writes of new submissions (distinct keys): the idempotency rows first, so a duplicate fails before
 * any other write, then the applications, then each one's outbox rows.
 */
async function writeSubmissions(
  trx: Transaction<Tables>,
  batch: readonly Hashed[],
  dataKeys: DataKeyring | undefined,
  enqueueDeliveries: EnqueueDeliveries,
): Promise<void> {
  const submissions = batch.map((one) => one.submission)
  await trx
    .insertInto('submissions')
    .values(batch.map((one) => submissionRow(one.submission, one.hash)))
    .execute()
  await storeSubmittedApplications(
    trx,
    submissions.map((submission) => ({
      applicationKey: submission.submissionKey,
      brand: submission.brand,
      payload: submission.payload,
      now: submission.now,
      serverSequence: submission.serverSequence,
      index: submission.index,
    })),
    dataKeys,
  )
  await enqueueDeliveries(trx, submissions.map(enqueueArgs))
  await enqueueEmails(
    trx,
    submissions.flatMap((submission) => submission.emails ?? []),
  )
  await appendEvidence(
    trx,
    submissions.flatMap((submission) => submission.evidence ?? []),
  )
  await storeSupportFlags(
    trx,
    submissions.flatMap((submission) =>
      submission.supportFlag === undefined ? [] : [submission.supportFlag],
    ),
  )
}

function enqueueArgs(submission: NewSubmission): EnqueueArgs {
  return { submissionKey: submission.submissionKey, brandId: submission.brand, now: submission.now }
}

function submissionRow(submission: NewSubmission, hash: string): NewSubmissionRow {
  return {
    submission_key: submission.submissionKey,
    body_hash: hash,
    response_status: submission.answer.status,
    response_body: submission.answer.body,
    created_at: submission.now.toISOString(),
    reference: submission.reference,
  }
}

export type SubmissionStore = (submission: NewSubmission) => Promise<StoreOutcome>

interface Pending {
  one: Hashed
  resolve: (outcome: StoreOutcome) => void
  reject: (error: unknown) => void
}

/**
 * Group commit: submissions that arrive while a commit is under way wait, and are then written
 * together in one transaction with one sync of the disk, none answered before that commit. Keys already
 * stored are left out (their requests are answered from the stored row), and a second request for a key
 * in the same batch waits for the next one. When anything in a batch fails, its submissions are written
 * again one transaction each, so a failure stays with the submission that caused it. Decision record:
 * docs/decisions/0603-group-commit.md.
 */
export function batchingSubmissionStore(
  db: Kysely<Tables>,
  dataKeys: DataKeyring | undefined,
  enqueueDeliveries: EnqueueDeliveries,
  options: { maxBatch?: number } = {},
): SubmissionStore {
  const maxBatch = options.maxBatch ?? 64
  const queue: Pending[] = []
  let writing = false

  const alone = (pending: Pending) =>
    storeHashed(db, pending.one, dataKeys, enqueueDeliveries).then(pending.resolve, pending.reject)

  const writeBatch = async (batch: Pending[]): Promise<void> => {
    const byKey = new Map<string, Pending>()
    for (const pending of batch) {
      const key = pending.one.submission.submissionKey
      if (byKey.has(key)) queue.push(pending)
      else byKey.set(key, pending)
    }
    const keys = [...byKey.keys()]
    let stored: SubmissionRow[] = []
    try {
      await db.transaction().execute(async (trx) => {
        stored = await trx
          .selectFrom('submissions')
          .selectAll()
          .where('submission_key', 'in', keys)
          .execute()
        const known = new Set(stored.map((row) => row.submission_key))
        const fresh = [...byKey.values()]
          .map((pending) => pending.one)
          .filter((one) => !known.has(one.submission.submissionKey))
        if (fresh.length > 0) await writeSubmissions(trx, fresh, dataKeys, enqueueDeliveries)
      })
    } catch {
      for (const pending of byKey.values()) await alone(pending)
      return
    }
    const existing = new Map(stored.map((row) => [row.submission_key, row]))
    for (const [key, pending] of byKey) {
      const row = existing.get(key)
      pending.resolve(
        row === undefined
          ? { stored: true, bodyHash: pending.one.hash }
          : { stored: false, existing: row, bodyHash: pending.one.hash },
      )
    }
  }

  const drain = async (): Promise<void> => {
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch))
    } finally {
      writing = false
    }
  }

  return (submission) =>
    new Promise<StoreOutcome>((resolve, reject) => {
      queue.push({ one: hashed(submission), resolve, reject })
      // The first waits one turn of the event loop, so requests already read can join its batch.
      if (!writing) {
        writing = true
        setImmediate(() => void drain())
      }
    })
}

/**
 * Group commit on SQLite's writer thread (decision 1461). The body and the payload go to the thread as
 * JSON text (it crosses faster than an object, and parses back to the same content): the hash of the
 * body, the sealing of the payload and the rows are made there, off the event loop. Only the outbox's
 * destinations, which need this process's lender configuration, are looked up here. Each submission is
 * written in a savepoint of its batch's transaction, so one that fails is undone alone. Resolves after
 * the commit.
 */
export function writerSubmissionStore(
  writer: SqliteWriter,
  dataKeys: DataKeyring | undefined,
): SubmissionStore {
  return (submission) =>
    writer.write({
      kind: 'submit',
      submissionKey: submission.submissionKey,
      brand: submission.brand,
      body: JSON.stringify(submission.body),
      payload: JSON.stringify(submission.payload),
      sealWith: dataKeys?.current,
      answer: submission.answer,
      reference: submission.reference,
      now: submission.now.toISOString(),
      serverSequence: submission.serverSequence,
      destinationIds: destinationIdsFor(submission.brand),
      index: submission.index,
      emails: submission.emails ?? [],
      evidence: submission.evidence ?? [],
      supportFlag: submission.supportFlag ?? null,
    })
}

/** A primary key or unique constraint refused the row, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  // PostgreSQL's SQLSTATE; better-sqlite3's extended result codes.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}

/** SHA-256 (hex) of the canonical JSON of a body: the same content gives the same hash. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

/**
 * JSON with object keys sorted at every depth, so two bodies that differ only in key order or spacing
 * are one body. Numbers are written as JSON writes them (1.0 and 1 are one number once parsed).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i])
    return `${out}]`
  }
  const record = value as Record<string, unknown>
  let out = '{'
  for (const key of Object.keys(record).sort()) {
    const item = record[key]
    if (item === undefined) continue
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`
  }
  return `${out}}`
}
