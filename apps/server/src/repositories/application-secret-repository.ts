// The binding of an application to the browser that started it (decision 1801). The page makes a random
// secret with the application key and sends it with every write; the first write stores its SHA-256
// and every later write must send the same secret. Knowing the key alone (it is in the page's address
// bar history and the applicant's own requests) is then not enough to overwrite or submit the application.

import { createHash, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

/** 128 bits or more, base64url or hex: what the page makes with `crypto.getRandomValues`. */
export const APPLICATION_SECRET_PATTERN = /^[A-Za-z0-9_-]{22,128}$/

export type SecretCheck = 'bound' | 'matches' | 'missing' | 'malformed' | 'mismatch'

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Stores `hash` for `applicationKey` unless one is stored already; answers the hash stored. */
export type BindSecret = (
  applicationKey: string,
  hash: string,
  now: Date,
) => Promise<string | undefined>

/**
 * Checks the secret a write sent for `applicationKey`, binding the key to it when no write has named the
 * key before. Two first writes racing with different secrets: the database keeps one, and the other is a
 * mismatch. `bind` is the write store's (decision 1861): on SQLite the writer thread writes the binding
 * (decision 1461), so a write lock held elsewhere never stops the event loop.
 */
export async function checkApplicationSecret(
  db: Kysely<Tables>,
  applicationKey: string,
  secret: string | undefined,
  now: Date,
  bind: BindSecret,
): Promise<SecretCheck> {
  if (secret === undefined || secret === '') return 'missing'
  if (!APPLICATION_SECRET_PATTERN.test(secret)) return 'malformed'
  const hash = hashSecret(secret)
  const stored = await storedHash(db, applicationKey)
  if (stored !== undefined) return sameHash(stored, hash) ? 'matches' : 'mismatch'
  const winner = await bind(applicationKey, hash, now)
  return winner !== undefined && sameHash(winner, hash) ? 'bound' : 'mismatch'
}

/** The binding on any engine, through Kysely. */
export async function bindSecretWithKysely(
  db: Kysely<Tables>,
  applicationKey: string,
  hash: string,
  now: Date,
): Promise<string | undefined> {
  await db
    .insertInto('application_secrets')
    .values({ application_key: applicationKey, secret_hash: hash, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('application_key').doNothing())
    .execute()
  return storedHash(db, applicationKey)
}

async function storedHash(db: Kysely<Tables>, applicationKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('application_secrets')
    .select('secret_hash')
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  return row?.secret_hash
}
