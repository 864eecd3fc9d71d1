// The links of "save and come back later" and of the joint applicant's confirmation (decision 1821): a
// random 256-bit token in the email, its SHA-256 here; one use, 7 days, five wrong answers and it is
// void. The check is the date of birth stored in the application, or before one was given a 6-digit code
// sent in the same email (stored hashed with the token, so the table alone cannot be searched for it).
// Each link's email is queued in the email outbox with it, its token sealed (decision 1951); when the link
// stops working (used, replaced, void) whatever is still sealed for its email is wiped.

import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  CODE_LENGTH,
  LINK_LIFETIME_DAYS,
  LINK_REQUESTS_PER_HOUR,
  MAX_FAILED_CHECKS,
} from '@forecourt/domain/save-return/save-return'
import type { LinkCheck, LinkPurpose, NewResumeLinkRow, ResumeLinkRow, Tables } from '../db/tables'
import { withdrawEmails } from '../email/outbox'

type Db = Kysely<Tables> | Transaction<Tables>

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/** 43 characters of base64url: 256 random bits. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(`forecourt/link/${token}`).digest('hex')
}

export function hashCode(token: string, code: string): string {
  return createHash('sha256').update(`forecourt/link-code/${token}/${code}`).digest('hex')
}

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
}

/** A keyed hash, so an address or a client's IP address cannot be found by hashing guesses. */
export function keyedHash(key: Buffer, kind: 'email' | 'client', value: string): string {
  return createHmac('sha256', key).update(`forecourt/save-return/${kind}/${value}`).digest('hex')
}

/** Addresses are compared without case: the one typed at the link's request may differ in case. */
export function emailSubject(email: string): string {
  return email.trim().toLowerCase()
}

export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

export interface IssueLinkArgs {
  purpose: LinkPurpose
  applicationKey: string
  brand: string
  /** Whether the application holds a date of birth to check against. */
  hasDateOfBirth: boolean
  emailHash: string | null
  screen: string | null
  now: Date
}

export interface IssuedLink {
  token: string
  /** Only for a `code` check: what the email gives beside the link. */
  code: string | undefined
  expiresAt: string
  row: NewResumeLinkRow
}

/** The outbox's dedupe key of a link's email: one email per link, however often it is enqueued. */
export function linkEmailKey(linkId: string): string {
  return `link-email:${linkId}`
}

/**
 * A new link for an application; any earlier link of the same purpose stops working, so only the newest
 * email is any use (decision 1821), and an earlier email not yet sent is not sent at all (decision 1951).
 */
export async function issueLink(db: Db, args: IssueLinkArgs): Promise<IssuedLink> {
  const token = newToken()
  const check: LinkCheck = args.hasDateOfBirth ? 'date-of-birth' : 'code'
  const code = check === 'code' ? newCode() : undefined
  const expiresAt = new Date(args.now.getTime() + LINK_LIFETIME_DAYS * DAY_MS).toISOString()
  const row: NewResumeLinkRow = {
    id: `rsl_${randomBytes(16).toString('hex')}`,
    token_hash: hashToken(token),
    purpose: args.purpose,
    application_key: args.applicationKey,
    brand: args.brand,
    check_kind: check,
    code_hash: code === undefined ? null : hashCode(token, code),
    email_hash: args.emailHash,
    screen: args.screen,
    failed_attempts: 0,
    status: 'active',
    created_at: args.now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  }
  const earlier = await db
    .selectFrom('resume_links')
    .select('id')
    .where('application_key', '=', args.applicationKey)
    .where('purpose', '=', args.purpose)
    .where('status', '=', 'active')
    .execute()
  if (earlier.length > 0) {
    const ids = earlier.map((link) => link.id)
    await db
      .updateTable('resume_links')
      .set({ status: 'superseded' })
      .where('id', 'in', ids)
      .where('status', '=', 'active')
      .execute()
    await withdrawEmails(db, ids.map(linkEmailKey), 'a newer link replaced this one', args.now)
  }
  await db.insertInto('resume_links').values(row).execute()
  return { token, code, expiresAt, row }
}

export async function findLinkById(db: Db, id: string): Promise<ResumeLinkRow | undefined> {
  return db.selectFrom('resume_links').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findLink(db: Db, token: string): Promise<ResumeLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  return db
    .selectFrom('resume_links')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
}

