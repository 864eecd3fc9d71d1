// Operators, their enrolment and their sessions. Secrets are stored only as what cannot be used: the
// SHA-256 of an enrolment token or a session cookie, a scrypt hash of a password, and the TOTP secret
// sealed with the data key when one is configured. Decision records: docs/decisions/1602-* to 1604-*.
// It stays whole, just over 500 lines: enrolment, reset, lock and sessions all read and write the same
// operator row and its hashed tokens.

import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { BRAND_IDS, isBrandId } from '@forecourt/domain/brands/brand-data'
import { PERMISSIONS, type Permission } from '@forecourt/domain/contract/operator-permissions'
import { decryptJson, encryptJson, type DataKeyring } from '../crypto/field-encryption'
import type { OperatorRole, OperatorRow, Tables } from '../db/tables'
import { appendAudit } from './audit-log'

type Db = Kysely<Tables> | Transaction<Tables>

export const ENROLMENT_HOURS = 24
export const SESSION_IDLE_MS = 30 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
// A session's last-seen time is written at most this often, so reading pages does not write each time.
export const SESSION_TOUCH_MS = 60 * 1000
export const LOCK_AFTER_FAILURES = 10
export const LOCK_MS = 15 * 60 * 1000

export { PERMISSIONS, type Permission }

const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  viewer: ['read'],
  caseworker: ['read', 'notes', 'status', 'retry', 'evidence'],
  admin: PERMISSIONS,
  // Marketing's view: the funnel's counters, never an application (decision 2112).
  analyst: ['funnel'],
}

/** The address an operator opens to enrol: the back office's enrolment page, the token after the #. */
export function enrolmentUrl(base: string, token: string): string {
  return `${base}/enrol#${token}`
}

export function permissionsOf(role: OperatorRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role]
}

/** 'all' or a list of brand ids. */
export type BrandScope = 'all' | string[]

export function parseBrandScope(text: string): BrandScope | undefined {
  const trimmed = text.trim()
  if (trimmed === 'all') return 'all'
  const ids = trimmed
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
  if (ids.length === 0 || !ids.every(isBrandId)) return undefined
  return [...new Set(ids)]
}

export function brandScopeText(scope: BrandScope): string {
  return scope === 'all' ? 'all' : scope.join(',')
}

export function brandsOf(operator: Pick<OperatorRow, 'brands'>): BrandScope {
  return parseBrandScope(operator.brands) ?? []
}

/**
 * Whether an operator of `actor`'s brands may manage (list, add, reset, disable) an operator of `target`'s
 * brands, or grant them: only brands the actor holds, and 'all' only from an all-brands operator. An admin of one
 * brand can never reach an operator who works on more than they do (decision 2114).
 */
export function withinScope(actor: BrandScope, target: BrandScope): boolean {
  if (actor === 'all') return true
  if (target === 'all') return false
  return target.every((brand) => actor.includes(brand))
}

/** The brand ids the operator may see, in the brands' own order. */
export function visibleBrands(operator: Pick<OperatorRow, 'brands'>): string[] {
  const scope = brandsOf(operator)
  return scope === 'all' ? [...BRAND_IDS] : BRAND_IDS.filter((id) => scope.includes(id))
}

