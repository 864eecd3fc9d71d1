// Applications: one row per key, first a partial save the browser sends in the background, then the
// submission that replaces it for good. Payloads are sealed here and nowhere else, so every reader and
// writer goes through this file. Decision records: docs/decisions/0601-* to 0605-*.

import type { Kysely, Transaction } from 'kysely'
import {
  replaceIndexRows,
  replaceIndexRowsOf,
  type IndexEntry,
} from '../back-office/search-index-rows'
import { openPayload, sealPayload, sealedWith, type DataKeyring } from '../crypto/field-encryption'
import type { ApplicationStatus, NewApplicationRow, Tables } from '../db/tables'
import { applicationRow, payloadAad } from './rows'

type Db = Kysely<Tables> | Transaction<Tables>

export type Payload = Record<string, unknown>

export interface StoredApplication {
  applicationKey: string
  brand: string
  status: ApplicationStatus
  /** Decrypted. */
  payload: Payload
  createdAt: string
  updatedAt: string
  submittedAt: string | null
  serverSequence: number
}

let lastSequence = 0

/**
 * The server's monotonic clock in microseconds since the epoch: wall-clock time, but never the same value
 * twice in this process and never going back when the wall clock does. Requests take a value when they
 * arrive, so of two partial saves racing to the database the one that arrived later wins.
 */
export function nextServerSequence(nowMs: number = Date.now()): number {
  lastSequence = Math.max(Math.floor(nowMs) * 1000, lastSequence + 1)
  return lastSequence
}

export interface PartialSave {
  applicationKey: string
  brand: string
  payload: Payload
  now: Date
  serverSequence: number
  /** The back office's search index rows, replaced in the same transaction when the save lands. */
  index?: readonly IndexEntry[]
}

export type PartialSaveOutcome = 'saved' | 'superseded' | 'already-submitted'

/** The row a partial save writes, its payload sealed. */
export function partialApplicationRow(
  save: PartialSave,
  dataKeys: DataKeyring | undefined,
): NewApplicationRow {
  return applicationRow(
    {
      applicationKey: save.applicationKey,
      brand: save.brand,
      payload: JSON.stringify(sealPayload(save.payload, dataKeys, payloadAad(save.applicationKey))),
      now: save.now.toISOString(),
      serverSequence: save.serverSequence,
    },
    'partial',
  )
}

/**
 * Inserts or replaces a partial application. A row already submitted is never touched, nor one written by
 * a request that arrived later (a higher server sequence): the database decides both in the same
 * statement, so no race between a read and a write can reopen a submission.
 */
export async function savePartialApplication(
  db: Db,
  save: PartialSave,
  dataKeys: DataKeyring | undefined,
): Promise<PartialSaveOutcome> {
  if (save.index !== undefined && !db.isTransaction) {
    return (db as Kysely<Tables>)
      .transaction()
      .execute((trx) => savePartialApplication(trx, save, dataKeys))
  }
  const result = await db
    .insertInto('applications')
    .values(partialApplicationRow(save, dataKeys))
    .onConflict((conflict) =>
      conflict
        .column('application_key')
        .doUpdateSet((eb) => ({
          brand: eb.ref('excluded.brand'),
          payload: eb.ref('excluded.payload'),
          updated_at: eb.ref('excluded.updated_at'),
          server_sequence: eb.ref('excluded.server_sequence'),
        }))
        .where('applications.status', '=', 'partial')
        .where('applications.server_sequence', '<', (eb) => eb.ref('excluded.server_sequence')),
    )
    .executeTakeFirst()
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) {
    if (save.index !== undefined) await replaceIndexRows(db, save.applicationKey, save.index)
    return 'saved'
  }
  const existing = await db
    .selectFrom('applications')
    .select('status')
    .where('application_key', '=', save.applicationKey)
    .executeTakeFirst()
  return existing?.status === 'submitted' ? 'already-submitted' : 'superseded'
}

export interface SubmittedApplication {
  applicationKey: string
  brand: string
  payload: Payload
  now: Date
  serverSequence: number
  /** The back office's search index rows, replacing the partial save's. */
  index?: readonly IndexEntry[]
}

