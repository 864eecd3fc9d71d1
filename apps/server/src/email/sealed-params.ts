// Sealed parameters of an outbox row (decision 1951): what a message needs but the database must not show
// to its readers (a link's token and code, and the address it goes to), encrypted with AES-256-GCM under a
// key of their own. The key is HKDF-SHA256 of the server's key for keyed hashes (FORECOURT_INDEX_KEY, or
// the one derived from the data key: decision 1605), salted with FORECOURT_SECRET when it is set, so a copy
// of the database alone opens nothing, and a server with neither data key nor index key (where that key is
// a fixed one) still needs the secret production requires. The sealed value is bound to its row's dedupe
// key: moved to another row, it does not open.

import { createHmac, hkdfSync } from 'node:crypto'
import { searchIndexKey } from '../back-office/search-index'
import type { Config } from '../config'
import { decryptJson, encryptJson, type DataKey } from '../crypto/field-encryption'

const HKDF_LABEL = 'forecourt/email-sealed-params/v1'

/** The key that seals and opens; its id names it in each sealed value without revealing it. */
export type SealKey = DataKey

export function sealedParamsKey(hashKey: Buffer, secret: string | undefined): SealKey {
  const salt = secret === undefined ? Buffer.alloc(0) : Buffer.from(secret, 'utf8')
  const key = Buffer.from(hkdfSync('sha256', hashKey, salt, HKDF_LABEL, 32))
  const id = `s${createHmac('sha256', key).update('fingerprint').digest('hex').slice(0, 16)}`
  return { id, key }
}

/** The key as the server and `npm run worker` make it from the same configuration. */
export function sealKeyFor(config: Pick<Config, 'backOffice' | 'dataKeys' | 'secret'>): SealKey {
  return sealedParamsKey(searchIndexKey(config.backOffice.indexKey, config.dataKeys), config.secret)
}

export interface SealedParams {
  /** The recipient, when the message does not find it in the stored application. */
  to: { name: string; address: string }
  /** The template's parameters that must not be stored readable. */
  params: Readonly<Record<string, string>>
}

/** Why sealed parameters do not open: never what they hold. */
export class SealedParamsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SealedParamsError'
  }
}

function associatedData(dedupeKey: string): string {
  return `forecourt/email-sealed/${dedupeKey}`
}

/** The column's value: an envelope (as field-encryption.ts makes them) as JSON. */
export function sealParams(value: SealedParams, key: SealKey, dedupeKey: string): string {
  return JSON.stringify(encryptJson(value, key, associatedData(dedupeKey)))
}

export function openParams(stored: string, key: SealKey, dedupeKey: string): SealedParams {
  let value: unknown
  try {
    value = decryptJson(
      JSON.parse(stored),
      { current: key, keys: new Map([[key.id, key.key]]) },
      associatedData(dedupeKey),
    )
  } catch {
    // The key changed (a new FORECOURT_SECRET, index key or data key), or the value was altered.
    throw new SealedParamsError("the sealed parameters do not open with this server's key")
  }
  const { to, params } = (value ?? {}) as Partial<SealedParams>
  if (
    typeof to?.address !== 'string' ||
    typeof to.name !== 'string' ||
    typeof params !== 'object' ||
    params === null ||
    !Object.values(params).every((item) => typeof item === 'string')
  ) {
    throw new SealedParamsError('the sealed parameters are not in the expected form')
  }
  return { to: { name: to.name, address: to.address }, params }
}
