// The writes the SQLite writer thread runs (db/sqlite-writer.ts, decision 1461): a submission with its
// application and outbox rows, a partial save, the funnel's counts, and a check that writes nothing. Each arrives ready to
// write: a submission with its body's hash and its payload sealed, both made by the write store from the
// objects the route checked (one serialisation each, no parsing again here); a partial save as its row. Each is the SQLite twin of a Kysely write in submission-repository.ts,
// application-repository.ts and delivery-repository.ts: the same rows (rows.ts) and the same meaning, and
// the tests run the same cases through both. Only the write store (write-store.ts) and the thread's entry
// (sqlite-writer-thread.ts) import this file (decision 1861).

import type BetterSqlite3 from 'better-sqlite3'
import type { IndexEntry } from '../back-office/search-index-rows'
import type {
  NewApplicationRow,
  NewEmailRow,
  NewEvidenceRow,
  NewSupportFlagRow,
  SubmissionRow,
} from '../db/tables'
import { sameHash } from './application-secret-repository'
import type { FunnelCountRow } from './funnel-count-repository'
import { applicationRow, deliveryRowsFor, submissionRow } from './rows'

export interface SubmitOp {
  kind: 'submit'
  submissionKey: string
  brand: string
  /** The hash of the body as received (canonical JSON, SHA-256: body-hash.ts). */
  bodyHash: string
  /**
   * The validated payload as stored: its JSON text, with the personal fields sealed when a data key is
   * configured (sealPayload, bound to the row by payloadAad).
   */
  payload: string
  /** The answer to store, replayed byte for byte to a repeat. */
  answer: { status: number; body: string }
  /** The applicant's reference, stored unique. */
  reference: string
  /** ISO 8601, UTC. */
  now: string
  serverSequence: number
  /** The lender destinations configured for the brand: one outbox row each. */
  destinationIds: readonly string[]
  /** The back office's search index rows of the application (back-office/search-index.ts). */
  index?: readonly IndexEntry[]
  /** The messages the submission causes, ready rows (email/enqueue.ts). */
  emails: readonly NewEmailRow[]
  /** The evidence it records and the vulnerability flag it raises (evidence/submission-evidence.ts). */
  evidence: readonly NewEvidenceRow[]
  supportFlag: NewSupportFlagRow | null
  /**
   * The SHA-256 of the browser's secret when no write has bound the key yet: bound first, in the same
   * transaction; when another is bound, nothing is written (decisions 1801, 1981).
   */
  bindSecret?: string
}

/** What storing found, with the hash of the body sent (to compare with an existing row's). */
export type SubmitResult =
  | ((
      | { stored: true }
      /** A submission is stored under the key already: the caller compares the hashes (replay or 409). */
      | { stored: false; existing: SubmissionRow }
    ) & { bodyHash: string })
  /** The key is bound to another browser's secret: nothing was written. */
  | { stored: false; secretMismatch: true }

export interface SavePartialOp {
  kind: 'save-partial'
  /** Status 'partial'. */
  application: NewApplicationRow
  /** Replaced only when the save lands. */
  index?: readonly IndexEntry[]
}

export type SavePartialResult = 'saved' | 'superseded' | 'already-submitted'

/**
 * Binds an application key to the hash of its browser's secret unless one is bound already (decision
 * 1801); answers the hash bound.
 */
export interface BindSecretOp {
  kind: 'bind-secret'
  applicationKey: string
  secretHash: string
  createdAt: string
}

/** Writes nothing: it succeeds when a batch could take the write lock and commit (a readiness check). */
export interface CheckOp {
  kind: 'check'
}

/**
 * Adds to the funnel's counters (decision 2112), as addFunnelCountsWithKysely does: in the batch's
 * transaction, so they take no disk sync of their own.
 */
export interface FunnelCountsOp {
  kind: 'funnel-counts'
  counts: readonly FunnelCountRow[]
}

export type WriteOp = SubmitOp | SavePartialOp | BindSecretOp | FunnelCountsOp | CheckOp

export type WriteResult<O extends WriteOp> = O extends SubmitOp
  ? SubmitResult
  : O extends SavePartialOp
    ? SavePartialResult
    : O extends BindSecretOp
      ? string
      : O extends FunnelCountsOp | CheckOp
        ? true
        : never

const SELECT_SUBMISSION = `select submission_key, body_hash, response_status, response_body, created_at,
  reference from submissions where submission_key = ?`

// The primary key decides: a key already stored inserts nothing, and its row is read instead.
const INSERT_NEW_SUBMISSION = `insert into submissions
  (submission_key, body_hash, response_status, response_body, created_at, reference)
  values (@submission_key, @body_hash, @response_status, @response_body, @created_at, @reference)
  on conflict (submission_key) do nothing`

