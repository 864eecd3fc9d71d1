// Signing in with email, password and a 6-digit code. Every failure looks the same to the person
// signing in (which part was wrong, and whether the account exists, is locked or disabled, is told only
// to the audit log), takes as long as a real password check, and is answered more slowly the more
// failures an address has had. Ten wrong codes in a row after the right password lock an account for 15
// minutes; a wrong password never does, so whoever knows only an operator's email cannot keep them out
// (decision 2114): guessing passwords is slowed by the delays and the sign-in rate limits instead. Decision
// records: docs/decisions/1602-*, 2114.

import type { Kysely } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { OperatorRow, Tables } from '../db/tables'
import { appendAudit, type AuditAction, type AuditDetail } from './audit-log'
import {
  createSession,
  findOperatorByEmail,
  LOCK_AFTER_FAILURES,
  LOCK_MS,
  normaliseOperatorEmail,
  openTotpSecret,
  sha256,
  type Session,
} from './operators'
import { spendVerifyTime, verifyPassword } from './passwords'
import { acceptedStep } from './totp'

export type SignInFailure =
  'unknown-account' | 'disabled' | 'locked' | 'not-enrolled' | 'wrong-password' | 'wrong-code'

export type SignInOutcome =
  | { ok: true; operator: OperatorRow; token: string; session: Omit<Session, 'operator'> }
  | { ok: false; reason: SignInFailure }

export interface SignInInput {
  email: string
  password: string
  code: string
}

/** The wait before a failure is answered, after `failures` failures in a row for that address. */
export function failureDelayMs(failures: number, baseMs: number): number {
  if (failures <= 0 || baseMs <= 0) return 0
  return Math.min(baseMs * 2 ** Math.min(failures - 1, 10), baseMs * 16)
}

/**
 * Counts failures per address in this process (any address, known or not, so the delays reveal
 * nothing), forgetting an address after a quiet quarter of an hour. Bounded, oldest out first.
 */
export class FailureCounter {
  private readonly counts = new Map<string, { failures: number; lastAt: number }>()

  constructor(private readonly maxEntries = 10_000) {}

  private key(email: string): string {
    return sha256(normaliseOperatorEmail(email))
  }

  failures(email: string, now: Date): number {
    const entry = this.counts.get(this.key(email))
    if (entry === undefined || now.getTime() - entry.lastAt > LOCK_MS) return 0
    return entry.failures
  }

  fail(email: string, now: Date): number {
    const key = this.key(email)
    const failures = this.failures(email, now) + 1
    this.counts.delete(key)
    this.counts.set(key, { failures, lastAt: now.getTime() })
    if (this.counts.size > this.maxEntries) {
      const oldest = this.counts.keys().next().value
      if (oldest !== undefined) this.counts.delete(oldest)
    }
    return failures
  }

  clear(email: string): void {
    this.counts.delete(this.key(email))
  }
}

export async function signIn(
  db: Kysely<Tables>,
  input: SignInInput,
  now: Date,
  dataKeys: DataKeyring | undefined,
): Promise<SignInOutcome> {
  const operator = await findOperatorByEmail(db, input.email)
  const refuse = async (reason: SignInFailure, spend: boolean): Promise<SignInOutcome> => {
    if (spend) await spendVerifyTime(input.password)
    await appendAudit(db, {
      operatorId: operator?.id ?? null,
      action: 'sign-in.failed',
      detail: { reason },
      at: now,
    })
    return { ok: false, reason }
  }
  if (operator === undefined) return refuse('unknown-account', true)
  if (operator.disabled_at !== null) return refuse('disabled', true)
  if (operator.locked_until !== null && operator.locked_until > now.toISOString()) {
    return refuse('locked', true)
  }
  if (
    operator.enrolled_at === null ||
    operator.password_hash === null ||
    operator.totp_secret === null
  ) {
    return refuse('not-enrolled', true)
  }
  if (!(await verifyPassword(input.password, operator.password_hash))) {
    return refuse('wrong-password', false)
  }
  const secret = openTotpSecret(operator.totp_secret, operator.id, dataKeys)
  const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step)
  const step = acceptedStep(secret, input.code.trim(), now, lastStep)
  if (step === undefined) return countFailure(db, operator, 'wrong-code', now)

  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    // The step is claimed in the update itself: two requests with one code cannot both get in.
    const claimed = await trx
      .updateTable('operators')
      .set({
        totp_last_step: step,
        failed_attempts: 0,
        locked_until: null,
        last_sign_in_at: at,
        updated_at: at,
      })
      .where('id', '=', operator.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) {
      await appendAudit(trx, {
        operatorId: operator.id,
        action: 'sign-in.failed',
        detail: { reason: 'wrong-code' },
        at: now,
      })
      return { ok: false, reason: 'wrong-code' } as const
    }
    await appendAudit(trx, { operatorId: operator.id, action: 'sign-in', at: now })
    const { token, session } = await createSession(trx, operator.id, now)
    return { ok: true, operator, token, session } as const
  })
}

async function countFailure(
  db: Kysely<Tables>,
  operator: OperatorRow,
  reason: SignInFailure,
  now: Date,
): Promise<SignInOutcome> {
  await countWrongCode(db, operator, now, { action: 'sign-in.failed', detail: { reason } })
  return { ok: false, reason }
}

/**
 * A wrong code after the right password, at sign-in or when an operator changes their own password (decision
 * 2122): audited as `refusal` says, and counted towards the lock of ten in a row.
 */
export async function countWrongCode(
  db: Kysely<Tables>,
  operator: OperatorRow,
  now: Date,
  refusal: { action: AuditAction; detail: AuditDetail },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: operator.id,
      action: refusal.action,
      detail: refusal.detail,
      at: now,
    })
    const row = await trx
      .updateTable('operators')
      .set((eb) => ({
        failed_attempts: eb('failed_attempts', '+', 1),
        updated_at: now.toISOString(),
      }))
      .where('id', '=', operator.id)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow()
    if (row.failed_attempts >= LOCK_AFTER_FAILURES) {
      const until = new Date(now.getTime() + LOCK_MS).toISOString()
      await trx
        .updateTable('operators')
        .set({ failed_attempts: 0, locked_until: until })
        .where('id', '=', operator.id)
        .execute()
      await appendAudit(trx, {
        operatorId: null,
        action: 'operator.locked',
        targetOperatorId: operator.id,
        detail: { failures: row.failed_attempts, until },
        at: now,
      })
    }
  })
}
