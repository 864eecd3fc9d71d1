// The email outbox (decision 1652): a message is a row written in the same transaction as what causes it,
// so an acknowledged submission or decision always has its messages and a rolled-back one never does.
// The sender (sender.ts) claims due rows under a lease, as the delivery worker does, and marks each sent
// once. A row names its template, its application and its recipient's role; the address and the name are
// read from the stored application when the message is sent, so personal data lives in one place.

import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/database'
import type { EmailRecipient, EmailRow, EmailStatus, NewEmailRow, Tables } from '../db/tables'
import type { NextStep } from '../delivery/backoff'
import { claimDueRows, type ClaimArgs } from '../repositories/leased-claim'
import { timeOrderedId } from '../repositories/rows'

type Db = Kysely<Tables> | Transaction<Tables>

/**
 * `eml_` + the time (12 hex digits of milliseconds) + 20 random hex digits: ids that grow with time, so a
 * submission's messages are appended at the end of the primary key rather than scattered through it.
 */
export function newEmailId(now: number = Date.now()): string {
  return timeOrderedId('eml_', now)
}

export interface NewEmail {
  template: string
  brand: string
  applicationKey: string | null
  recipient: EmailRecipient
  /** Never personal data: it is stored in clear. */
  params: Readonly<Record<string, string | number | boolean | null>>
  /** What must not be stored readable, already sealed (sealed-params.ts; decision 1951). */
  sealed?: string
  /** One message per cause (`applicant-confirmation:<key>`): a second enqueue of it inserts nothing. */
  dedupeKey: string
  now: Date
  /** When it may first be sent; by default at once. */
  dueAt?: Date
}

/** The outbox row of a new message, due at once unless it says when. */
export function emailRow(email: NewEmail): NewEmailRow {
  const now = email.now.toISOString()
  return {
    id: newEmailId(email.now.getTime()),
    template: email.template,
    brand: email.brand,
    application_key: email.applicationKey,
    recipient: email.recipient,
    params: JSON.stringify(email.params),
    // Only when there is one: the SQLite writer thread's statement for a submission's messages names no
    // such column.
    ...(email.sealed === undefined ? {} : { sealed: email.sealed }),
    dedupe_key: email.dedupeKey,
    status: 'pending',
    attempts: 0,
    next_attempt_at: (email.dueAt ?? email.now).toISOString(),
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    sent_at: null,
  }
}

/**
 * Inserts messages inside the caller's transaction. Returns how many rows it inserted: a message whose
 * dedupe key is already queued (a replayed cause) is absorbed.
 */
export async function enqueueEmails(trx: Db, rows: readonly NewEmailRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const result = await trx
    .insertInto('emails')
    .values([...rows])
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}

/** One message: see enqueueEmails. The way for any other part of the server to send one. */
export async function enqueueEmail(trx: Db, email: NewEmail): Promise<number> {
  return enqueueEmails(trx, [emailRow(email)])
}

// --- The sender's side: claims under a lease, and what an attempt came to ---

/**
 * Claims up to `limit` due messages for one sender, atomically: marks them in flight under a lease and
 * counts the attempt (leased-claim.ts, as for the deliveries, decision 0705).
 */
export function claimDueEmails(database: Database, args: ClaimArgs): Promise<EmailRow[]> {
  return claimDueRows(database, 'emails', args, async (now) => {
    await database.db
      .updateTable('emails')
      .set({
        status: 'dead',
        locked_by: null,
        locked_until: null,
        last_error: 'the sender stopped during the last attempt',
        sealed: null,
        updated_at: now,
      })
      .where('status', '=', 'in_flight')
      .where('locked_until', '<=', now)
      .where('attempts', '>=', args.maxAttempts)
      .execute()
  })
}

export interface EmailAttemptRecord {
  id: string
  workerId: string
  attempt: number
  step: NextStep
  error: string | null
  now: Date
}

/**
 * Stores an attempt's outcome if this sender still holds the lease for this attempt; false when the lease
 * was lost (another sender claimed the row, and its result counts).
 */
export async function recordEmailAttempt(
  db: Kysely<Tables>,
  record: EmailAttemptRecord,
): Promise<boolean> {
  const now = record.now.toISOString()
  const status: EmailStatus = record.step.status === 'delivered' ? 'sent' : record.step.status
  const result = await db
    .updateTable('emails')
    .set({
      status,
      ...(record.step.status === 'pending'
        ? { next_attempt_at: record.step.nextAttemptAt.toISOString() }
        : {}),
      locked_by: null,
      locked_until: null,
      last_error: record.error,
      updated_at: now,
      ...(status === 'sent' ? { sent_at: now } : {}),
      // A message that will not be tried again keeps nothing sealed: the token is not left at rest.
      ...(status === 'sent' || status === 'dead' ? { sealed: null } : {}),
    })
    .where('id', '=', record.id)
    .where('status', '=', 'in_flight')
    .where('locked_by', '=', record.workerId)
    .where('attempts', '=', record.attempt)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Messages whose cause no longer wants them sent (a link used, replaced or void: decision 1951): their
 * sealed parameters are wiped whatever their state, and those still waiting are marked dead with `reason`.
 * One being sent now finishes its attempt; if that fails, the next finds nothing to open and stops.
 */
export async function withdrawEmails(
  db: Db,
  dedupeKeys: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  if (dedupeKeys.length === 0) return
  const at = now.toISOString()
  await db
    .updateTable('emails')
    .set({ status: 'dead', last_error: reason, updated_at: at })
    .where('dedupe_key', 'in', [...dedupeKeys])
    .where('status', '=', 'pending')
    .execute()
  await db
    .updateTable('emails')
    .set({ sealed: null })
    .where('dedupe_key', 'in', [...dedupeKeys])
    .where('sealed', 'is not', null)
    .execute()
}

// --- Read models (the back office, the operator) ---

export interface EmailSummary {
  id: string
  template: string
  recipient: EmailRecipient
  status: EmailStatus
  attempts: number
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

/** The messages about one application, oldest first: what was sent to whom (by role) and when. */
export async function emailsForApplication(
  db: Db,
  applicationKey: string,
): Promise<EmailSummary[]> {
  const rows = await db
    .selectFrom('emails')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }))
}
