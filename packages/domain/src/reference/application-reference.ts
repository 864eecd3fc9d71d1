// The reference an applicant quotes (FC-7K2M-9QXD-R4TB): twelve Crockford base-32 characters (no I, L, O
// or U, so nothing reads as another) of the SHA-256 of the lower-case application key. The key remains
// the identifier; the reference names the application to a person, on screen and over the phone. Worked
// out the same way by the browser (which shows it before the server answers) and the server (which
// answers and stores it, unique). Pure TypeScript: @noble/hashes computes SHA-256 synchronously, where
// Web Crypto is asynchronous and absent from pages served over plain http. Decision record:
// docs/decisions/1576-application-reference.md.

import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** 60 bits: among ten million applications, a repeated reference has a chance of about 1 in 23,000. */
export const REFERENCE_CHARACTERS = 12
export const REFERENCE_PATTERN =
  /^FC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** `FC-` and three groups of four characters, fixed by the key (in any case). */
export function applicationReference(applicationKey: string): string {
  const digest = sha256(utf8ToBytes(applicationKey.toLowerCase()))
  let characters = ''
  // Five bits at a time from the first 60 bits of the digest, most significant first.
  for (let index = 0; index < REFERENCE_CHARACTERS; index += 1) {
    const bit = index * 5
    const byte = bit >> 3
    const pair = ((digest[byte] ?? 0) << 8) | (digest[byte + 1] ?? 0)
    characters += REFERENCE_ALPHABET[(pair >> (11 - (bit & 7))) & 31]
  }
  return `FC-${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`
}
