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

/** Two hex hashes compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The hash bound to `applicationKey`, if any. */
export type BoundSecret = (applicationKey: string) => Promise<string | undefined>

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
  bound: BoundSecret,
  applicationKey: string,
  secret: string | undefined,
  now: Date,
  bind: BindSecret,
): Promise<SecretCheck> {
  const read = await readApplicationSecret(bound, applicationKey, secret)
  if (typeof read === 'string') return read
  return bindOrMismatch(applicationKey, read.unbound, now, bind)
}

/** Binds `hash` unless another is bound first: 'bound', or 'mismatch' when another won. */
export async function bindOrMismatch(
  applicationKey: string,
  hash: string,
  now: Date,
  bind: BindSecret,
): Promise<'bound' | 'mismatch'> {
  const winner = await bind(applicationKey, hash, now)
  return winner !== undefined && sameHash(winner, hash) ? 'bound' : 'mismatch'
}

/**
 * The check without the binding: the answer when the key is bound already or the secret is unusable, or
 * the hash to bind when no write has named the key yet. A submission binds it in its own transaction
 * (decision 1981), so a new application's submission costs one commit, not two.
 */
export async function readApplicationSecret(
  bound: BoundSecret,
  applicationKey: string,
  secret: string | undefined,
): Promise<Exclude<SecretCheck, 'bound'> | { unbound: string }> {
  if (secret === undefined || secret === '') return 'missing'
  if (!APPLICATION_SECRET_PATTERN.test(secret)) return 'malformed'
  const hash = hashSecret(secret)
  const stored = await bound(applicationKey)
  if (stored !== undefined) return sameHash(stored, hash) ? 'matches' : 'mismatch'
  return { unbound: hash }
}

/**
 * Inside a write's transaction: binds each key to its hash unless one is bound already, and answers the
 * keys bound to another hash (they must write nothing). Two first writes racing with different secrets:
 * the database keeps one binding, and the other write is refused.
 */
export async function bindSecretsIn(
  trx: Kysely<Tables>,
  bindings: readonly { applicationKey: string; hash: string; createdAt: string }[],
): Promise<Set<string>> {
  if (bindings.length === 0) return new Set()
  await trx
    .insertInto('application_secrets')
    .values(
      bindings.map((binding) => ({
        application_key: binding.applicationKey,
        secret_hash: binding.hash,
        created_at: binding.createdAt,
      })),
    )
    .onConflict((conflict) => conflict.column('application_key').doNothing())
    .execute()
  const rows = await trx
    .selectFrom('application_secrets')
    .select(['application_key', 'secret_hash'])
    .where(
      'application_key',
      'in',
      bindings.map((binding) => binding.applicationKey),
    )
    .execute()
  const bound = new Map(rows.map((row) => [row.application_key, row.secret_hash]))
  return new Set(
    bindings
      .filter((binding) => {
        const winner = bound.get(binding.applicationKey)
        return winner === undefined || !sameHash(winner, binding.hash)
      })
      .map((binding) => binding.applicationKey),
  )
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
  return boundSecretWithKysely(db, applicationKey)
}

/** The hash bound to a key, on any engine, through Kysely. */
export async function boundSecretWithKysely(
  db: Kysely<Tables>,
  applicationKey: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('application_secrets')
    .select('secret_hash')
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  return row?.secret_hash
}