/** The row a submission writes, its payload sealed. */
export function submittedApplicationRow(
  application: SubmittedApplication,
  dataKeys: DataKeyring | undefined,
): NewApplicationRow {
  return applicationRow(
    {
      applicationKey: application.applicationKey,
      brand: application.brand,
      payload: JSON.stringify(
        sealPayload(application.payload, dataKeys, payloadAad(application.applicationKey)),
      ),
      now: application.now.toISOString(),
      serverSequence: application.serverSequence,
    },
    'submitted',
  )
}

/**
 * Stores submitted applications, each replacing any partial save under its key, in one statement. Run
 * inside the submissions' transaction: the submissions rows' primary key is what makes this happen once.
 * The keys must differ from one another.
 */
export async function storeSubmittedApplications(
  trx: Db,
  applications: readonly SubmittedApplication[],
  dataKeys: DataKeyring | undefined,
): Promise<void> {
  if (applications.length === 0) return
  await trx
    .insertInto('applications')
    .values(applications.map((application) => submittedApplicationRow(application, dataKeys)))
    .onConflict((conflict) =>
      conflict.column('application_key').doUpdateSet((eb) => ({
        brand: eb.ref('excluded.brand'),
        status: eb.ref('excluded.status'),
        payload: eb.ref('excluded.payload'),
        updated_at: eb.ref('excluded.updated_at'),
        submitted_at: eb.ref('excluded.submitted_at'),
        server_sequence: eb.ref('excluded.server_sequence'),
      })),
    )
    .execute()
  await replaceIndexRowsOf(
    trx,
    applications.flatMap((application) =>
      application.index === undefined
        ? []
        : [{ applicationKey: application.applicationKey, entries: application.index }],
    ),
  )
}

/** One submitted application: see storeSubmittedApplications. */
export async function storeSubmittedApplication(
  trx: Db,
  application: SubmittedApplication,
  dataKeys: DataKeyring | undefined,
): Promise<void> {
  await storeSubmittedApplications(trx, [application], dataKeys)
}

/** One application with its payload decrypted (the lender delivery reads it here). */
export async function findApplication(
  db: Db,
  applicationKey: string,
  dataKeys: DataKeyring | undefined,
): Promise<StoredApplication | undefined> {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row === undefined) return undefined
  return {
    applicationKey: row.application_key,
    brand: row.brand,
    status: row.status,
    payload: openPayload(
      JSON.parse(row.payload) as Payload,
      dataKeys,
      payloadAad(row.application_key),
    ),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    serverSequence: Number(row.server_sequence),
  }
}

export interface ResealSummary {
  /** Rows now sealed with the current key that were not before. */
  resealed: number
  /** Rows already sealed with the current key. */
  unchanged: number
}

/**
 * Key rotation's second half: opens every payload not sealed with the current key (with an old key, or
 * stored in clear) and seals it again with the current one, a batch per transaction. Safe to stop and
 * run again. Afterwards the old keys can be removed from the configuration.
 */
export async function resealApplications(
  db: Kysely<Tables>,
  dataKeys: DataKeyring,
  options: { batchSize?: number } = {},
): Promise<ResealSummary> {
  const current = dataKeys.current
  if (current === undefined) {
    throw new Error('Resealing needs FORECOURT_DATA_KEY: the key to seal with')
  }
  const batchSize = options.batchSize ?? 200
  const summary: ResealSummary = { resealed: 0, unchanged: 0 }
  let after = ''
  for (;;) {
    const rows = await db
      .selectFrom('applications')
      .select(['application_key', 'payload'])
      .where('application_key', '>', after)
      .orderBy('application_key')
      .limit(batchSize)
      .execute()
    if (rows.length === 0) return summary
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const stored = JSON.parse(row.payload) as Payload
        if (sealedWith(stored) === current.id) {
          summary.unchanged += 1
          continue
        }
        const aad = payloadAad(row.application_key)
        const payload = JSON.stringify(
          sealPayload(openPayload(stored, dataKeys, aad), dataKeys, aad),
        )
        // Nothing personal to seal: the row stays as it is.
        if (payload === row.payload) {
          summary.unchanged += 1
          continue
        }
        // Compared with the payload read, so a save that landed in between is not overwritten.
        const result = await trx
          .updateTable('applications')
          .set({ payload })
          .where('application_key', '=', row.application_key)
          .where('payload', '=', row.payload)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) > 0) summary.resealed += 1
      }
    })
    after = rows[rows.length - 1]?.application_key ?? after
  }
}
