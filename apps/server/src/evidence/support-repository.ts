// Vulnerability (FCA FG21/1; decision 1659): the flag a submission raised from its support answers, and
// the operator's record of the adjustment made and the outcome, each a new note (never an edit). Notes
// may speak of health or money troubles: they are sealed with the data key when one is configured.

import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { decryptJson, encryptJson, type DataKeyring } from '../crypto/field-encryption'
import type { NewSupportFlagRow, Tables } from '../db/tables'
import type { SupportReason } from './submission-evidence'

type Db = Kysely<Tables> | Transaction<Tables>

/** Stores the flag in the submission's transaction; a replay changes nothing. */
export async function storeSupportFlags(db: Db, rows: readonly NewSupportFlagRow[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('support_flags')
    .values([...rows])
    .onConflict((conflict) => conflict.column('application_key').doNothing())
    .execute()
}

export interface SupportNote {
  id: string
  step: 'adjustment' | 'outcome'
  note: string
  operatorId: string
  at: string
}

export interface SupportCase {
  applicationKey: string
  brand: string
  reasons: SupportReason[]
  flaggedAt: string
  notes: SupportNote[]
}

function noteAad(id: string): string {
  return `forecourt/support_notes/${id}`
}

/** Records the adjustment made for a flagged applicant, or the outcome; a new note each time. */
export async function addSupportNote(
  db: Db,
  args: {
    applicationKey: string
    step: 'adjustment' | 'outcome'
    note: string
    operatorId: string
    now: Date
  },
  dataKeys: DataKeyring | undefined,
): Promise<string> {
  const id = `spn_${randomUUID().replaceAll('-', '')}`
  const current = dataKeys?.current
  const note =
    current === undefined
      ? JSON.stringify({ text: args.note })
      : JSON.stringify({ sealed: encryptJson({ text: args.note }, current, noteAad(id)) })
  await db
    .insertInto('support_notes')
    .values({
      id,
      application_key: args.applicationKey,
      step: args.step,
      note,
      operator_id: args.operatorId,
      at: args.now.toISOString(),
    })
    .execute()
  return id
}

/** One application's flag with its notes (opened), or undefined when it was not flagged. */
export async function supportCase(
  db: Db,
  applicationKey: string,
  dataKeys: DataKeyring | undefined,
): Promise<SupportCase | undefined> {
  const flag = await db
    .selectFrom('support_flags')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (flag === undefined) return undefined
  const notes = await db
    .selectFrom('support_notes')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .orderBy('at')
    .orderBy('id')
    .execute()
  return {
    applicationKey,
    brand: flag.brand,
    reasons: JSON.parse(flag.reasons) as SupportReason[],
    flaggedAt: flag.flagged_at,
    notes: notes.map((row) => {
      const stored = JSON.parse(row.note) as { text?: string; sealed?: unknown }
      const text =
        stored.sealed === undefined
          ? (stored.text ?? '')
          : openNote(stored.sealed, dataKeys, row.id)
      return { id: row.id, step: row.step, note: text, operatorId: row.operator_id, at: row.at }
    }),
  }
}

function openNote(sealed: unknown, dataKeys: DataKeyring | undefined, id: string): string {
  if (dataKeys === undefined) throw new Error('This note is sealed but no data key is configured')
  return (decryptJson(sealed, dataKeys, noteAad(id)) as { text: string }).text
}

export interface FlaggedApplication {
  applicationKey: string
  brand: string
  reasons: SupportReason[]
  flaggedAt: string
  /** Whether an adjustment, and an outcome, have been recorded. */
  adjusted: boolean
  outcomeRecorded: boolean
}

/** Flagged applications, newest first, with how far the operator has got (for the back office list). */
export async function flaggedApplications(
  db: Db,
  filter: { brand?: string; limit?: number } = {},
): Promise<FlaggedApplication[]> {
  let query = db.selectFrom('support_flags').selectAll()
  if (filter.brand !== undefined) query = query.where('brand', '=', filter.brand)
  const flags = await query
    .orderBy('flagged_at', 'desc')
    .limit(filter.limit ?? 200)
    .execute()
  if (flags.length === 0) return []
  const steps = await db
    .selectFrom('support_notes')
    .select(['application_key', 'step'])
    .where(
      'application_key',
      'in',
      flags.map((flag) => flag.application_key),
    )
    .execute()
  return flags.map((flag) => {
    const mine = steps.filter((step) => step.application_key === flag.application_key)
    return {
      applicationKey: flag.application_key,
      brand: flag.brand,
      reasons: JSON.parse(flag.reasons) as SupportReason[],
      flaggedAt: flag.flagged_at,
      adjusted: mine.some((step) => step.step === 'adjustment'),
      outcomeRecorded: mine.some((step) => step.step === 'outcome'),
    }
  })
}
