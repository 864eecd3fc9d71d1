import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isValidUkPostcode, normalisePostcode } from './postcode'

test.each([
  ['sw1a1aa', 'SW1A 1AA'],
  [' m1  1ae ', 'M1 1AE'],
  ['SW1A 1AA', 'SW1A 1AA'],
  ['sw1a 1aa', 'SW1A 1AA'],
  ['S W 1 A 1 A A', 'SW1A 1AA'],
  ['\tec1a\n1bb', 'EC1A 1BB'],
  ['b338th', 'B33 8TH'],
  ['cr26xh', 'CR2 6XH'],
  ['dn551pt', 'DN55 1PT'],
  ['w1a0ax', 'W1A 0AX'],
  ['gir0aa', 'GIR 0AA'],
  ['bs14rw', 'BS1 4RW'],
  ['', ''],
  ['   ', ''],
  ['abc', 'ABC'],
  ['1aa', '1AA'],
  ['sw1a', 'SW 1A'],
  ['12345', '1234 5'],
])('%j is sent as %j', (typed, sent) => {
  expect(normalisePostcode(typed)).toBe(sent)
})

test.each([
  ['SW1A 1AA', true],
  ['sw1a1aa', true],
  [' m1  1ae ', true],
  ['B33 8TH', true],
  ['CR2 6XH', true],
  ['DN55 1PT', true],
  ['W1A 0AX', true],
  ['EC1A 1BB', true],
  ['GIR 0AA', true],
  ['gir0aa', true],
  ['M60 1NW', true],
  ['', false],
  ['SW1A', false],
  ['SW1A 1A', false],
  ['SW1A 1AAA', false],
  ['QA1 1AA', false],
  ['SW1A 1CA', false],
  ['1AA 1AA', false],
  ['GIR 1AA', false],
  ['SW1A-1AA', false],
  ['12345', false],
  ['ZZ99 3WZ', false],
])('%j is a UK postcode: %s', (value, valid) => {
  expect(isValidUkPostcode(value)).toBe(valid)
})

test('normalising never throws, whatever is typed', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), (value) => {
      expect(typeof normalisePostcode(value)).toBe('string')
      expect(typeof isValidUkPostcode(value)).toBe('boolean')
    }),
  )
})

test('normalising twice gives the same as normalising once', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
      (value) => {
        const once = normalisePostcode(value)
        expect(normalisePostcode(once)).toBe(once)
      },
    ),
  )
})

test('every generated valid postcode survives any spacing and case', () => {
  const letter = (letters: string) => fc.constantFrom(...letters)
  const postcode = fc
    .tuple(
      letter('ABCDEFGHIJKLMNOPRSTUWYZ'),
      fc.integer({ min: 1, max: 99 }),
      fc.integer({ min: 0, max: 9 }),
      letter('ABDEFGHJLNPQRSTUWXYZ'),
      letter('ABDEFGHJLNPQRSTUWXYZ'),
    )
    .map(([area, district, sector, unit1, unit2]) => `${area}${district} ${sector}${unit1}${unit2}`)
  fc.assert(
    fc.property(postcode, fc.boolean(), fc.constantFrom('', ' ', '  '), (code, lower, gap) => {
      const typed = (lower ? code.toLowerCase() : code).replace(' ', gap)
      expect(normalisePostcode(typed)).toBe(code)
      expect(isValidUkPostcode(typed)).toBe(true)
    }),
  )
})
