// An operator's own account: changing their password, and moving to a new authenticator app. Each change
// asks again for what signing in asks (the current password, and a code) so that a session left open on a
// desk cannot take the account over. A wrong code from the current app after the right password counts
// towards the lock, as at sign-in; a changed password ends every other session of the operator. Decision
// record: docs/decisions/2122-*.

import type { Kysely } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import { appendAudit } from './audit-log'
import { openTotpSecret, sealTotpSecret, type Session } from './operators'
import { hashPassword, verifyPassword } from './passwords'
import { countWrongCode } from './sign-in'
import { acceptedStep, newTotpSecret, totpSetup, type TotpSetup } from './totp'

export type AccountRefusal = 'locked' | 'wrong-password' | 'same-password' | 'wrong-code'

export type AccountOutcome = { ok: true } | { ok: false; reason: AccountRefusal }

type Change = 'password' | 'authenticator'

function locked(session: Session, now: Date): boolean {
  const until = session.operator.locked_until
  return until !== null && until > now.toISOString()
}

async function refuse(
  db: Kysely<Tables>,
  session: Session,
  change: Change,
  reason: AccountRefusal,
  now: Date,
): Promise<AccountOutcome> {
  await appendAudit(db, {
    operatorId: session.operator.id,
    action: 'account.change-refused',
    targetOperatorId: session.operator.id,
    detail: { change, reason },
    at: now,
  })
  return { ok: false, reason }
}

export interface PasswordChange {
  currentPassword: string
  /** Already checked against the rules of passwords.ts. */
  newPassword: string
  code: string
}

/**
 * The new password replaces the old when the current password and a code from the operator's app are right;
 * every other session of the operator ends, the one that asked stays.
 */
export async function changeOwnPassword(
  db: Kysely<Tables>,
  session: Session,
  change: PasswordChange,
  now: Date,
  dataKeys: DataKeyring | undefined,
): Promise<AccountOutcome> {
  const { operator } = session
  if (locked(session, now)) return refuse(db, session, 'password', 'locked', now)
  if (
    operator.password_hash === null ||
    operator.totp_secret === null ||
    !(await verifyPassword(change.currentPassword, operator.password_hash))
  ) {
    return refuse(db, session, 'password', 'wrong-password', now)
  }
  if (change.newPassword === change.currentPassword) {
    return refuse(db, session, 'password', 'same-password', now)
  }
  const secret = openTotpSecret(operator.totp_secret, operator.id, dataKeys)
  const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step)
  const step = acceptedStep(secret, change.code, now, lastStep)
  if (step === undefined) {
    await countWrongCode(db, operator, now, {
      action: 'account.change-refused',
      detail: { change: 'password', reason: 'wrong-code' },
    })
    return { ok: false, reason: 'wrong-code' }
  }
  const passwordHash = await hashPassword(change.newPassword)
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    // The step is claimed in the update itself, as at sign-in: one code never serves twice.
    const claimed = await trx
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        totp_last_step: step,
        failed_attempts: 0,
        updated_at: at,
      })
      .where('id', '=', operator.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) {
      await appendAudit(trx, {
        operatorId: operator.id,
        action: 'account.change-refused',
        targetOperatorId: operator.id,
        detail: { change: 'password', reason: 'wrong-code' },
        at: now,
      })
      return { ok: false, reason: 'wrong-code' } as const
    }
    const ended = await trx
      .deleteFrom('operator_sessions')
      .where('operator_id', '=', operator.id)
      .where('id_hash', '!=', session.idHash)
      .executeTakeFirst()
    await appendAudit(trx, {
      operatorId: operator.id,
      action: 'account.password-changed',
      targetOperatorId: operator.id,
      detail: { otherSessionsEnded: Number(ended.numDeletedRows) },
      at: now,
    })
    return { ok: true } as const
  })
}

/**
 * A new secret for the operator's new authenticator app, kept (sealed) on this session until a code from
 * that app confirms it; the current secret still works until then. Asking again replaces it.
 */
export async function startAuthenticatorChange(
  db: Kysely<Tables>,
  session: Session,
  dataKeys: DataKeyring | undefined,
): Promise<TotpSetup> {
  const secret = newTotpSecret()
  await db
    .updateTable('operator_sessions')
    .set({ pending_totp_secret: sealTotpSecret(secret, session.operator.id, dataKeys) })
    .where('id_hash', '=', session.idHash)
    .execute()
  return totpSetup(secret, session.operator.email)
}

/** Whether this session has a new authenticator waiting for its first code. */
export async function pendingAuthenticator(
  db: Kysely<Tables>,
  session: Session,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .select('pending_totp_secret')
    .where('id_hash', '=', session.idHash)
    .executeTakeFirst()
  return row?.pending_totp_secret ?? undefined
}

/**
 * The waiting secret becomes the operator's when the current password is right and the code comes from the
 * new app. A wrong code here is a mistyped or mis-scanned new app, not a guess at the current one: it is
 * refused and audited but does not count towards the lock.
 */
export async function confirmAuthenticatorChange(
  db: Kysely<Tables>,
  session: Session,
  sealedPending: string,
  input: { currentPassword: string; code: string },
  now: Date,
  dataKeys: DataKeyring | undefined,
): Promise<AccountOutcome> {
  const { operator } = session
  if (locked(session, now)) return refuse(db, session, 'authenticator', 'locked', now)
  if (
    operator.password_hash === null ||
    !(await verifyPassword(input.currentPassword, operator.password_hash))
  ) {
    return refuse(db, session, 'authenticator', 'wrong-password', now)
  }
  const secret = openTotpSecret(sealedPending, operator.id, dataKeys)
  const step = acceptedStep(secret, input.code, now, null)
  if (step === undefined) return refuse(db, session, 'authenticator', 'wrong-code', now)
  const at = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({ totp_secret: sealedPending, totp_last_step: step, failed_attempts: 0, updated_at: at })
      .where('id', '=', operator.id)
      .execute()
    await trx
      .updateTable('operator_sessions')
      .set({ pending_totp_secret: null })
      .where('id_hash', '=', session.idHash)
      .execute()
    await appendAudit(trx, {
      operatorId: operator.id,
      action: 'account.authenticator-changed',
      targetOperatorId: operator.id,
      at: now,
    })
  })
  return { ok: true }
}