const APPLICATION_VALUES = `insert into applications
  (application_key, brand, status, payload, created_at, updated_at, submitted_at, server_sequence)
  values (@application_key, @brand, @status, @payload, @created_at, @updated_at, @submitted_at,
    @server_sequence)`

// The submission replaces whatever is stored under its key: the submissions row decided it is the first.
const UPSERT_SUBMITTED_APPLICATION = `${APPLICATION_VALUES}
  on conflict (application_key) do update set brand = excluded.brand, status = excluded.status,
    payload = excluded.payload, updated_at = excluded.updated_at, submitted_at = excluded.submitted_at,
    server_sequence = excluded.server_sequence`

// Never over a submitted application, nor over a save that arrived later (a higher sequence).
const UPSERT_PARTIAL_APPLICATION = `${APPLICATION_VALUES}
  on conflict (application_key) do update set brand = excluded.brand, payload = excluded.payload,
    updated_at = excluded.updated_at, server_sequence = excluded.server_sequence
  where applications.status = 'partial' and applications.server_sequence < excluded.server_sequence`

// The search index follows the application it was made from (the same rows as replaceIndexRows leaves),
// touching only the rows that changed: most saves change no searchable term (decision 2177).
const SELECT_INDEX_ROWS = 'select field, hash from application_index where application_key = ?'
const DELETE_INDEX_ROW =
  'delete from application_index where application_key = ? and field = ? and hash = ?'
const INSERT_INDEX_ROW = `insert into application_index (application_key, field, hash)
  values (?, ?, ?) on conflict do nothing`
// As enqueueEmails: a message already queued for the same cause is absorbed.
const INSERT_EMAIL = `insert into emails
  (id, template, brand, application_key, recipient, params, dedupe_key, status, attempts,
    next_attempt_at, locked_by, locked_until, last_error, created_at, updated_at, sent_at)
  values (@id, @template, @brand, @application_key, @recipient, @params, @dedupe_key, @status,
    @attempts, @next_attempt_at, @locked_by, @locked_until, @last_error, @created_at, @updated_at,
    @sent_at)
  on conflict (dedupe_key) do nothing`

// As appendEvidence: a repeat inserts nothing. A submission's records go in one statement (its dozen
// rows one at a time cost the writer thread several times more).
const EVIDENCE_COLUMNS = [
  'id',
  'application_key',
  'brand',
  'applicant',
  'kind',
  'disclosure_id',
  'version',
  'text_hash',
  'channel',
  'screen',
  'at',
  'source',
  'operator_id',
  'detail',
  'client_item_id',
] as const satisfies readonly (keyof NewEvidenceRow)[]

function insertEvidenceText(rows: number): string {
  const row = `(${EVIDENCE_COLUMNS.map(() => '?').join(', ')})`
  return `insert into evidence (${EVIDENCE_COLUMNS.join(', ')})
  values ${Array.from({ length: rows }, () => row).join(', ')}
  on conflict (application_key, client_item_id) do nothing`
}

// As storeSupportFlags: a repeat inserts nothing.
const INSERT_SUPPORT_FLAG = `insert into support_flags (application_key, brand, reasons, flagged_at)
  values (@application_key, @brand, @reasons, @flagged_at)
  on conflict (application_key) do nothing`

// The upsert adds, it never overwrites (as addFunnelCountsWithKysely).
const UPSERT_FUNNEL_COUNT = `insert into funnel_counters
  (day, brand, source, campaign, step, kind, message_key, count)
  values (@day, @brand, @source, @campaign, @step, @kind, @message_key, @count)
  on conflict (day, brand, source, campaign, step, kind, message_key)
  do update set count = funnel_counters.count + excluded.count`

const SELECT_APPLICATION_STATUS = 'select status from applications where application_key = ?'

const INSERT_SECRET = `insert into application_secrets (application_key, secret_hash, created_at)
  values (?, ?, ?) on conflict (application_key) do nothing`
const SELECT_SECRET = 'select secret_hash from application_secrets where application_key = ?'

// A replayed enqueue never makes a second delivery (the unique pair, as in enqueueDeliveries).
const INSERT_DELIVERY = `insert into deliveries
  (id, submission_key, destination_id, brand, status, attempts, next_attempt_at, locked_by,
    locked_until, last_status_code, last_error, created_at, updated_at, delivered_at)
  values (@id, @submission_key, @destination_id, @brand, @status, @attempts, @next_attempt_at,
    @locked_by, @locked_until, @last_status_code, @last_error, @created_at, @updated_at,
    @delivered_at)
  on conflict (submission_key, destination_id) do nothing`

