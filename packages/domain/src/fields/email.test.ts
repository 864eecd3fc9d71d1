import fc from 'fast-check'
import { expect, test } from 'vitest'
import { EMAIL_MAX_LENGTH, normaliseEmail, sanitiseEmailInput, validateEmail } from './email'

const wrong = 'Please try again. That email address doesn’t look right.'

test('the maximum length of an email address is 50', () => {
  expect(EMAIL_MAX_LENGTH).toBe(50)
})

test.each([
  ['ada@example.com', null],
  ['  ada@example.com  ', null],
  ['Ada.Lovelace+loans@mail.example.co.uk', null],
  ["o'neill@example.ie", null],
  ['a@b.co', null],
  ['user@xn--bcher-kva.example', null],
  ['user@sub-domain.example.org', null],
  [`${'a'.repeat(38)}@example.com`, null],
  [`${'a'.repeat(39)}@example.com`, wrong],
  ['', 'Please enter your email address.'],
  ['   ', 'Please enter your email address.'],
  ['ada', wrong],
  ['ada@', wrong],
  ['@example.com', wrong],
  ['ada@example', wrong],
  ['ada@example.c', wrong],
  ['ada@example.123', wrong],
  ['ada@@example.com', wrong],
  ['ada@exa mple.com', wrong],
  ['ada@.example.com', wrong],
  ['ada@example..com', wrong],
  ['ada@-example.com', wrong],
  ['ada@example-.com', wrong],
  ['.ada@example.com', wrong],
  ['ada.@example.com', wrong],
  ['ad..a@example.com', wrong],
  ['ada(at)example.com', wrong],
  ['ädä@example.com', wrong],
])('%j gives %j', (value, text) => {
  expect(validateEmail(value)?.text ?? null).toBe(text)
})

test('the joint applicant gets the their variant, and the label can change', () => {
  expect(validateEmail('', { person: 'joint' })).toEqual({
    key: 'email.required',
    text: 'Please enter their email address.',
  })
  expect(validateEmail('', { label: 'work email' })?.text).toBe('Please enter your work email.')
  expect(validateEmail('nope', { person: 'joint' })).toEqual({ key: 'email.invalid', text: wrong })
})

test('an optional email may be left blank but not be wrong', () => {
  expect(validateEmail(' ', { required: false })).toBeNull()
  expect(validateEmail('nope', { required: false })?.key).toBe('email.invalid')
})

test.each([
  ['ada @example.com', 'ada@example.com'],
  [' ada@example.com\t', 'ada@example.com'],
  ['a d a@ex ample.com', 'ada@example.com'],
  ['Ada@Example.com', 'Ada@Example.com'],
])('typing %j leaves %j in the input', (raw, value) => {
  expect(sanitiseEmailInput(raw)).toBe(value)
})

test('normalising an email trims it and keeps its case', () => {
  expect(normaliseEmail('  Ada@Example.com ')).toBe('Ada@Example.com')
})

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }))

test('sanitising an email input never throws, leaves no space and is idempotent', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const once = sanitiseEmailInput(value)
      expect(once).not.toMatch(/\s/)
      expect(sanitiseEmailInput(once)).toBe(once)
    }),
  )
})

test('normalising an email never throws and is idempotent', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const once = normaliseEmail(value)
      expect(normaliseEmail(once)).toBe(once)
    }),
  )
})

test('validating any email never throws', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const error = validateEmail(value)
      expect(error === null || typeof error.text === 'string').toBe(true)
    }),
  )
})
