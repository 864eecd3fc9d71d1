// Application-level encryption of the personal part of a stored payload (docs/requirements.md#security: encrypted at rest
// when a key is configured). A database dump, a backup or a read-only SQL account then shows which brand,
// loan and vehicle an application was about, but not who made it. Decision record:
// docs/decisions/0604-encryption-at-rest.md; rotation: docs/operations.md.

import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto'

export interface DataKey {
  id: string
  key: Buffer
}

/** The key new records are sealed with, and every key a stored record may name. */
export interface DataKeyring {
  /** Undefined when only old keys are configured: records are read, new ones stored in clear. */
  current: DataKey | undefined
  /** Every configured key by id, the current one included. */
  keys: ReadonlyMap<string, Buffer>
}

/** What takes the place of the personal fields in a stored payload. */
export interface EncryptedEnvelope {
  alg: 'A256GCM'
  kid: string
  /** Base64 of the 12-byte initialisation vector, new for every record. */
  iv: string
  /** Base64 of the ciphertext. */
  ct: string
  /** Base64 of the 16-byte authentication tag. */
  tag: string
}

/** The payload key holding the envelope; `$` cannot begin a field of the payload (docs/requirements.md#submission-payload). */
export const ENVELOPE_FIELD = '$encrypted'

/**
 * Fields stored in clear: what operations, retention and lenders' routing need, none of which says who
 * the applicant is. Everything else is sealed, so a field added to the payload later is personal until
 * someone decides otherwise here.
 */
export const CLEAR_FIELDS: ReadonlySet<string> = new Set([
  'submissionKey',
  'affiliateKey',
  'affiliateUserId',
  'dealerNumber',
  'vehicleType',
  'loanPurposeType',
  'term',
  'lookingToBuy',
  'dateApplied',
  'termsAndConditionsAgreed',
  'loanAmount',
  'loanAmountUnknown',
  'cashDeposit',
  'isJointApplication',
  'financeType',
  'agreeSoftSearch',
  'submittedBy',
  'IsCompleted',
  'vehicleId',
  'imageUrl',
  'make',
  'model',
  'price',
  'mileage',
  'colour',
  'vrm',
])

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,32}$/
export const DEFAULT_DATA_KEY_ID = '1'

export class DataKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DataKeyError'
  }
}

export interface DataKeyEnv {
  /** FORECOURT_DATA_KEY */
  key: string | undefined
  /** FORECOURT_DATA_KEY_ID */
  keyId: string | undefined
  /** FORECOURT_OLD_DATA_KEYS: `id:key,id:key` */
  oldKeys: string | undefined
}

/**
 * Reads the keys from the environment's values. Problems are pushed on `problems` (never quoting a key,
 * which is a secret); the result is undefined when no key is configured at all.
 */
export function parseDataKeyring(env: DataKeyEnv, problems: string[]): DataKeyring | undefined {
  const keys = new Map<string, Buffer>()
  let current: DataKey | undefined

  if (env.key !== undefined) {
    const id = env.keyId ?? DEFAULT_DATA_KEY_ID
    const key = decodeKey(env.key)
    if (!KEY_ID_PATTERN.test(id)) {
      problems.push(
        `FORECOURT_DATA_KEY_ID must be 1 to 32 letters, digits, dots, dashes or underscores (got "${id}")`,
      )
    }
    if (key === undefined) {
      problems.push(
        `FORECOURT_DATA_KEY must be ${KEY_BYTES} random bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32`,
      )
    } else {
      current = { id, key }
      keys.set(id, key)
    }
  } else if (env.keyId !== undefined) {
    problems.push('FORECOURT_DATA_KEY_ID is set but FORECOURT_DATA_KEY is not')
  }

  if (env.oldKeys !== undefined) {
    const entries = env.oldKeys
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
    entries.forEach((entry, index) => {
      const position = `entry ${index + 1} of FORECOURT_OLD_DATA_KEYS`
      const separator = entry.indexOf(':')
      if (separator === -1) {
        problems.push(`${position} must be written id:key`)
        return
      }
      const id = entry.slice(0, separator).trim()
      const key = decodeKey(entry.slice(separator + 1).trim())
      if (!KEY_ID_PATTERN.test(id)) {
        problems.push(
          `${position} has a key id that is not 1 to 32 letters, digits, dots, dashes or underscores`,
        )
      } else if (keys.has(id)) {
        problems.push(
          current?.id === id
            ? `${position} reuses the id "${id}" of FORECOURT_DATA_KEY: give the new key a new id`
            : `${position} repeats the key id "${id}"`,
        )
      } else if (key === undefined) {
        problems.push(
          `${position} (id "${id}") must hold ${KEY_BYTES} bytes written as base64 or hex`,
        )
      } else {
        keys.set(id, key)
      }
    })
  }

  if (current === undefined && keys.size === 0) return undefined
  return { current, keys }
}

/** 32 bytes from 64 hex digits or from base64 / base64url (padding optional); undefined otherwise. */
export function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined
  const key = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64')
  return key.length === KEY_BYTES ? key : undefined
}

