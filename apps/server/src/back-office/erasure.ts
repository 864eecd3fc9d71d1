// Erasure on request (UK GDPR Article 17): every personal field of an application goes (the application
// row with its payload, which is also its partial save; its notes; its search index rows; the
// submissions kept for attention under its key; the vulnerability flag and its notes; the marketing
// consents on record; the lenders' notes on their decisions; the emails queued or sent about it), a
// tombstone stays (reference, brand, dates, who erased it, when and why), deliveries not yet attempted
// are cancelled, and every lender that may have received it gets a signed `application.erased` notice
// through the outbox. A legal hold blocks it. Afterwards nothing of the person stays readable on disk
// (decision 2041): the .eml files of the messages about it are removed, and on SQLite the WAL is
// checkpointed (every connection runs with `secure_delete`, so the freed pages hold zeros).
// Decision records: docs/decisions/1609-*, 1752-*, 2041-*.

import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../db/database'
import { emlFileName } from '../email/transport'
import type { Tables } from '../db/tables'
import { deliveryRowsFor } from '../repositories/rows'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { appendAudit } from './audit-log'
import { ERASURE_KEY_PREFIX } from './erasure-notice'
import { deleteSaveReturnRecords } from '../save-return/links'

export class ErasureRefused extends Error {
  constructor(
    message: string,
    readonly why: 'legal-hold' | 'already-erased' | 'not-found',
  ) {
    super(message)
  }
}

export interface ErasureResult {
  at: string
  notices: number
  /** The names the file transport gives (or gave) the messages about it, erased with the rows. */
  emailFiles: string[]
}

export async function eraseApplication(
  db: Kysely<Tables>,
  input: { applicationKey: string; reason: string; operatorId: string; now: Date },
): Promise<ErasureResult> {
  const key = input.applicationKey
  const at = input.now.toISOString()
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operatorId,
      action: 'application.erased',
      applicationKey: key,
      at: input.now,
    })
    const stored = await trx
      .selectFrom('applications')
      .select(['brand', 'status', 'created_at', 'submitted_at'])
      .where('application_key', '=', key)
      .executeTakeFirst()
    // Nothing stored but submissions kept for attention (decision 1753): those are what is erased.
    const kept = await trx
      .selectFrom('needs_attention')
      .select(['brand', 'created_at'])
      .where('submission_key', '=', key)
      .orderBy('created_at')
      .execute()
    const application =
      stored ??
      (kept[0] === undefined
        ? undefined
        : {
            brand: kept[kept.length - 1]!.brand,
            status: 'refused' as const,
            created_at: kept[0].created_at,
            submitted_at: null,
          })
    if (application === undefined) {
      const erased = await trx
        .selectFrom('erasures')
        .select('application_key')
        .where('application_key', '=', key)
        .executeTakeFirst()
      throw erased === undefined
        ? new ErasureRefused('Not found', 'not-found')
        : new ErasureRefused('This application has already been erased', 'already-erased')
    }
    const hold = await trx
      .selectFrom('legal_holds')
      .select('reason')
      .where('application_key', '=', key)
      .where('lifted_at', 'is', null)
      .executeTakeFirst()
    if (hold !== undefined) {
      throw new ErasureRefused(
        `This application is under a legal hold and cannot be erased: ${hold.reason}`,
        'legal-hold',
      )
    }
    await trx
      .insertInto('erasures')
      .values({
        application_key: key,
        reference: applicationReference(key),
        brand: application.brand,
        kind: application.status,
        created_at: application.created_at,
        submitted_at: application.submitted_at,
        erased_at: at,
        erased_by: input.operatorId,
        reason: input.reason,
      })
      .execute()
    await trx.deleteFrom('application_index').where('application_key', '=', key).execute()
    await trx.deleteFrom('notes').where('application_key', '=', key).execute()
    await trx.deleteFrom('applications').where('application_key', '=', key).execute()
    await trx.deleteFrom('application_secrets').where('application_key', '=', key).execute()
    await trx.deleteFrom('needs_attention').where('submission_key', '=', key).execute()
    // What the applicant told us about their circumstances, and what we did about it (decision 1752).
    await trx.deleteFrom('support_notes').where('application_key', '=', key).execute()
    await trx.deleteFrom('support_flags').where('application_key', '=', key).execute()
    // The marketing choices are the person's own; the record of which texts the firm showed and when
    // (no channel) stays with the tombstone as the firm's evidence of what it disclosed.
    await trx
      .deleteFrom('evidence')
      .where('application_key', '=', key)
      .where('channel', 'is not', null)
      .execute()
    // A lender's note may say anything about the applicant; the decision itself stays.
    await trx
      .updateTable('lender_decisions')
      .set({ message: null })
      .where('submission_key', '=', key)
      .execute()
    // The messages about it: the unsent would find no one to write to, the sent are not needed.
    const emails = await trx
      .selectFrom('emails')
      .select(['id', 'created_at'])
      .where('application_key', '=', key)
      .execute()
    const emailFiles = emails.map((email) =>
      emlFileName({ id: email.id, date: new Date(email.created_at) }),
    )
    await trx.deleteFrom('emails').where('application_key', '=', key).execute()
    // Links, the answers they restore, the joint applicant's corrections (decision 1821).
    await deleteSaveReturnRecords(trx, [key])

    const deliveries = await trx
      .selectFrom('deliveries')
      .select(['id', 'destination_id', 'status', 'attempts'])
      .where('submission_key', '=', key)
      .execute()
    // Attempted at least once, or being attempted: the lender may hold it, so it is told.
    const told = deliveries
      .filter((delivery) => delivery.attempts > 0 || delivery.status !== 'pending')
      .map((delivery) => delivery.destination_id)
    await trx
      .updateTable('deliveries')
      .set({ status: 'dead', last_error: 'erased before delivery', updated_at: at })
      .where('submission_key', '=', key)
      .where('status', '=', 'pending')
      .execute()
    const notices = deliveryRowsFor(`${ERASURE_KEY_PREFIX}${key}`, application.brand, at, told)
    if (notices.length > 0) {
      await trx
        .insertInto('deliveries')
        .values(notices)
        .onConflict((conflict) =>
          conflict.columns(['submission_key', 'destination_id']).doNothing(),
        )
        .execute()
    }
    return { at, notices: notices.length, emailFiles }
  })
}

/**
 * What an erasure leaves outside the rows: the .eml files of the file transport (when it is the one in
 * use) and, on SQLite, the WAL's copies of the pages as they were before. A file already gone is not an
 * error; a checkpoint that readers keep from finishing is retried by SQLite's next automatic one.
 */
export async function eraseTraces(
  db: Kysely<Tables>,
  input: { dialect: Dialect; mailFolder: string | undefined; emailFiles: string[] },
): Promise<void> {
  if (input.mailFolder !== undefined) {
    for (const name of input.emailFiles) {
      await unlink(join(input.mailFolder, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
    }
  }
  if (input.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
}
