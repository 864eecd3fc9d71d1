import { expect, test } from 'vitest'
import {
  REFERENCE_ALPHABET,
  REFERENCE_PATTERN,
  applicationReference,
} from './application-reference'

// Worked out with node:crypto's SHA-256 (apps/server/test/application-reference.test.ts checks a thousand
// more). The first eight characters are the eight-character reference these keys had before.
test.each([
  ['3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b', 'FC-NN07-T1T4-FN9J'],
  ['0b0c9b4e-1d2f-4e5a-9b6c-7d8e9f0a1b2c', 'FC-KTJN-E0E2-S78K'],
])('the reference of %s is %s, in any case', (key, reference) => {
  expect(applicationReference(key)).toBe(reference)
  expect(applicationReference(key.toUpperCase())).toBe(reference)
  expect(reference).toMatch(REFERENCE_PATTERN)
})

test('the alphabet has 32 characters and no I, L, O or U', () => {
  expect(new Set(REFERENCE_ALPHABET).size).toBe(32)
  expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/)
})

test('the chance of any repeat among ten million applications is about 4.3 × 10⁻⁵', () => {
  const n = 1e7
  const space = 2 ** 60
  const chance = -Math.expm1((-n * (n - 1)) / (2 * space))
  expect(chance).toBeGreaterThan(4.3e-5)
  expect(chance).toBeLessThan(4.4e-5)
})