// Node 24 checks a Buffer key by asking, and failing, whether it is a KeyObject and then a CryptoKey, at a
// cost of several times the sealing of a small record; a KeyObject skips both (decision 1981). One is
// made per key Buffer, which lives as long as its keyring.
const keyObjects = new WeakMap<Buffer, KeyObject>()

function keyObject(key: Buffer): KeyObject {
  let made = keyObjects.get(key)
  if (made === undefined) {
    made = createSecretKey(key)
    keyObjects.set(key, made)
  }
  return made
}

// Each IV is twelve fresh random bytes, used once, as before; they are drawn 256 at a time because one
// call for twelve bytes cost 4-6 µs, more than the sealing of a small record (decision 2177). An IV is
// stored beside its ciphertext in clear, so holding the next ones in memory gives nothing away.
const IVS_PER_DRAW = 256
let ivPool = Buffer.alloc(0)
let ivOffset = 0

function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BYTES * IVS_PER_DRAW)
    ivOffset = 0
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES)
  ivOffset += IV_BYTES
  return iv
}

export function encryptJson(value: unknown, key: DataKey, aad: string): EncryptedEnvelope {
  const iv = freshIv()
  const cipher = createCipheriv('aes-256-gcm', keyObject(key.key), iv, {
    authTagLength: TAG_BYTES,
  })
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return {
    alg: 'A256GCM',
    kid: key.id,
    iv: iv.toString('base64'),
    ct: ct.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

/**
 * Opens an envelope. Fails loudly (never returning garbage) when the key it names is not configured, or
 * when the ciphertext, tag or associated data was changed: a record moved to another row does not open.
 */
export function decryptJson(envelope: unknown, keyring: DataKeyring, aad: string): unknown {
  if (!isEnvelope(envelope)) throw new DataKeyError('The stored record is not a readable envelope')
  const key = keyring.keys.get(envelope.kid)
  if (key === undefined) {
    throw new DataKeyError(
      `The data key "${envelope.kid}" that sealed this record is not configured: add it to FORECOURT_OLD_DATA_KEYS`,
    )
  }
  const tag = Buffer.from(envelope.tag, 'base64')
  const iv = Buffer.from(envelope.iv, 'base64')
  if (tag.length !== TAG_BYTES || iv.length !== IV_BYTES) {
    throw new DataKeyError('The stored record is not a readable envelope')
  }
  const decipher = createDecipheriv('aes-256-gcm', keyObject(key), iv, {
    authTagLength: TAG_BYTES,
  })
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(tag)
  let plain: string
  try {
    plain = Buffer.concat([
      decipher.update(Buffer.from(envelope.ct, 'base64')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    throw new DataKeyError(
      `The stored record does not open with data key "${envelope.kid}": it was altered or belongs to another row`,
    )
  }
  return JSON.parse(plain) as unknown
}

/**
 * The payload as stored: the clear fields as they are, every other field inside one envelope. Without a
 * current key the payload is stored as it came.
 */
export function sealPayload(
  payload: Readonly<Record<string, unknown>>,
  keyring: DataKeyring | undefined,
  aad: string,
): Record<string, unknown> {
  const current = keyring?.current
  if (current === undefined) return { ...payload }
  const clear: Record<string, unknown> = {}
  const personal: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(payload)) {
    if (CLEAR_FIELDS.has(field)) clear[field] = value
    else personal[field] = value
  }
  if (Object.keys(personal).length === 0) return clear
  return { ...clear, [ENVELOPE_FIELD]: encryptJson(personal, current, aad) }
}

/** The payload as it was given to `sealPayload`; a payload stored in clear comes back as it is. */
export function openPayload(
  stored: Readonly<Record<string, unknown>>,
  keyring: DataKeyring | undefined,
  aad: string,
): Record<string, unknown> {
  if (!(ENVELOPE_FIELD in stored)) return { ...stored }
  if (keyring === undefined) {
    throw new DataKeyError(
      'This record is encrypted but no data key is configured: set FORECOURT_DATA_KEY (and FORECOURT_OLD_DATA_KEYS)',
    )
  }
  const { [ENVELOPE_FIELD]: envelope, ...clear } = stored
  const personal = decryptJson(envelope, keyring, aad)
  if (typeof personal !== 'object' || personal === null || Array.isArray(personal)) {
    throw new DataKeyError('The stored record is not a readable envelope')
  }
  // Field order is the original's only for the clear part; nothing reads the order.
  return { ...clear, ...(personal as Record<string, unknown>) }
}

/** The id of the key that sealed a stored payload; undefined when it is stored in clear. */
export function sealedWith(stored: Readonly<Record<string, unknown>>): string | undefined {
  const envelope = stored[ENVELOPE_FIELD]
  return isEnvelope(envelope) ? envelope.kid : undefined
}

function isEnvelope(value: unknown): value is EncryptedEnvelope {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    record.alg === 'A256GCM' &&
    typeof record.kid === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.ct === 'string' &&
    typeof record.tag === 'string'
  )
}
