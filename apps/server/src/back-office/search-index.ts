// Search without opening the sealed payloads (blind index): for each searchable field of an application,
// a keyed hash (HMAC-SHA256) of its value after the domain's normalisation is stored beside it in
// application_index, written in the same transaction as the application (submission and partial save).
// A search hashes the query the same way and looks the hash up. The key is FORECOURT_INDEX_KEY, or one
// derived from the data key with HKDF and a fixed label, so a copy of the table alone gives nothing
// away. Decision record: docs/decisions/1605-*.

import { createHash, createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { normalisePhoneForSending, sanitisePhoneInput } from '@forecourt/domain/fields/phone'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { openPayload, type DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import type { Payload } from '../repositories/application-repository'
import { payloadAad } from '../repositories/rows'
import { applicationReference } from '@forecourt/domain/reference/application-reference'

import type { IndexEntry, SearchField } from './search-index-rows'

export { SEARCH_FIELDS, type IndexEntry, type SearchField } from './search-index-rows'

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

// --- Normalisation: the domain's, plus case folding where people do not mean case ---

export function normaliseReference(value: string): string | undefined {
  const compact = value.replace(/[\s-]/g, '').toUpperCase()
  // Twelve characters in three groups since the reference grew (decision 1576).
  const match = /^FC([0-9A-Z]{4})([0-9A-Z]{4})([0-9A-Z]{4})$/.exec(compact)
  return match === null ? undefined : `FC-${match[1]}-${match[2]}-${match[3]}`
}

export function normaliseEmailTerm(value: string): string {
  return value.trim().toLowerCase()
}

export function normalisePhoneTerm(value: string): string {
  return normalisePhoneForSending(sanitisePhoneInput(value))
}

export function normaliseLastName(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/[\u2018\u2019`]/g, "'")
      .trim()
      .replace(/\s+/g, ' ')
      // The same as toLocaleLowerCase('en-GB'), which differs only for Turkish, Azeri and Lithuanian, without
      // loading ICU's locale data into every server (decision 2021).
      .toLowerCase()
  )
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
    const entries: IndexEntry[] = []
    const add = (field: SearchField, value: string | undefined) => {
      if (value === undefined || value === '') return
      const hash = hashTerm(key, field, value)
      const id = `${field}:${hash}`
      if (seen.has(id)) return
      seen.add(id)
      entries.push({ field, hash })
    }
    add('reference', applicationReference(applicationKey))
    const people = [payload, record(payload.JointApplicant)]
    for (const person of people) {
      if (person === undefined) continue
      const email = text(person.email)
      const phone = text(person.contactNumber)
      const lastName = text(person.lastName)
      add('email', email && normaliseEmailTerm(email))
      add('phone', phone && normalisePhoneTerm(phone))
      add('lastName', lastName && normaliseLastName(lastName))
    }
    const addresses = Array.isArray(payload.addresses) ? payload.addresses : []
    for (const address of [...addresses, payload.securityAddress]) {
      const postcode = text(record(address)?.postcode)
      add('postcode', postcode && normalisePostcode(postcode))
    }
    return entries
  }
}

export type SearchTerm = { field: SearchField; value: string }

/**
 * What one search box's text is: a reference, an email address, a phone number, a postcode, or else a
 * last name. Undefined when it can be none of them (digits in a name, say).
 */
export function classifyQuery(query: string): SearchTerm | undefined {
  const trimmed = query.trim()
  if (trimmed === '') return undefined
  const reference = normaliseReference(trimmed)
  if (reference !== undefined) return { field: 'reference', value: reference }
  if (trimmed.includes('@')) return { field: 'email', value: normaliseEmailTerm(trimmed) }
  if (/^[\d\s+().-]+$/.test(trimmed) && trimmed.replace(/\D/g, '').length >= 10) {
    return { field: 'phone', value: normalisePhoneTerm(trimmed) }
  }
  if (isValidUkPostcode(trimmed)) return { field: 'postcode', value: normalisePostcode(trimmed) }
  // Typographic apostrophes as escapes: one character outside Latin-1 in the compiled server makes V8 keep
  // its whole source at two bytes a character (decision 1961).
  if (/^[\p{L}][\p{L}\p{M}' \u2019\u2018.-]*$/u.test(trimmed)) {
    return { field: 'lastName', value: normaliseLastName(trimmed) }
  }
  return undefined
}

type Db = Kysely<Tables>

export interface IndexBuildSummary {
  rebuilt: boolean
  applications: number
  /** Payloads that could not be opened (a data key missing): not searchable until it is configured. */
  unreadable: number
}

/**
 * At start-up: when the index was made with another key (or never, as after the migration that added
 * it), it is made again from every stored application, in batches. Until the end the old key's
 * fingerprint stays, so a start interrupted half-way rebuilds again. Writes arriving meanwhile already
 * use the new key.
 */
export async function ensureSearchIndex(
  db: Db,
  key: Buffer,
  dataKeys: DataKeyring | undefined,
  options: { batchSize?: number } = {},
): Promise<IndexBuildSummary> {
  const fingerprint = keyFingerprint(key)
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
