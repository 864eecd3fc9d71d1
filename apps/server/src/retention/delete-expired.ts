// Retention (docs/requirements.md#retention "up to six years"; docs/requirements.md#retention): submitted applications are deleted six
// years after submission, abandoned partial applications 30 days after their last save (both
// configurable), and with a submission go its idempotency row and its lender deliveries; a submission kept
// for the broker's attention (refused or conflicting) goes after the same period as a submitted one.
// Portable SQL, in batches, so a first run over years of rows never holds a long lock. Decisions:
// docs/decisions/0806-*, 1504-*.

import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { deleteExpiredRecords } from '../evidence/retention'
import { londonDay } from '../funnel/funnel-events'
import { deleteSaveReturnRecords, wipeLapsedLinkEmails } from '../save-return/links'

export interface RetentionPolicy {
  /** Days after submission that a submitted application is kept. */
  submittedDays: number
  /** Days after its last save that an abandoned partial application is kept. */
  partialDays: number
}

export interface RetentionSummary {
  submittedApplications: number
  partialApplications: number
  /** Idempotency rows (submissions table). */
  submissions: number
  deliveries: number
  /** Refused or conflicting submissions kept for the broker's attention. */
  needsAttention: number
}

const DAY_MS = 24 * 60 * 60 * 1000
export const RETENTION_BATCH_SIZE = 500

/** The moment before which rows kept for `days` have expired, as stored (ISO 8601, UTC). */
export function cutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString()
}

/**
 * Deletes everything older than the policy allows at `now` (a parameter, so tests control the clock).
 * A row exactly at the cutoff is kept: only rows strictly older go.
 */
export async function deleteExpired(
  db: Kysely<Tables>,
  policy: RetentionPolicy,
  now: Date,
  batchSize: number = RETENTION_BATCH_SIZE,
): Promise<RetentionSummary> {
  const summary: RetentionSummary = {
    submittedApplications: 0,
    partialApplications: 0,
    submissions: 0,
    deliveries: 0,
    needsAttention: 0,
  }
  const submittedBefore = cutoff(now, policy.submittedDays)
  const partialBefore = cutoff(now, policy.partialDays)

  // A submission is final (never reopened), so its key, its idempotency row and its deliveries can be
  // gathered first and deleted together, a batch per transaction.
  for (;;) {
    const keys = (
      await db
        .selectFrom('applications')
        .select('application_key')
        .where('status', '=', 'submitted')
        // From the submission, not the last activity: a broker's note or status moves updated_at
        // (decision 2071) and must not keep a submission past its six years.
        .where('submitted_at', '<', submittedBefore)
        .where('application_key', 'not in', heldKeys)
        .limit(batchSize)
        .execute()
    ).map((row) => row.application_key)
    if (keys.length === 0) break
    await db.transaction().execute(async (trx) => {
      const deliveries = await trx
        .deleteFrom('deliveries')
        .where('submission_key', 'in', keys)
        .executeTakeFirst()
      const submissions = await trx
        .deleteFrom('submissions')
        .where('submission_key', 'in', keys)
        .executeTakeFirst()
      const applications = await trx
        .deleteFrom('applications')
        .where('application_key', 'in', keys)
        .where('status', '=', 'submitted')
        .executeTakeFirst()
      await deleteBackOfficeRecords(trx, keys)
      summary.deliveries += Number(deliveries.numDeletedRows)
      summary.submissions += Number(submissions.numDeletedRows)
      summary.submittedApplications += Number(applications.numDeletedRows)
    })
    if (keys.length < batchSize) break
  }

  // Idempotency and delivery rows as old as that whose application is already gone (removed by hand, or
  // by an earlier run interrupted between batches): they are written in the submission's own
  // transaction, so their created_at is the submission's time.
  summary.submissions += await deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('submissions')
      .where('submission_key', 'in', (eb) =>
        eb
          .selectFrom('submissions')
          .select('submission_key')
          .where('created_at', '<', submittedBefore)
          .where('submission_key', 'not in', heldKeys)
          .limit(limit),
      )
      .executeTakeFirst(),
  )
  summary.deliveries += await deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('deliveries')
          .select('id')
          .where('created_at', '<', submittedBefore)
          .where('submission_key', 'not in', heldKeys)
          .limit(limit),
      )
      .executeTakeFirst(),
  )

  summary.needsAttention += await deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('needs_attention')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('needs_attention')
          .select('id')
          .where('created_at', '<', submittedBefore)
          .where('submission_key', 'not in', heldKeys)
          .limit(limit),
      )
      .executeTakeFirst(),
  )

  // A partial save can turn into a submission at any moment, so the status and age are checked in the
  // delete itself, not only when the candidates are read: a row submitted meanwhile no longer matches
  // and stays. An application under a legal hold stays too (decision 1611).
  for (;;) {
    const candidates = (
      await db
        .selectFrom('applications')
        .select('application_key')
        .where('status', '=', 'partial')
        .where('updated_at', '<', partialBefore)
        .where('application_key', 'not in', heldKeys)
        .limit(batchSize)
        .execute()
    ).map((row) => row.application_key)
    if (candidates.length === 0) break
    await db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('applications')
        .where('status', '=', 'partial')
        .where('updated_at', '<', partialBefore)
        .where('application_key', 'in', candidates)
        .returning('application_key')
        .execute()
      await deleteBackOfficeRecords(
        trx,
        deleted.map((row) => row.application_key),
      )
      summary.partialApplications += deleted.length
    })
    if (candidates.length < batchSize) break
  }

  // The evidence, emails and support records of those applications (decision 1654).
  await deleteExpiredRecords(db, { submittedBefore, partialBefore }, batchSize)
  // The funnel's counters are the firm's outcomes by group: kept as long as the applications (decision 2112).
  await db
    .deleteFrom('funnel_counters')
    .where('day', '<', londonDay(new Date(Date.parse(submittedBefore))))
    .execute()
  // A link email's sealed token outlives its link nowhere, even with no sender running (decision 1951).
  await wipeLapsedLinkEmails(db, now)

  return summary
}

/** The applications under a legal hold now: retention leaves them until the hold is lifted. */
function heldKeys(eb: ExpressionBuilder<Tables, keyof Tables>) {
  return eb.selectFrom('legal_holds').select('application_key').where('lifted_at', 'is', null)
}

/**
 * What the back office keeps about deleted applications and could name the applicant: the search
 * index rows and the notes. The broker's status history and the audit log hold no personal data. The
 * binding to the applicant's browser goes with them (decision 1801).
 */
async function deleteBackOfficeRecords(trx: Kysely<Tables>, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await trx.deleteFrom('application_index').where('application_key', 'in', keys).execute()
  await trx.deleteFrom('notes').where('application_key', 'in', keys).execute()
  // The links, the answers they restore and the joint applicant's confirmation (decision 1821).
  await deleteSaveReturnRecords(trx, keys)
  await trx.deleteFrom('application_secrets').where('application_key', 'in', keys).execute()
}

async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<{ numDeletedRows: bigint }>,
): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = Number((await deleteBatch(batchSize)).numDeletedRows)
    total += deleted
    if (deleted < batchSize) return total
  }
}

export function deletedAnything(summary: RetentionSummary): boolean {
  return Object.values(summary).some((count) => count > 0)
}