export function normaliseOperatorEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function isOperatorEmail(email: string): boolean {
  return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(email) && email.length <= 254
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`
}

// --- The TOTP secret at rest ---

const totpAad = (operatorId: string) => `forecourt/operators/${operatorId}/totp`

export function sealTotpSecret(
  secret: string,
  operatorId: string,
  dataKeys: DataKeyring | undefined,
): string {
  const current = dataKeys?.current
  if (current === undefined) return secret
  return JSON.stringify(encryptJson(secret, current, totpAad(operatorId)))
}

export function openTotpSecret(
  stored: string,
  operatorId: string,
  dataKeys: DataKeyring | undefined,
): string {
  if (!stored.startsWith('{')) return stored
  if (dataKeys === undefined) throw new Error('The TOTP secret is sealed but no data key is set')
  return decryptJson(JSON.parse(stored), dataKeys, totpAad(operatorId)) as string
}

// --- Operators ---

export type OperatorState = 'invited' | 'active' | 'locked' | 'disabled'

export function operatorState(operator: OperatorRow, now: Date): OperatorState {
  if (operator.disabled_at !== null) return 'disabled'
  if (operator.enrolled_at === null) return 'invited'
  if (operator.locked_until !== null && operator.locked_until > now.toISOString()) return 'locked'
  return 'active'
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('email', '=', normaliseOperatorEmail(email))
    .executeTakeFirst()
}

export async function findOperator(db: Db, id: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('email').execute()
}

export interface Enrolment {
  token: string
  expiresAt: string
}

async function issueEnrolment(trx: Db, operatorId: string, now: Date): Promise<Enrolment> {
  const at = now.toISOString()
  // An earlier address stops working the moment a new one is made.
  await trx
    .updateTable('enrolments')
    .set({ used_at: at })
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .execute()
  const token = newToken()
  const expiresAt = new Date(now.getTime() + ENROLMENT_HOURS * 3600_000).toISOString()
  await trx
    .insertInto('enrolments')
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: at,
      expires_at: expiresAt,
      used_at: null,
      password_hash: null,
      totp_secret: null,
    })
    .execute()
  return { token, expiresAt }
}

export class OperatorExistsError extends Error {
  constructor() {
    super('An operator with this email address already exists')
    this.name = 'OperatorExistsError'
  }
}

export interface NewOperator {
  email: string
  role: OperatorRole
  brands: BrandScope
}

/** Adds an operator who must enrol; `by` is the admin (null from the command line). */
export async function addOperator(
  db: Kysely<Tables>,
  input: NewOperator,
  now: Date,
  by: string | null,
): Promise<{ operator: OperatorRow; enrolment: Enrolment }> {
  const email = normaliseOperatorEmail(input.email)
  if ((await findOperatorByEmail(db, email)) !== undefined) throw new OperatorExistsError()
  const at = now.toISOString()
  const id = newId('op')
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: by,
      action: 'operator.added',
      targetOperatorId: id,
      detail: {
        role: input.role,
        brands: brandScopeText(input.brands),
        via: by ? 'back office' : 'command line',
      },
      at: now,
    })
    const operator: OperatorRow = {
      id,
      email,
      role: input.role,
      brands: brandScopeText(input.brands),
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      enrolled_at: null,
      disabled_at: null,
      failed_attempts: 0,
      locked_until: null,
      last_sign_in_at: null,
      created_at: at,
      updated_at: at,
    }
    await trx
      .insertInto('operators')
      .values({ ...operator, totp_last_step: null })
      .execute()
    const enrolment = await issueEnrolment(trx, id, now)
    return { operator, enrolment }
  })
}

/** A new enrolment address; the old password, second factor, sessions, lock and disabling are void. */
export async function resetOperator(
  db: Kysely<Tables>,
  operatorId: string,
  now: Date,
  by: string | null,
): Promise<{ operator: OperatorRow; enrolment: Enrolment }> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: by,
      action: 'operator.reset',
      targetOperatorId: operatorId,
      detail: { via: by ? 'back office' : 'command line' },
      at: now,
    })
    const operator = await trx
      .updateTable('operators')
      .set({
        password_hash: null,
        totp_secret: null,
        totp_last_step: null,
        enrolled_at: null,
        disabled_at: null,
        failed_attempts: 0,
        locked_until: null,
        updated_at: at,
      })
      .where('id', '=', operatorId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute()
    const enrolment = await issueEnrolment(trx, operatorId, now)
    return { operator, enrolment }
  })
}

export async function disableOperator(
  db: Kysely<Tables>,
  operatorId: string,
  now: Date,
  by: string | null,
): Promise<OperatorRow> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: by,
      action: 'operator.disabled',
      targetOperatorId: operatorId,
      detail: { via: by ? 'back office' : 'command line' },
      at: now,
    })
    const operator = await trx
      .updateTable('operators')
      .set({ disabled_at: at, updated_at: at })
      .where('id', '=', operatorId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute()
    await trx
      .updateTable('enrolments')
      .set({ used_at: at })
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .execute()
    return operator
  })
}

// --- Enrolment ---

export interface OpenEnrolment {
  tokenHash: string
  operator: OperatorRow
  expiresAt: string
  passwordHash: string | null
  totpSecret: string | null
}

/** The enrolment a token opens: unused, unexpired, and its operator not disabled. */
export async function findOpenEnrolment(
  db: Db,
  token: string,
  now: Date,
): Promise<OpenEnrolment | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined
  const enrolment = await db
    .selectFrom('enrolments')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (enrolment === undefined) return undefined
  const operator = await findOperator(db, enrolment.operator_id)
  if (operator === undefined || operator.disabled_at !== null) return undefined
  return {
    tokenHash: enrolment.token_hash,
    operator,
    expiresAt: enrolment.expires_at,
    passwordHash: enrolment.password_hash,
    totpSecret: enrolment.totp_secret,
  }
}

export async function saveEnrolmentChoices(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  sealedTotpSecret: string,
): Promise<void> {
  await db
    .updateTable('enrolments')
    .set({ password_hash: passwordHash, totp_secret: sealedTotpSecret })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .execute()
}

/** The first code was right: the operator is enrolled with the chosen password and secret. */
export async function completeEnrolment(
  db: Kysely<Tables>,
  enrolment: OpenEnrolment,
  step: number,
  now: Date,
): Promise<OperatorRow | undefined> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      operatorId: enrolment.operator.id,
      action: 'operator.enrolled',
      targetOperatorId: enrolment.operator.id,
      at: now,
    })
    const used = await trx
      .updateTable('enrolments')
      .set({ used_at: at })
      .where('token_hash', '=', enrolment.tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    // Another tab confirmed first: that one enrolled, this one did nothing.
    if (used.numUpdatedRows === 0n) return undefined
    return trx
      .updateTable('operators')
      .set({
        password_hash: enrolment.passwordHash,
        totp_secret: enrolment.totpSecret,
        totp_last_step: step,
        enrolled_at: at,
        failed_attempts: 0,
        locked_until: null,
        last_sign_in_at: at,
        updated_at: at,
      })
      .where('id', '=', enrolment.operator.id)
      .returningAll()
      .executeTakeFirst()
  })
}

// --- Sessions ---

export interface Session {
  idHash: string
  operator: OperatorRow
  createdAt: string
  lastSeenAt: string
  expiresAt: string
}

export function idleExpiry(session: Pick<Session, 'lastSeenAt'>): string {
  return new Date(Date.parse(session.lastSeenAt) + SESSION_IDLE_MS).toISOString()
}

export async function createSession(
  db: Db,
  operatorId: string,
  now: Date,
): Promise<{ token: string; session: Omit<Session, 'operator'> }> {
  const token = newToken()
  const at = now.toISOString()
  const row = {
    id_hash: sha256(token),
    operator_id: operatorId,
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  }
  await db.insertInto('operator_sessions').values(row).execute()
  return {
    token,
    session: {
      idHash: row.id_hash,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    },
  }
}

/** The live session a cookie names, its last-seen time moved on; undefined when over or unknown. */
export async function findSession(
  db: Kysely<Tables>,
  token: string,
  now: Date,
): Promise<Session | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined
  const idHash = sha256(token)
  const row = await db
    .selectFrom('operator_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst()
  if (row === undefined) return undefined
  const at = now.toISOString()
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString()
  if (row.expires_at <= at || row.last_seen_at <= idleSince) {
    await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute()
    return undefined
  }
  const operator = await findOperator(db, row.operator_id)
  if (operator === undefined || operator.disabled_at !== null || operator.enrolled_at === null) {
    return undefined
  }
  let lastSeenAt = row.last_seen_at
  if (now.getTime() - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) {
    await db
      .updateTable('operator_sessions')
      .set({ last_seen_at: at })
      .where('id_hash', '=', idHash)
      .execute()
    lastSeenAt = at
  }
  return { idHash, operator, createdAt: row.created_at, lastSeenAt, expiresAt: row.expires_at }
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute()
}

export async function endEverySession(db: Db, operatorId: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute()
}
