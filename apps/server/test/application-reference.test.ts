// The domain's reference (pure TypeScript, for the browser and the server) against node:crypto's SHA-256.

import { createHash, randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import {
  REFERENCE_ALPHABET,
  applicationReference,
} from '@forecourt/domain/reference/application-reference'

function withNodeCrypto(key: string): string {
  const digest = createHash('sha256').update(key.toLowerCase()).digest()
  const bits = BigInt(`0x${digest.subarray(0, 8).toString('hex')}`) >> 4n
  let characters = ''
  for (let shift = 55n; shift >= 0n; shift -= 5n) {
    characters += REFERENCE_ALPHABET[Number((bits >> shift) & 31n)]
  }
  return `FC-${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`
}

test('a thousand random keys: the first 60 bits of SHA-256 in Crockford base 32', () => {
  for (let i = 0; i < 1000; i += 1) {
    const key = randomUUID()
    expect(applicationReference(key)).toBe(withNodeCrypto(key))
  }
})
