import fc from 'fast-check'
import { expect, test } from 'vitest'
import { normaliseName } from './name'

test.each([
  ['ada', 'Ada'],
  ['  ada  ', 'Ada'],
  ['ada lovelace', 'Ada Lovelace'],
  ['mary  jane', 'Mary Jane'],
  ['mary-jane', 'Mary-Jane'],
  ['smith-jones', 'Smith-Jones'],
  ["o'neill", "O'Neill"],
  ['o’neill', 'O’Neill'],
  ["d'arcy", "D'Arcy"],
  ["dell'aqua", "Dell'aqua"],
  ['McDONALD', 'McDONALD'],
  ['mcdonald', 'Mcdonald'],
  ['van der berg', 'Van Der Berg'],
  ['ÉLODIE', 'ÉLODIE'],
  ['élodie', 'Élodie'],
  ['ßig', 'ßig'],
  ['', ''],
  ['   ', ''],
  ['-ann', '-Ann'],
])('%j is stored as %j', (typed, stored) => {
  expect(normaliseName(typed)).toBe(stored)
})

const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', 'ß', "'", '’', '-', ' ', '\t', 'o', 'Ö', 'ŉ', 'ǆ') }),
)

test('normalising a name never throws and is idempotent', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const once = normaliseName(value)
      expect(normaliseName(once)).toBe(once)
    }),
  )
})

test('normalising a name only trims, joins spaces and changes first letters', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme-ascii' }), (value) => {
      const once = normaliseName(value)
      expect(once.toLowerCase()).toBe(value.trim().split(/\s+/).join(' ').toLowerCase())
    }),
  )
})