/** Active and within its 7 days. */
export function isUsable(link: ResumeLinkRow, now: Date): boolean {
  return link.status === 'active' && link.expires_at > now.toISOString()
}

/**
 * Counts a wrong answer; the fifth voids the link. Answers how many tries are left (0: void). One
 * statement, so two wrong answers racing each other both count.
 */
export async function recordFailedCheck(
  db: Db,
  link: ResumeLinkRow,
  now: Date = new Date(),
): Promise<number> {
  await db
    .updateTable('resume_links')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', link.id)
    .where('status', '=', 'active')
    .execute()
  const after = await db
    .selectFrom('resume_links')
    .select(['failed_attempts', 'status'])
    .where('id', '=', link.id)
    .executeTakeFirstOrThrow()
  if (after.failed_attempts >= MAX_FAILED_CHECKS && after.status === 'active') {
    await db
      .updateTable('resume_links')
      .set({ status: 'voided' })
      .where('id', '=', link.id)
      .where('status', '=', 'active')
      .execute()
    await withdrawEmails(db, [linkEmailKey(link.id)], 'the link was voided', now)
  }
  return Math.max(0, MAX_FAILED_CHECKS - after.failed_attempts)
}

/** Uses the link up; false when another request used (or voided) it first. */
export async function useLink(db: Db, link: ResumeLinkRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('resume_links')
    .set({ status: 'used', used_at: now.toISOString() })
    .where('id', '=', link.id)
    .where('status', '=', 'active')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  const used = result.numUpdatedRows > 0n
  // Normally sent and wiped already; a copy still queued (a send whose result was lost) is not needed.
  if (used) await withdrawEmails(db, [linkEmailKey(link.id)], 'the link was used', now)
  return used
}

/**
 * The hourly job's part (decision 1951): a link email still holding its sealed token after a link's
 * whole lifetime (its link has expired, so it can never be of use) keeps it no longer. The sender does
 * the same when it meets one; this covers a server whose sender is not running.
 */
export async function wipeLapsedLinkEmails(db: Kysely<Tables>, now: Date): Promise<number> {
  const lapsed = new Date(now.getTime() - LINK_LIFETIME_DAYS * DAY_MS).toISOString()
  await db
    .updateTable('emails')
    .set({
      status: 'dead',
      last_error: 'the link expired before it was sent',
      updated_at: now.toISOString(),
    })
    .where('sealed', 'is not', null)
    .where('status', '=', 'pending')
    .where('created_at', '<', lapsed)
    .execute()
  const wiped = await db
    .updateTable('emails')
    .set({ sealed: null })
    .where('sealed', 'is not', null)
    .where('created_at', '<', lapsed)
    .executeTakeFirst()
  return Number(wiped.numUpdatedRows)
}

/**
 * Counts a request for a link against each subject (the address, the client) and answers whether any of
 * them has asked too often in the last hour. Rows older than a day are removed on the way.
 */
export async function overRequestLimit(
  db: Kysely<Tables>,
  subjects: ReadonlyArray<{ hash: string; perHour: number }>,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString()
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString()
  await db
    .deleteFrom('link_requests')
    .where('at', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .execute()
  let over = false
  for (const subject of subjects) {
    const row = await db
      .selectFrom('link_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('subject_hash', '=', subject.hash)
      .where('at', '>', hourAgo)
      .executeTakeFirst()
    if (Number(row?.count ?? 0) >= subject.perHour) over = true
  }
  await db
    .insertInto('link_requests')
    .values(
      subjects.map((subject) => ({
        id: `lrq_${randomBytes(16).toString('hex')}`,
        subject_hash: subject.hash,
        at,
      })),
    )
    .execute()
  return over
}

export const DEFAULT_REQUEST_LIMITS = LINK_REQUESTS_PER_HOUR

/** What retention and erasure delete with an application. */
export async function deleteSaveReturnRecords(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  await db.deleteFrom('resume_links').where('application_key', 'in', keys).execute()
  await db.deleteFrom('saved_answers').where('application_key', 'in', keys).execute()
  await db.deleteFrom('joint_confirmations').where('application_key', 'in', keys).execute()
  // The applicant's own page (decision 2113): its sessions and the choice made there.
  await db.deleteFrom('status_sessions').where('application_key', 'in', keys).execute()
  await db.deleteFrom('offer_choices').where('application_key', 'in', keys).execute()
}
