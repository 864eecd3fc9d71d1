// Operators' passwords: at least 12 characters, not one of the common passwords bundled with
// @zxcvbn-ts/language-common (about 49,000, from breach corpora), hashed with Node's own scrypt at
// OWASP's parameters for 32 MiB of memory. Decision record: docs/decisions/1603-*. The list is loaded
// with the first password an operator chooses, not at start-up: it holds about 2.5 MB of heap that a
// server taking applications never needs (decision 1961).

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { brands } from '@forecourt/domain/brands/brand-data'

export const PASSWORD_MIN_LENGTH = 12
// A passphrase of several long words still fits; a pasted document does not reach the hash.
export const PASSWORD_MAX_LENGTH = 256

export const PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Your password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  common: 'This password is too common: choose one that is harder to guess',
  personal: 'Your password must not contain your email address or its first part',
  productName: 'Your password must not contain the name of this service or of its brands',
} as const

// The words a guesser tries first against a broker's back office: the product's name and each
// brand's id, trading name and domain labels (lower case, letters and digits only).
const NAME_WORDS: readonly string[] = [
  ...new Set(
    [
      'forecourt',
      ...Object.values(brands).flatMap((brand) => [
        brand.id,
        brand.tradingName,
        // 'harbourlend' from 'www.harbourlend.example': the name, not the TLD or a 'www'.
        ...brand.domains.map((domain) => domain.split('.').at(-2) ?? ''),
      ]),
    ]
      .map(lettersAndDigits)
      .filter((word) => word.length >= 5),
  ),
]

function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}

// N = 2^15, r = 8, p = 3: OWASP's Password Storage Cheat Sheet's scrypt setting for 32 MiB.
const PARAMETERS = { N: 32768, r: 8, p: 3 } as const
const KEY_BYTES = 32
const SALT_BYTES = 16
const MAX_MEMORY = 64 * 1024 * 1024

let commonPasswords: Promise<ReadonlySet<string>> | undefined

function common(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        (dictionary['passwords-common'] as readonly string[]).map((word) => word.toLowerCase()),
      ),
  )
  return commonPasswords
}

/**
 * Why a new password is refused, or undefined when it is acceptable. `email` is the operator's own:
 * a password holding it, or its part before the @, is the first thing a guesser who knows it tries.
 */
export async function passwordProblem(
  password: string,
  email?: string,
): Promise<string | undefined> {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong
  const compact = lettersAndDigits(password)
  if (email !== undefined) {
    const local = lettersAndDigits(email.split('@')[0] ?? '')
    if (local.length >= 3 && compact.includes(local)) return PASSWORD_MESSAGES.personal
  }
  if (NAME_WORDS.some((word) => compact.includes(word))) return PASSWORD_MESSAGES.productName
  const folded = password.trim().toLowerCase()
  // "password1234" and "Password1234!" are the same guess as the listed word with a few characters on.
  const stripped = folded.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '')
  const listed = await common()
  if (listed.has(folded) || (stripped.length >= 4 && listed.has(stripped))) {
    return PASSWORD_MESSAGES.common
  }
  if (new Set(folded).size <= 2) return PASSWORD_MESSAGES.common
  return undefined
}

function derive(password: string, salt: Buffer, params: typeof PARAMETERS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** `scrypt$N=32768,r=8,p=3$<salt base64>$<key base64>`: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, PARAMETERS)
  const { N, r, p } = PARAMETERS
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  )
  if (match === null) return false
  const [, N, r, p, salt, key] = match
  const expected = Buffer.from(key!, 'base64')
  const actual = await derive(password, Buffer.from(salt!, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  } as typeof PARAMETERS)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the time of a real check on a sign-in for an address no operator has (or one without a
 * password yet), so the answer's timing does not tell which addresses exist.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummyHash)
}
