import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  DRAMA_NUMBER_PREFIXES,
  PHONE_MAX_TYPED,
  PHONE_MIN_TYPED,
  hasValidUkPrefix,
  isReservedDramaNumber,
  normalisePhoneForSending,
  sanitisePhoneInput,
  validatePhone,
} from './phone'

const countryCode = 'Please enter your phone number without the country code.'
const digits = 'Please try again, UK phone numbers should contain 11 digits.'
const startWithZero = 'Please try again, your phone number should start with a 0.'
const looksInvalid = 'Please try again, Your phone number looks invalid.'
const required = 'Please enter your phone number.'
const wrong = 'Please try again. That phone number doesn’t look right.'

test('a phone number is typed in 10 to 13 characters', () => {
  expect([PHONE_MIN_TYPED, PHONE_MAX_TYPED]).toEqual([10, 13])
})

test.each([
  ['07911 123456', '07911123456'],
  ['+447911123456', '07911123456'],
  ['+44 7911 123456', '07911123456'],
  ['+44 (0)7911 123456', '07911123456'],
  ['+4407911123456', '07911123456'],
  ['+33612345678', '+33612345678'],
  ['+1 (212) 555-0100', '+12125550100'],
  ['07911.123.456', '07911123456'],
  ['07911,123,456', '07911123456'],
  ['(0113) 496-0000', '01134960000'],
  ['0791+1123456', '07911123456'],
  ['++447911123456', '07911123456'],
  ['0791112345678901', '0791112345678'],
  ['0044 7911 123456', '0044791112345'],
  ['tel: 07911', 'tel:07911'],
  ['', ''],
  ['   ', ''],
  ['+', '+'],
  ['+44', '0'],
])('typing %j leaves %j in the input', (typed, kept) => {
  expect(sanitisePhoneInput(typed)).toBe(kept)
})

test.each([
  ['', required],
  ['   ', required],
  ['+33612345678', countryCode],
  ['+1 212 555 0100', countryCode],
  ['0791112345', digits],
  ['079111234567', digits],
  ['7911123456', digits],
  ['0044791112345', digits],
  ['abc', digits],
  ['44791112345', startWithZero],
  ['79111234567', startWithZero],
  ['07011123456', looksInvalid],
  ['07611123456', looksInvalid],
  ['04011123456', looksInvalid],
  ['06011123456', looksInvalid],
  ['08001234567', looksInvalid],
  ['09012345678', looksInvalid],
  ['00113496000', looksInvalid],
  ['07700900123', looksInvalid],
  ['020 7946 0999', looksInvalid],
  ['0791112345a6', wrong],
  ['079111/23456', wrong],
  ['07911123456', null],
  ['+44 7911 123456', null],
  ['07123456789', null],
  ['07511123456', null],
  ['07811123456', null],
  ['07911123456', null],
  ['01134961000', null],
  ['020 7946 1000', null],
  ['02079451000', null],
  ['03001234567', null],
  ['05512345678', null],
  ['07700901000', null],
])('%j gives %j', (value, text) => {
  expect(validatePhone(value)?.text ?? null).toBe(text)
})

test.each([
  ['', 'phone.required', 'Please enter their phone number.'],
  [
    '+33612345678',
    'phone.countryCode',
    'Please enter their phone number without the country code.',
  ],
  ['0791112345', 'phone.digits', digits],
  [
    '44791112345',
    'phone.startWithZero',
    'Please try again, their phone number should start with a 0.',
  ],
  ['07700900000', 'phone.invalid', 'Please try again, Their phone number looks invalid.'],
  ['0791112345a6', 'phone.wrong', wrong],
] as const)('for the joint applicant %j gives %s', (value, key, text) => {
  expect(validatePhone(value, { person: 'joint' })).toEqual({ key, text })
})

test('an optional phone number may be left blank but not be wrong', () => {
  expect(validatePhone('', { required: false })).toBeNull()
  expect(validatePhone('123', { required: false })?.key).toBe('phone.digits')
})

const dramaRanges = [
  '0113 496 0',
  '0114 496 0',
  '0115 496 0',
  '0116 496 0',
  '0117 496 0',
  '0118 496 0',
  '0121 496 0',
  '0131 496 0',
  '0141 496 0',
  '0151 496 0',
  '0161 496 0',
  '020 7946 0',
  '0191 498 0',
  '028 9649 6',
  '029 2018 0',
  '01632 960',
  '07700 900',
  '08081 570',
  '0909 879 0',
  '03069 990',
]

test('all twenty Ofcom drama ranges are listed', () => {
  expect(DRAMA_NUMBER_PREFIXES).toHaveLength(dramaRanges.length)
  expect(dramaRanges.map((range) => range.replace(/\s/g, '')).sort()).toEqual(
    [...DRAMA_NUMBER_PREFIXES].sort(),
  )
})

