// A submission is stored once: its idempotency row, the application and the lender deliveries (the
// outbox) in one transaction, whose commit comes before any answer. The submissions row's primary key is
// the lock: of two requests with one key, exactly one commits, and the other reads what it stored.
// Decision record: docs/decisions/0602-submission-idempotency.md.

import type { Kysely, Transaction } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { IndexEntry } from '../back-office/search-index-rows'
import type {
  NewEmailRow,
  NewEvidenceRow,
  NewSupportFlagRow,
  SubmissionRow,
  Tables,
} from '../db/tables'
import { enqueueEmails } from '../email/outbox'
import { appendEvidence } from '../evidence/evidence-repository'
import { storeSupportFlags } from '../evidence/support-repository'
import { storeSubmittedApplications, type Payload } from './application-repository'
import { bindSecretsIn } from './application-secret-repository'
import { bodyHash } from './body-hash'
import { enqueueDeliveriesFor, type EnqueueArgs } from './delivery-repository'
import { submissionRow } from './rows'

type Db = Kysely<Tables> | Transaction<Tables>

export interface StoredAnswer {
  status: number
  /** The JSON text sent, kept so a replay is the same bytes. */
  body: string
}

/**
 * Writes the outbox rows of submissions inside their transaction (delivery-repository.ts): one statement
 * for a whole batch.
 */
export type EnqueueDeliveries = (
  trx: Transaction<Tables>,
  submissions: readonly EnqueueArgs[],
) => Promise<unknown>

/** What every submission write needs besides the submission: fixed at start-up. */
export interface SubmissionWrites {
  dataKeys: DataKeyring | undefined
  /** The ids of the lender destinations configured for a brand: one outbox row each. */
  destinationIds: (brand: string) => readonly string[]
  /** By default enqueueDeliveriesFor; tests give a failing one to prove the transaction all or nothing. */
  enqueueDeliveries?: EnqueueDeliveries
}

export interface NewSubmission {
  submissionKey: string
  /**
   * The body as received (parsed): its hash (canonical JSON, SHA-256) tells a replay from a conflict
   * (decision 0602). The store works it out.
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
  /**
   * The SHA-256 of the browser's secret, when no write has bound the key yet: bound in the submission's
   * own transaction (decisions 1801, 1981). If another secret is bound first, nothing is written.
   */
  bindSecret?: string
}

/**
 * What storing found, with the hash of the body sent (to compare with an existing row's); or that the key
 * was bound to another browser's secret first, and nothing was written.
 */
export type StoreOutcome =
  | (({ stored: true } | { stored: false; existing: SubmissionRow }) & { bodyHash: string })
  | { stored: false; secretMismatch: true }

/** The outcome of a submission whose key another browser's secret was bound to first. */
export const SECRET_MISMATCH = { stored: false, secretMismatch: true } as const

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
  writes: SubmissionWrites,
): Promise<StoreOutcome> {
  return storeHashed(db, hashed(submission), writes)
}

async function storeHashed(
  db: Kysely<Tables>,
  one: Hashed,
  writes: SubmissionWrites,
): Promise<StoreOutcome> {
  try {
    const refused = await db.transaction().execute(async (trx) => {
      const mismatched = await bindSecrets(trx, [one])
      if (mismatched.size === 0) await writeSubmissions(trx, [one], writes)
      return mismatched
    })
    if (refused.size > 0) return SECRET_MISMATCH
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
 * Binds the keys of submissions that carry their browser's secret, in their transaction and before any
 * other write; answers the keys bound to another secret, whose submissions must write nothing.
 */
function bindSecrets(trx: Transaction<Tables>, batch: readonly Hashed[]): Promise<Set<string>> {
  return bindSecretsIn(
    trx,
    batch.flatMap(({ submission }) =>
      submission.bindSecret === undefined
        ? []
        : [
            {
              applicationKey: submission.submissionKey,
              hash: submission.bindSecret,
              createdAt: submission.now.toISOString(),
            },
          ],
    ),
  )
}

/**
 * The writes of new submissions (distinct keys): the idempotency rows first, so a duplicate fails before
 * any other write, then the applications, then each one's outbox rows.
 */
async function writeSubmissions(
  trx: Transaction<Tables>,
  batch: readonly Hashed[],
  writes: SubmissionWrites,
): Promise<void> {
  const submissions = batch.map((one) => one.submission)
  await trx
    .insertInto('submissions')
    .values(
      batch.map((one) =>
        submissionRow({
          submissionKey: one.submission.submissionKey,
          bodyHash: one.hash,
          answer: one.submission.answer,
          now: one.submission.now.toISOString(),
          reference: one.submission.reference,
        }),
      ),
    )
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
    writes.dataKeys,
  )
  const enqueueDeliveries = writes.enqueueDeliveries ?? enqueueDeliveriesFor
  await enqueueDeliveries(
    trx,
    submissions.map((submission) => ({
      submissionKey: submission.submissionKey,
      brandId: submission.brand,
      now: submission.now,
      destinationIds: writes.destinationIds(submission.brand),
    })),
  )
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
  writes: SubmissionWrites,
  options: { maxBatch?: number } = {},
): SubmissionStore {
  const maxBatch = options.maxBatch ?? 64
  const queue: Pending[] = []
  let writing = false

  const alone = (pending: Pending) =>
    storeHashed(db, pending.one, writes).then(pending.resolve, pending.reject)

  const writeBatch = async (batch: Pending[]): Promise<void> => {
    const byKey = new Map<string, Pending>()
    for (const pending of batch) {
      const key = pending.one.submission.submissionKey
      if (byKey.has(key)) queue.push(pending)
      else byKey.set(key, pending)
    }
    const keys = [...byKey.keys()]
    let stored: SubmissionRow[] = []
    let refused = new Set<string>()
    try {
      await db.transaction().execute(async (trx) => {
        // A key bound to another secret writes nothing, even when a submission is stored under it.
        const ones = [...byKey.values()].map((pending) => pending.one)
        refused = await bindSecrets(trx, ones)
        stored = await trx
          .selectFrom('submissions')
          .selectAll()
          .where('submission_key', 'in', keys)
          .execute()
        const known = new Set(stored.map((row) => row.submission_key))
        const fresh = ones.filter(
          (one) =>
            !known.has(one.submission.submissionKey) && !refused.has(one.submission.submissionKey),
        )
        if (fresh.length > 0) await writeSubmissions(trx, fresh, writes)
      })
    } catch {
      for (const pending of byKey.values()) await alone(pending)
      return
    }
    const existing = new Map(stored.map((row) => [row.submission_key, row]))
    for (const [key, pending] of byKey) {
      if (refused.has(key)) {
        pending.resolve(SECRET_MISMATCH)
        continue
      }
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
