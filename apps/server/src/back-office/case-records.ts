// What the broker's staff record about an application: notes (sealed like the payload, since a note
// may say anything about the applicant), the broker's status with its history, and legal holds. Each
// change is written with its audit entry in one transaction, the audit entry first so the transaction
// holds the write lock before it reads anything.

import type { Kysely } from 'kysely'
import { decryptJson, encryptJson, type DataKeyring } from '../crypto/field-encryption'
import type { BrokerStatus, Tables } from '../db/tables'
import { appendAudit } from './audit-log'
import { newId } from './operators'

type Db = Kysely<Tables>

export { NOTE_MAX_LENGTH, REASON_MAX_LENGTH } from '@forecourt/domain/contract/back-office-requests'

const noteAad = (id: string) => `forecourt/notes/${id}`

export function openNoteText(
  note: { id: string; text: string },
  dataKeys: DataKeyring | undefined,
): string {
  if (!note.text.startsWith('{')) return note.text
  if (dataKeys === undefined) return '(sealed: the data key is not configured)'
  return decryptJson(JSON.parse(note.text), dataKeys, noteAad(note.id)) as string
}

function sealNoteText(id: string, text: string, dataKeys: DataKeyring | undefined): string {
  const current = dataKeys?.current
  // A plain note that happens to start with "{" is stored sealed-looking: wrap it so it reads back.
  if (current === undefined) return text.startsWith('{') ? ` ${text}` : text
  return JSON.stringify(encryptJson(text, current, noteAad(id)))
}

// The broker's own activity (a note, a status) is activity on the application: the list's "most recent
// activity first" and its date filter read applications.updated_at, so it moves forward here, never back
// (decision 2071).
async function touchApplication(trx: Db, applicationKey: string, at: string): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ updated_at: at })
    .where('application_key', '=', applicationKey)
    .where('updated_at', '<', at)
    .execute()
}

export async function addNote(
  db: Db,
  input: { applicationKey: string; text: string; operatorId: string; now: Date },
  dataKeys: DataKeyring | undefined,
): Promise<{ id: string; at: string }> {
  const id = newId('note')
  const at = input.now.toISOString()
  await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operatorId,
      action: 'note.added',
      applicationKey: input.applicationKey,
      detail: { noteId: id },
      at: input.now,
    })
    await trx
      .insertInto('notes')
      .values({
        id,
        application_key: input.applicationKey,
        text: sealNoteText(id, input.text, dataKeys),
        operator_id: input.operatorId,
        created_at: at,
      })
      .execute()
    await touchApplication(trx, input.applicationKey, at)
  })
  return { id, at }
}

export async function setBrokerStatus(
  db: Db,
  input: {
    applicationKey: string
    status: BrokerStatus
    label: string
    operatorId: string
    now: Date
  },
): Promise<void> {
  const at = input.now.toISOString()
  const before = await db
    .selectFrom('application_cases')
    .select('broker_status')
    .where('application_key', '=', input.applicationKey)
    .executeTakeFirst()
  await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operatorId,
      action: 'status.changed',
      applicationKey: input.applicationKey,
      detail: { from: before?.broker_status ?? 'new', to: input.status, label: input.label },
      at: input.now,
    })
    await trx
      .insertInto('status_changes')
      .values({
        id: newId('st'),
        application_key: input.applicationKey,
        broker_status: input.status,
        operator_id: input.operatorId,
        created_at: at,
      })
      .execute()
    const row = {
      broker_status: input.status,
      status_changed_at: at,
      status_changed_by: input.operatorId,
    }
    await trx
      .insertInto('application_cases')
      .values({ application_key: input.applicationKey, ...row })
      .onConflict((conflict) => conflict.column('application_key').doUpdateSet(row))
      .execute()
    await touchApplication(trx, input.applicationKey, at)
  })
}

export class LegalHoldConflict extends Error {}

export async function setLegalHold(
  db: Db,
  input: { applicationKey: string; reason: string; operatorId: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operatorId,
      action: 'legal-hold.set',
      applicationKey: input.applicationKey,
      at: input.now,
    })
    const existing = await trx
      .selectFrom('legal_holds')
      .select('id')
      .where('application_key', '=', input.applicationKey)
      .where('lifted_at', 'is', null)
      .executeTakeFirst()
    if (existing !== undefined) throw new LegalHoldConflict('There is already a legal hold')
    await trx
      .insertInto('legal_holds')
      .values({
        id: newId('hold'),
        application_key: input.applicationKey,
        reason: input.reason,
        set_by: input.operatorId,
        set_at: input.now.toISOString(),
        lifted_by: null,
        lifted_at: null,
      })
      .execute()
  })
}

export async function liftLegalHold(
  db: Db,
  input: { applicationKey: string; operatorId: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operatorId,
      action: 'legal-hold.lifted',
      applicationKey: input.applicationKey,
      at: input.now,
    })
    const lifted = await trx
      .updateTable('legal_holds')
      .set({ lifted_by: input.operatorId, lifted_at: input.now.toISOString() })
      .where('application_key', '=', input.applicationKey)
      .where('lifted_at', 'is', null)
      .executeTakeFirst()
    if (lifted.numUpdatedRows === 0n) throw new LegalHoldConflict('There is no legal hold')
  })
}