/** Runs one write on `db`; the caller holds the transaction (and a savepoint around each write). */
export type WriteRunner = (op: WriteOp) => WriteResult<WriteOp>

/** The writes over one connection, each statement prepared once and kept for the connection's life. */
export function createWriteRunner(db: BetterSqlite3.Database): WriteRunner {
  const statements = new Map<string, BetterSqlite3.Statement>()
  const statement = (text: string) => {
    let prepared = statements.get(text)
    if (prepared === undefined) {
      prepared = db.prepare(text)
      statements.set(text, prepared)
    }
    return prepared
  }

  // Deleting every row and inserting them again wrote the index's pages on every save; now a save whose
  // terms are unchanged only reads them.
  const replaceIndex = (applicationKey: string, entries: readonly IndexEntry[] | undefined) => {
    if (entries === undefined) return
    const wanted = new Set(entries.map((entry) => `${entry.field} ${entry.hash}`))
    const stored = new Set<string>()
    const stale = statement(DELETE_INDEX_ROW)
    for (const row of statement(SELECT_INDEX_ROWS).all(applicationKey) as IndexEntry[]) {
      const id = `${row.field} ${row.hash}`
      if (wanted.has(id)) stored.add(id)
      else stale.run(applicationKey, row.field, row.hash)
    }
    if (stored.size === wanted.size) return
    const insert = statement(INSERT_INDEX_ROW)
    for (const entry of entries) {
      if (!stored.has(`${entry.field} ${entry.hash}`))
        insert.run(applicationKey, entry.field, entry.hash)
    }
  }

  const bind = (applicationKey: string, secretHash: string, createdAt: string): string => {
    statement(INSERT_SECRET).run(applicationKey, secretHash, createdAt)
    const bound = statement(SELECT_SECRET).get(applicationKey) as { secret_hash: string }
    return bound.secret_hash
  }

  const submit = (op: SubmitOp): SubmitResult => {
    if (
      op.bindSecret !== undefined &&
      !sameHash(bind(op.submissionKey, op.bindSecret, op.now), op.bindSecret)
    ) {
      return { stored: false, secretMismatch: true }
    }
    const hash = op.bodyHash
    const { changes } = statement(INSERT_NEW_SUBMISSION).run(
      submissionRow({
        submissionKey: op.submissionKey,
        bodyHash: hash,
        answer: op.answer,
        now: op.now,
        reference: op.reference,
      }),
    )
    if (changes === 0) {
      // Stored before, or earlier in this batch: inside the batch's write transaction the row read is
      // the one that stopped the insert.
      const existing = statement(SELECT_SUBMISSION).get(op.submissionKey) as SubmissionRow
      return { stored: false, existing, bodyHash: hash }
    }
    statement(UPSERT_SUBMITTED_APPLICATION).run(
      applicationRow(
        {
          applicationKey: op.submissionKey,
          brand: op.brand,
          payload: op.payload,
          now: op.now,
          serverSequence: op.serverSequence,
        },
        'submitted',
      ),
    )
    replaceIndex(op.submissionKey, op.index)
    const insertDelivery = statement(INSERT_DELIVERY)
    for (const delivery of deliveryRowsFor(op.submissionKey, op.brand, op.now, op.destinationIds)) {
      insertDelivery.run(delivery)
    }
    const insertEmail = statement(INSERT_EMAIL)
    for (const email of op.emails) insertEmail.run(email)
    if (op.evidence.length > 0) {
      statement(insertEvidenceText(op.evidence.length)).run(
        op.evidence.flatMap((record) => EVIDENCE_COLUMNS.map((column) => record[column] ?? null)),
      )
    }
    if (op.supportFlag !== null) statement(INSERT_SUPPORT_FLAG).run(op.supportFlag)
    return { stored: true, bodyHash: hash }
  }

  const savePartial = (op: SavePartialOp): SavePartialResult => {
    const { changes } = statement(UPSERT_PARTIAL_APPLICATION).run(op.application)
    if (changes > 0) {
      replaceIndex(op.application.application_key, op.index)
      return 'saved'
    }
    const row = statement(SELECT_APPLICATION_STATUS).get(op.application.application_key) as
      { status: string } | undefined
    return row?.status === 'submitted' ? 'already-submitted' : 'superseded'
  }

  return (op) => {
    switch (op.kind) {
      case 'submit':
        return submit(op)
      case 'save-partial':
        return savePartial(op)
      case 'bind-secret':
        return bind(op.applicationKey, op.secretHash, op.createdAt)
      case 'funnel-counts': {
        const upsert = statement(UPSERT_FUNNEL_COUNT)
        for (const row of op.counts) upsert.run(row)
        return true
      }
      case 'check':
        return true
    }
  }
}
