import { expect, test } from 'vitest'
import {
  revealUnsafeCharacters,
  stripUnsafeCharacters,
  TEXT_MAX_LENGTH,
  hasUnsafeCharacters,
  isInvisible,
  normaliseText,
  validateText,
} from './text'

test('the maximum length of a text answer is 50', () => {
  expect(TEXT_MAX_LENGTH).toBe(50)
})

test.each([
  ['', 'main', 'Please enter your first name.'],
  ['   ', 'main', 'Please enter your first name.'],
  ['\t\n', 'joint', 'Please enter their first name.'],
] as const)(
  'a blank answer %j gives the required message for the %s applicant',
  (value, person, text) => {
    expect(validateText(value, { label: 'first name', person })).toEqual({
      key: 'text.required',
      text,
    })
  },
)

test.each([
  ['Ada', null],
  ['  Ada  ', null],
  ['x'.repeat(50), null],
  [` ${'x'.repeat(50)} `, null],
  ['x'.repeat(51), 'Your last name must be 50 characters or fewer.'],
])('%j gives %j', (value, text) => {
  const error = validateText(value, { label: 'last name' })
  expect(error?.text ?? null).toBe(text)
})

test('an optional text may be left blank', () => {
  expect(validateText('  ', { label: 'house name', required: false })).toBeNull()
})

test('an optional text is still limited to 50 characters', () => {
  expect(
    validateText('x'.repeat(51), { label: 'house name', required: false, person: 'joint' }),
  ).toEqual({
    key: 'text.tooLong',
    text: 'Their house name must be 50 characters or fewer.',
  })
})

test('normalising a text trims it', () => {
  expect(normaliseText('  Leeds \n')).toBe('Leeds')
})

test.each([
  ['a null character', 'Ada\u0000', false, true],
  ['an escape sequence', 'Acme\u001B[31m', false, true],
  ['a C1 control', 'Ada\u0085', false, true],
  ['a right-to-left override', 'Ada\u202Eexe.gnp', false, true],
  ['a right-to-left isolate', 'Ada\u2067', false, true],
  ['an Arabic letter mark', 'Ada\u061C', false, true],
  ['a line break in an answer', 'Ada\nLovelace', false, true],
  ['a line break in free text', 'Large print\nA carer present', true, false],
  ['a tab in free text', 'Large print\tplease', true, false],
  ['a bidirectional override in free text', 'Large print\u202D', true, true],
  ['letters of other scripts', 'Zoë Ñúñez Ólafsdóttir 山田', false, false],
  ['an apostrophe and a hyphen', "O'Neill-Smith", false, false],
])('%s: unsafe %s → %s', (_name, value, lineBreaks, unsafe) => {
  expect(hasUnsafeCharacters(value, { lineBreaks })).toBe(unsafe)
})

test.each([
  ['an empty answer', '', true],
  ['spaces of several kinds', ' \u00A0\u2003', true],
  ['zero-width spaces and a byte-order mark', '\u200B\u200C\u200D\uFEFF\u2060', true],
  ['a letter among them', '\u200BA\u200B', false],
])('%s is invisible: %s', (_name, value, invisible) => {
  expect(isInvisible(value)).toBe(invisible)
})

test('an answer is composed to NFC, so one name typed two ways is stored one way', () => {
  expect(normaliseText(' Zoe\u0301 ')).toBe('Zo\u00E9')
  expect(normaliseText('Zo\u00E9')).toBe('Zo\u00E9')
})

test('an answer with a control or bidirectional character, or of invisible characters, is refused', () => {
  expect(validateText('Ada\u202E', { label: 'first name' })?.text).toBe(
    'Please try again. Your first name contains characters we cannot accept.',
  )
  expect(validateText('Bob\u0007', { label: 'first name', person: 'joint' })?.text).toBe(
    'Please try again. Their first name contains characters we cannot accept.',
  )
  expect(validateText('\u200B\u200B', { label: 'last name' })?.text).toBe(
    'Please enter your last name.',
  )
})

test.each([
  ['a right-to-left override', 'Ada\u202Eevil', 'Adaevil'],
  [
    'every bidirectional control',
    '\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069x',
    'x',
  ],
  ['C0 controls, escape and delete', 'a\u0000b\u0007c\u001B[31md\u007F', 'abc[31md'],
  ['C1 controls', 'a\u0085b\u009Bc', 'abc'],
  ['line breaks and tabs, where text keeps no lines', 'one\ntwo\r\tthree', 'onetwothree'],
  [
    'zero-width space, word joiner, invisible operators and BOM',
    '\uFEFFO\u200BNe\u2060il\u2062l',
    'ONeill',
  ],
  ['tag characters (hidden ASCII)', 'ok\u{E0069}\u{E0067}\u{E006E}', 'ok'],
])('stripping unsafe characters removes %s', (_, value, stripped) => {
  expect(stripUnsafeCharacters(value)).toBe(stripped)
})

test('stripping keeps line breaks and tabs where text keeps its lines, and what scripts and emoji need', () => {
  expect(stripUnsafeCharacters('one\r\ntwo\tthree\u202E', { lineBreaks: true })).toBe(
    'one\r\ntwo\tthree',
  )
  // Zero-width non-joiner in a Persian name, zero-width joiner in an emoji, accents and Arabic text.
  for (const kept of ['می\u200Cخواهم', '👩\u200D🔧', 'Zoë Ó Súilleabháin', 'مرحبا']) {
    expect(stripUnsafeCharacters(kept)).toBe(kept)
  }
})

test('revealing unsafe characters shows each as its code point, and keeps lines and everything else', () => {
  expect(revealUnsafeCharacters('Ada\u202E lliehN\u0007\u200B\u{E0041}')).toBe(
    'Ada[U+202E] lliehN[U+0007][U+200B][U+E0041]',
  )
  expect(revealUnsafeCharacters('one\r\ntwo\tZoë 👩\u200D🔧')).toBe('one\r\ntwo\tZoë 👩\u200D🔧')
})
