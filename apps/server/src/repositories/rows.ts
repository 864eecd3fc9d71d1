// The rows a submission and a partial save write, built from their arguments alone. Both writers use them:
// the Kysely repositories on either engine, and the SQLite writer thread's prepared statements
// (sqlite-write-ops.ts), so the two can never store a different row for the same write. This file imports
// nothing at run time (ESLint refuses it), which keeps it at the bottom of the server's imports:
// docs/decisions/1861-one-write-path.md.

import type { NewApplicationRow, NewDeliveryRow, NewSubmissionRow } from '../db/tables'

/** What binds a sealed payload to its row: a copy pasted into another row does not open. */
export function payloadAad(applicationKey: string): string {
  return `forecourt/applications/${applicationKey}`
}

/** The time in an id that grows with time: 12 hex digits of milliseconds (timeOrderedId). */
export function idTime(now: number): string {
  return now.toString(16).padStart(12, '0')
}

/**
 * `prefix`, the time (idTime) and 20 random hex digits: ids that grow with time, so the rows one write
 * adds (a submission's deliveries, emails, evidence) are appended at the end of their primary key rather
 * than each written into a page of its own somewhere in it (decision 2186). Retention finds expired rows
 * by the same time (evidence/retention.ts).
 */
export function timeOrderedId(prefix: string, now: number = Date.now()): string {
  return `${prefix}${idTime(now)}${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`
}

/** A delivery's id: `dlv_` and the time, as an email's and an evidence record's (timeOrderedId). */
export function newDeliveryId(now: number = Date.now()): string {
  return timeOrderedId('dlv_', now)
}

/**
 * The pending deliveries of one submission to the given lender destinations, due at `now` (ISO 8601):
 * one outbox row each (decision 0701).
 */
export function deliveryRowsFor(
  submissionKey: string,
  brandId: string,
  now: string,
  destinationIds: readonly string[],
): NewDeliveryRow[] {
  return destinationIds.map((destinationId) => ({
    id: newDeliveryId(),
    submission_key: submissionKey,
    destination_id: destinationId,
    brand: brandId,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    locked_by: null,
    locked_until: null,
    last_status_code: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    delivered_at: null,
  }))
}

export interface SubmissionRowArgs {
  submissionKey: string
  /** SHA-256 (hex) of the body's canonical JSON (body-hash.ts). */
  bodyHash: string
  /** The first answer, replayed byte for byte to a repeat. */
  answer: { status: number; body: string }
  /** ISO 8601, UTC. */
  now: string
  reference: string
}

/** The idempotency row of a submission (decision 0602). */
export function submissionRow(args: SubmissionRowArgs): NewSubmissionRow {
  return {
    submission_key: args.submissionKey,
    body_hash: args.bodyHash,
    response_status: args.answer.status,
    response_body: args.answer.body,
    created_at: args.now,
    reference: args.reference,
  }
}

export interface ApplicationRowArgs {
  applicationKey: string
  brand: string
  /** The payload as stored: JSON text, its personal fields already sealed when a data key is set. */
  payload: string
  /** ISO 8601, UTC. */
  now: string
  serverSequence: number
}

/**
 * An application's row: a submission's (replacing any partial save under its key) or a partial save's
 * (decision 0605).
 */
export function applicationRow(
  args: ApplicationRowArgs,
  status: NewApplicationRow['status'],
): NewApplicationRow {
  return {
    application_key: args.applicationKey,
    brand: args.brand,
    status,
    payload: args.payload,
    created_at: args.now,
    updated_at: args.now,
    submitted_at: status === 'submitted' ? args.now : null,
    server_sequence: args.serverSequence,
  }
}
