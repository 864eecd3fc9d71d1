// Search without opening the sealed payloads (blind index): for each searchable token of an application
// (search-terms.ts: the reference's first four characters, email addresses, phone numbers, postcodes, the
// words of both applicants' names), a keyed hash (HMAC-SHA256) is stored beside it in application_index,
// written in the same transaction as the application (submission and partial save). A search hashes the
// terms of the query the same way and looks the hashes up; a reference's start is looked up by its first
// four characters and the few applications found kept by their whole reference. The key is
// FORECOURT_INDEX_KEY, or one derived from the data key with HKDF and a fixed label, so a copy of the table
// alone gives nothing away. Decision records: docs/decisions/1605-*, 2125-*, 2184-*.

import { createHash, createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { normalisePostcode } from '@forecourt/domain/fields/postcode'
import { openPayload, type DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import type { Payload } from '../repositories/application-repository'
import { payloadAad } from '../repositories/rows'
import { applicationReference } from '@forecourt/domain/reference/application-reference'

import type { IndexEntry, SearchField } from './search-index-rows'
import {
  compactReference,
  nameTokens,
  normaliseEmailTerm,
  normalisePhoneTerm,
  referenceBucket,
} from './search-terms'

export { SEARCH_FIELDS, type IndexEntry, type SearchField } from './search-index-rows'
export {
  classifyQuery,
  normaliseEmailTerm,
  normalisePhoneTerm,
  type QueryProblem,
  type SearchTerm,
} from './search-terms'

/** The index rows of one application's payload: a pure function of the key, the payload and the key. */
export type SearchIndexer = (applicationKey: string, payload: Payload) => IndexEntry[]

const HKDF_LABEL = 'forecourt/search-index/v1'
const HASH_BYTES = 16
const SETTING = 'search-index-key'

/**
 * FORECOURT_INDEX_KEY when set; otherwise derived from the current data key. Without any key the
 * payloads are stored in clear anyway, and a fixed key keeps the index working the same way.
 */
export function searchIndexKey(
  indexKey: Buffer | undefined,
  dataKeys: DataKeyring | undefined,
): Buffer {
  if (indexKey !== undefined) return indexKey
  const base = dataKeys?.current?.key ?? createHash('sha256').update('forecourt/unkeyed').digest()
  return Buffer.from(hkdfSync('sha256', base, Buffer.alloc(0), HKDF_LABEL, 32))
}

/** Names the key without revealing it: a changed key means the stored hashes must be made again. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('fingerprint').digest('hex').slice(0, 16)
}

/**
 * Which tokens the indexer makes: raised whenever it makes others, so that applications stored before are
 * indexed again at the next start. 2: first names and the joint applicant's, name parts without accents
 * or apostrophes, reference prefixes (decision 2125); 3: one row for the reference's first four
 * characters instead of nine prefixes (decision 2184); before 2, the bare key fingerprint.
 */
export const INDEX_TOKENS_VERSION = 3

/** What back_office_settings holds for an index made with this key and these tokens. */
export function indexFingerprint(key: Buffer): string {
  return `${keyFingerprint(key)}.tokens-v${INDEX_TOKENS_VERSION}`
}

/**
 * The keyed hash of one term. Give a KeyObject where many terms are hashed with one key: on Node 24 each
 * HMAC made from a Buffer key first checks whether the Buffer is a KeyObject or a CryptoKey, and those
 * checks cost several times the hash itself (decision 1981).
 */
export function hashTerm(key: Buffer | KeyObject, field: SearchField, value: string): string {
  return createHmac('sha256', key)
    .update(`${field}\u0000${value}`, 'utf8')
    .digest()
    .subarray(0, HASH_BYTES)
    .toString('base64url')
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

export function createSearchIndexer(indexKey: Buffer): SearchIndexer {
  // Made once: every submission and partial save hashes about eight terms with it.
  const key = createSecretKey(indexKey)
  return (applicationKey, payload) => {
    const seen = new Set<string>()
    // The reference's start (decision 2184): the application key is always there, so this row is too.
    const bucket = referenceBucket(applicationReference(applicationKey))!
    const entries: IndexEntry[] = [{ field: 'reference', hash: hashTerm(key, 'reference', bucket) }]
    const add = (field: SearchField, value: string | undefined) => {
      if (value === undefined || value === '') return
      // Before hashing: the same name twice (a joint applicant of the same family) is one row.
      const id = `${field}\u0000${value}`
      if (seen.has(id)) return
      seen.add(id)
      entries.push({ field, hash: hashTerm(key, field, value) })
    }
    const people = [payload, record(payload.JointApplicant)]
    for (const person of people) {
      if (person === undefined) continue
      const email = text(person.email)
      const phone = text(person.contactNumber)
      add('email', email && normaliseEmailTerm(email))
      add('phone', phone && normalisePhoneTerm(phone))
      for (const name of [text(person.firstName), text(person.lastName)]) {
        for (const token of name === undefined ? [] : nameTokens(name)) add('name', token)
      }
    }
    const addresses = Array.isArray(payload.addresses) ? payload.addresses : []
    for (const address of [...addresses, payload.securityAddress]) {
      const postcode = text(record(address)?.postcode)
      add('postcode', postcode && normalisePostcode(postcode))
    }
    return entries
  }
}

type Db = Kysely<Tables>

/**
 * The keys of the applications whose reference starts with `compact` (FC and 4 to 12 characters, as
 * classifyQuery gives it): those under the row of its first four characters, kept when their own
 * reference, worked out from the key, starts with all of it.
 */
export async function keysWithReference(
  db: Db,
  key: Buffer | KeyObject,
  compact: string,
): Promise<string[]> {
  const bucket = referenceBucket(compact)
  if (bucket === undefined) return []
  const rows = await db
    .selectFrom('application_index')
    .select('application_key')
    .where('hash', '=', hashTerm(key, 'reference', bucket))
    .execute()
  return rows
    .map((row) => row.application_key)
    .filter((applicationKey) =>
      compactReference(applicationReference(applicationKey)).startsWith(compact),
    )
}

export interface IndexBuildSummary {
  rebuilt: boolean
  applications: number
  /** Payloads that could not be opened (a data key missing): not searchable until it is configured. */
  unreadable: number
}

/**
 * At start-up: when the index was made with another key or other tokens (or never, as after the
 * migration that added it), it is made again from every stored application, in batches. Until the end
 * the old fingerprint stays, so a start interrupted half-way rebuilds again. Writes arriving meanwhile
 * already use the new key and tokens.
 */
export async function ensureSearchIndex(
  db: Db,
  key: Buffer,
  dataKeys: DataKeyring | undefined,
  options: { batchSize?: number } = {},
): Promise<IndexBuildSummary> {
  const fingerprint = indexFingerprint(key)
  const stored = await db
    .selectFrom('back_office_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst()
  if (stored?.value === fingerprint) return { rebuilt: false, applications: 0, unreadable: 0 }
  const indexer = createSearchIndexer(key)
  const batchSize = options.batchSize ?? 500
  const summary: IndexBuildSummary = { rebuilt: true, applications: 0, unreadable: 0 }
  if (stored !== undefined) await db.deleteFrom('application_index').execute()
  let after = ''
  for (;;) {
    const rows = await db
      .selectFrom('applications')
      .select(['application_key', 'payload'])
      .where('application_key', '>', after)
      .orderBy('application_key')
      .limit(batchSize)
      .execute()
    if (rows.length === 0) break
    const values: { application_key: string; field: SearchField; hash: string }[] = []
    for (const row of rows) {
      let payload: Payload
      try {
        payload = openPayload(
          JSON.parse(row.payload) as Payload,
          dataKeys,
          payloadAad(row.application_key),
        )
      } catch {
        summary.unreadable += 1
        continue
      }
      summary.applications += 1
      for (const entry of indexer(row.application_key, payload)) {
        values.push({ application_key: row.application_key, ...entry })
      }
    }
    // Several hundred rows per statement stay under SQLite's limit of bound values.
    for (let start = 0; start < values.length; start += 250) {
      await db
        .insertInto('application_index')
        .values(values.slice(start, start + 250))
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    }
    after = rows[rows.length - 1]!.application_key
  }
  await db
    .insertInto('back_office_settings')
    .values({ name: SETTING, value: fingerprint })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: fingerprint }))
    .execute()
  return summary
}

export const INDEX_CHECK_RETRY_MS = 30_000

/**
 * Checks (and if need be rebuilds) the index in the background once the app is ready: a rebuild over
 * many rows takes longer than a start may, and the form must not wait for the back office. Until it is
 * done a search may miss older applications. A database that is away is tried again every 30 seconds.
 */
export function registerSearchIndexCheck(
  app: FastifyInstance,
  check: () => Promise<IndexBuildSummary>,
): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let closed = false
  const attempt = async (): Promise<void> => {
    try {
      const built = await check()
      if (built.rebuilt) app.log.info({ ...built }, 'search index built')
    } catch (error) {
      app.log.warn({ err: error }, 'search index not checked; trying again in 30 s')
      if (closed) return
      timer = setTimeout(() => {
        running = attempt()
      }, INDEX_CHECK_RETRY_MS)
      timer.unref()
    }
  }
  app.addHook('onReady', async () => {
    running = attempt()
  })
  app.addHook('preClose', async () => {
    closed = true
    clearTimeout(timer)
    await running
  })
}