test.each(dramaRanges)('the first, middle and last numbers of %sxxx are reserved', (range) => {
  for (const last of ['000', '500', '999']) {
    expect(isReservedDramaNumber(`${range}${last}`)).toBe(true)
  }
})

test.each(dramaRanges)('numbers just outside %sxxx are not reserved', (range) => {
  const prefix = range.replace(/\s/g, '')
  const below = String(Number(prefix) - 1).padStart(8, '0')
  const above = String(Number(prefix) + 1).padStart(8, '0')
  expect(isReservedDramaNumber(`${below}999`)).toBe(false)
  expect(isReservedDramaNumber(`${above}000`)).toBe(false)
})

test.each(dramaRanges)(
  'the first and last numbers of %sxxx are refused as looking invalid, as typed or with +44',
  (range) => {
    for (const last of ['000', '999']) {
      const typed = `${range}${last}`
      expect(validatePhone(typed)?.text).toBe(looksInvalid)
      expect(validatePhone(`+44${typed.slice(1)}`)?.text).toBe(looksInvalid)
      expect(validatePhone(typed, { person: 'joint' })?.text).toBe(
        'Please try again, Their phone number looks invalid.',
      )
    }
  },
)

// Just outside a range the number is judged by its prefix alone: accepted where the prefix is
// (01, 02, 03, 07700), still refused where it is not (0808 freephone, 0909 premium rate).
test.each(dramaRanges)('the numbers either side of %sxxx are judged by their prefix', (range) => {
  const prefix = range.replace(/\s/g, '')
  const below = `${String(Number(prefix) - 1).padStart(8, '0')}999`
  const above = `${String(Number(prefix) + 1).padStart(8, '0')}000`
  for (const number of [below, above]) {
    expect(validatePhone(number)?.text ?? null).toBe(hasValidUkPrefix(number) ? null : looksInvalid)
  }
})

test('the Belfast drama range 028 9649 6xxx is refused, and 028 9018 0xxx is an ordinary number', () => {
  expect(validatePhone('028 9649 6000')?.text).toBe(looksInvalid)
  expect(validatePhone('02896496999')?.text).toBe(looksInvalid)
  expect(validatePhone('028 9649 5999')).toBeNull()
  expect(validatePhone('028 9649 7000')).toBeNull()
  expect(validatePhone('028 9018 0000')).toBeNull()
})

test.each([
  ['0770090000', false],
  ['077009000000', false],
  ['', false],
])('%j is not a reserved number (wrong length)', (value, reserved) => {
  expect(isReservedDramaNumber(value)).toBe(reserved)
})

test.each([
  ['01', true],
  ['02', true],
  ['03', true],
  ['05', true],
  ['071', true],
  ['072', true],
  ['073', true],
  ['074', true],
  ['075', true],
  ['077', true],
  ['078', true],
  ['079', true],
  ['070', false],
  ['076', false],
  ['00', false],
  ['04', false],
  ['06', false],
  ['08', false],
  ['09', false],
])('the prefix %s is allowed: %s', (prefix, allowed) => {
  expect(hasValidUkPrefix(prefix.padEnd(11, '1'))).toBe(allowed)
})

test.each([
  ['07911123456', '07911123456'],
  ['+447911123456', '07911123456'],
  [' +44 7911 123456 ', '07911123456'],
  ['07911-123-456', '07911123456'],
  ['7911123456', '07911123456'],
  ['+33 6 12 34 56 78', '033612345678'],
  ['', ''],
  ['7', ''],
  ['a7b', ''],
  ['77', '077'],
  ['00', '00'],
])('%j is sent as %j', (value, sent) => {
  expect(normalisePhoneForSending(value)).toBe(sent)
})

const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('+', '4', '0', '7', '1', ' ', ',', '.', '-', '(', ')', 'a') }),
)

test('sanitising a phone input never throws, is idempotent and keeps at most 13 characters', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const once = sanitisePhoneInput(value)
      expect(once.length).toBeLessThanOrEqual(PHONE_MAX_TYPED)
      expect(once).not.toMatch(/\s/)
      expect(once.slice(1)).not.toMatch(/[+,.()-]/)
      expect(sanitisePhoneInput(once)).toBe(once)
    }),
  )
})

test('normalising a phone for sending never throws, is idempotent and gives digits from a 0', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      const once = normalisePhoneForSending(value)
      expect(once === '' || /^0\d+$/.test(once)).toBe(true)
      expect(normalisePhoneForSending(once)).toBe(once)
    }),
  )
})

test('validating any phone input never throws, and an accepted one is sent unchanged', () => {
  fc.assert(
    fc.property(anyString, (value) => {
      if (validatePhone(value) === null) {
        const kept = sanitisePhoneInput(value)
        expect(kept).toMatch(/^0\d{10}$/)
        expect(normalisePhoneForSending(kept)).toBe(kept)
      }
    }),
  )
})
