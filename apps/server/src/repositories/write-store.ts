// The write path of submissions and partial saves, chosen once at start-up (decision 1861) and handed to
// the routes as the `writeStore` decorator (app.ts): the routes check a request and hand a ready write
// here; they never pick an engine or a writer.
//
// - SQLite: the writer thread (decision 1461) writes, group-committing whatever arrives together (decision
//   0603); while the thread starts, the same batches run on the server's connection. The funnel's counts
//   join those batches too: no disk sync of their own on the event loop.
// - PostgreSQL: the in-process group commit of submission-repository.ts, single upserts for partial
//   saves, and the funnel's counts in a transaction of their own (asynchronous, off the event loop).

import {
  bindSecretWithKysely,
  boundSecretWithKysely,
  type BindSecret,
  type BoundSecret,
} from './application-secret-repository'
import type BetterSqlite3 from 'better-sqlite3'
import { sql, type Kysely } from 'kysely'
import { sealPayload, type DataKeyring } from '../crypto/field-encryption'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'
import { createBatchRunner, type BatchRunner } from '../db/sqlite-batch'
import { CHECKPOINT_BACKSTOP_PAGES } from '../db/sqlite-checkpointer'
import { createSqliteWriter, type SqliteWriter, type WriterOptions } from '../db/sqlite-writer'
import {
  partialApplicationRow,
  savePartialApplication,
  type PartialSave,
  type PartialSaveOutcome,
} from './application-repository'
import { bodyHash } from './body-hash'
import { addFunnelCountsWithKysely, type FunnelCountRow } from './funnel-count-repository'
import { payloadAad } from './rows'
import { createWriteRunner, type WriteOp, type WriteResult } from './sqlite-write-ops'
import {
  batchingSubmissionStore,
  storeSubmission,
  type EnqueueDeliveries,
  type SubmissionStore,
  type SubmissionWrites,
} from './submission-repository'

export interface WriteStore {
  /** Stores a submission with its outbox rows; resolves after the commit that holds it. */
  submit: SubmissionStore
  /** Saves a partial application (decision 0605); resolves after its commit. */
  savePartial(save: PartialSave): Promise<PartialSaveOutcome>
  /** Binds an application to its browser's secret unless it is bound already (decision 1801). */
  bindSecret: BindSecret
  /**
   * Reads the hash an application is bound to: the one read every write to an application makes before
   * its body is looked at.
   */
  boundSecret: BoundSecret
  /** Adds to the funnel's counters (decision 2112); resolves after the commit that holds them. */
  addFunnelCounts(counts: readonly FunnelCountRow[]): Promise<void>
  /**
   * Resolves once a write could commit now. On SQLite it is asked in the writer's own turn: a check must
   * not compete with the writer for the lock.
   */
  check(): Promise<void>
  /**
   * Starts SQLite's writer thread now (a server about to take traffic) instead of on the first write;
   * resolves when it is ready. Nothing to start on PostgreSQL.
   */
  start(): Promise<void>
  /** Lets the writes already sent finish, then refuses new ones. Before the database closes. */
  close(): Promise<void>
}

export interface WriteStoreOptions {
  dataKeys: DataKeyring | undefined
  /** The ids of the lender destinations configured for a brand: one outbox row each. */
  destinationIds: (brand: string) => readonly string[]
  /**
   * Writes the submissions that arrive together in one transaction (decision 0603); on by default. Off,
   * each has a transaction of its own, on the server's connection.
   */
  groupCommit?: boolean
  /**
   * Tests give a failing outbox writer to prove a submission all or nothing. It needs a Kysely
   * transaction, so submissions then take the in-process path on SQLite too.
   */
  enqueueDeliveries?: EnqueueDeliveries
}

// From source (tests, development scripts) the writer boots the TypeScript entry through tsx; compiled
// (decision 1552), the entry is a bundle of its own beside the server's.
const WRITER_THREAD = import.meta.url.endsWith('.ts')
  ? new URL('./sqlite-writer-thread.ts', import.meta.url)
  : new URL('./sqlite-writer-thread.js', import.meta.url)

export function createWriteStore(database: Database, options: WriteStoreOptions): WriteStore {
  const { db } = database
  const groupCommit = options.groupCommit ?? true
  const writes: SubmissionWrites = {
    dataKeys: options.dataKeys,
    destinationIds: options.destinationIds,
    enqueueDeliveries: options.enqueueDeliveries,
  }
  const inProcess: SubmissionStore = groupCommit
    ? batchingSubmissionStore(db, writes)
    : (submission) => storeSubmission(db, submission, writes)

  if (database.sqlite === undefined) {
    return {
      submit: inProcess,
      savePartial: (save) => savePartialApplication(db, save, options.dataKeys),
      bindSecret: (applicationKey, hash, now) =>
        bindSecretWithKysely(db, applicationKey, hash, now),
      boundSecret: (applicationKey) => boundSecretWithKysely(db, applicationKey),
      addFunnelCounts: (counts) => addFunnelCountsWithKysely(db, counts),
      check: async () => {
        await sql`select 1`.execute(db)
      },
      start: async () => undefined,
      close: async () => undefined,
    }
  }

  const { file, connection } = database.sqlite
  let runBatch: BatchRunner<WriteOp> | undefined
  const writer = createRepositoryWriter(
    file,
    // While the thread starts, the same batch on the server's connection: Kysely's hold on its one
    // connection keeps it out of any Kysely transaction in progress.
    (ops) =>
      db
        .connection()
        .execute(async () =>
          (runBatch ??= createBatchRunner(connection, createWriteRunner(connection)))(ops),
        ),
  )
  // The writer's checkpointer thread copies the log back (decision 2185): a COMMIT on this connection
  // (the fallback's, the back office's) does only when it is far behind, never on the event loop at
  // SQLite's usual 1,000 pages. (A connection already closed answers readiness with 503 instead.)
  if (connection.open) connection.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`)
  const write = typedWrite(writer)
  const boundSecret = sqliteBoundSecret(connection, db)
  const onThread = groupCommit && options.enqueueDeliveries === undefined
  return {
    submit: onThread ? writerSubmissionStore(writer, writes) : inProcess,
    savePartial: (save) =>
      write({
        kind: 'save-partial',
        application: partialApplicationRow(save, options.dataKeys),
        index: save.index,
      }),
    bindSecret: (applicationKey, hash, now) =>
      write({
        kind: 'bind-secret',
        applicationKey,
        secretHash: hash,
        createdAt: now.toISOString(),
      }),
    boundSecret,
    addFunnelCounts: async (counts) => {
      if (counts.length > 0) await write({ kind: 'funnel-counts', counts })
    },
    check: async () => {
      await write({ kind: 'check' })
    },
    start: () => writer.start(),
    close: () => writer.close(),
  }
}

const SELECT_SECRET = 'select secret_hash from application_secrets where application_key = ?'

/**
 * The read of a binding on the event loop's connection: one statement prepared once and run directly.
 * Through Kysely, building and compiling the query each time was 4-9 % of the event loop's time under
 * partial saves and submissions (decision 2177). While a Kysely transaction holds the connection (a worker's
 * claim, an erasure), a direct read would see its uncommitted rows: then the read waits its turn in
 * Kysely as before.
 */
function sqliteBoundSecret(connection: BetterSqlite3.Database, db: Kysely<Tables>): BoundSecret {
  let select: BetterSqlite3.Statement<[string], { secret_hash: string }> | undefined
  return async (applicationKey) => {
    if (connection.inTransaction) return boundSecretWithKysely(db, applicationKey)
    select ??= connection.prepare(SELECT_SECRET)
    return select.get(applicationKey)?.secret_hash
  }
}

/**
 * A writer thread over the SQLite file `file` that runs this folder's writes (sqlite-write-ops.ts).
 * Without a fallback, writes sent before the thread is ready wait for it.
 */
export function createRepositoryWriter(
  file: string,
  fallback?: WriterOptions<WriteOp>['fallback'],
): SqliteWriter<WriteOp> {
  return createSqliteWriter<WriteOp>(file, { thread: WRITER_THREAD, fallback })
}

/** The writer's write, with the result type of each kind of op. */
export function typedWrite(
  writer: SqliteWriter<WriteOp>,
): <O extends WriteOp>(op: O) => Promise<WriteResult<O>> {
  return <O extends WriteOp>(op: O) => writer.write(op) as Promise<WriteResult<O>>
}

/**
 * Group commit on SQLite's writer thread (decision 1461). The body's hash and the sealed payload are made
 * here, from the objects the route checked: each is serialised once, and the thread gets ready text to
 * write instead of JSON to parse again. Only the outbox's destinations need this process's lender
 * configuration. Each submission is written in its batch's transaction; one that fails is undone alone.
 */
export function writerSubmissionStore(
  writer: SqliteWriter<WriteOp>,
  writes: SubmissionWrites,
): SubmissionStore {
  const write = typedWrite(writer)
  return (submission) =>
    write({
      kind: 'submit',
      submissionKey: submission.submissionKey,
      brand: submission.brand,
      bodyHash: bodyHash(submission.body),
      payload: JSON.stringify(
        sealPayload(submission.payload, writes.dataKeys, payloadAad(submission.submissionKey)),
      ),
      answer: submission.answer,
      reference: submission.reference,
      now: submission.now.toISOString(),
      serverSequence: submission.serverSequence,
      destinationIds: writes.destinationIds(submission.brand),
      index: submission.index,
      emails: submission.emails ?? [],
      evidence: submission.evidence ?? [],
      supportFlag: submission.supportFlag ?? null,
      bindSecret: submission.bindSecret,
    })
}
