import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  type CalendarDate,
  type DateParts,
  ageOn,
  dateOfBirthToIso,
  dateOfBirthToParts,
  formatDateOfBirthForSending,
  isRealDate,
  londonToday,
  padDatePart,
  validateDateOfBirth,
} from './date-of-birth'

const today: CalendarDate = { year: 2026, month: 6, day: 15 }

function dob(day: string, month: string, year: string): DateParts {
  return { day, month, year }
}

/** The errors as plain texts, to compare exactly. */
function texts(parts: DateParts, on: CalendarDate = today, person?: 'main' | 'joint') {
  const errors = validateDateOfBirth(parts, on, person)
  if (errors === null) return null
  return Object.fromEntries(Object.entries(errors).map(([where, error]) => [where, error.text]))
}

test.each<[string, DateParts, Record<string, string> | null]>([
  ['an ordinary adult', dob('1', '2', '1990'), null],
  ['zero-padded parts', dob('01', '02', '1990'), null],
  ['parts with spaces around', dob(' 7 ', ' 9 ', ' 1985 '), null],
  ['a blank day', dob('', '2', '1990'), { day: 'What day were you born?' }],
  ['a blank month', dob('1', ' ', '1990'), { month: 'Which month were you born?' }],
  ['a blank year', dob('1', '2', ''), { year: 'Which year were you born?' }],
  ['day 0', dob('0', '2', '1990'), { day: 'Please enter a day between 1 and 31.' }],
  ['day 32', dob('32', '2', '1990'), { day: 'Please enter a day between 1 and 31.' }],
  ['a negative day', dob('-1', '2', '1990'), { day: 'Please enter a day between 1 and 31.' }],
  [
    'a day that is not a number',
    dob('x', '2', '1990'),
    { day: 'Please enter a day between 1 and 31.' },
  ],
  ['month 0', dob('1', '0', '1990'), { month: 'Please enter a month between 1 and 12.' }],
  ['month 13', dob('1', '13', '1990'), { month: 'Please enter a month between 1 and 12.' }],
  ['a negative month', dob('1', '-2', '1990'), { month: 'Please enter a month between 1 and 12.' }],
  [
    'year 999',
    dob('1', '2', '999'),
    { year: "Please enter your year of birth using the format 'YYYY'." },
  ],
  [
    'year 0999',
    dob('1', '2', '0999'),
    { year: "Please enter your year of birth using the format 'YYYY'." },
  ],
  [
    'year 90',
    dob('1', '2', '90'),
    { year: "Please enter your year of birth using the format 'YYYY'." },
  ],
  [
    'a five-digit year',
    dob('1', '2', '19900'),
    { year: "Please enter your year of birth using the format 'YYYY'." },
  ],
  [
    'a year in letters',
    dob('1', '2', 'abcd'),
    { year: "Please enter your year of birth using the format 'YYYY'." },
  ],
  [
    'next year',
    dob('1', '2', '2027'),
    { year: 'Please check you have entered your year of birth correctly.' },
  ],
  [
    'tomorrow',
    dob('16', '6', '2026'),
    { year: 'Please check you have entered your year of birth correctly.' },
  ],
  [
    'later this year',
    dob('1', '12', '2026'),
    { year: 'Please check you have entered your year of birth correctly.' },
  ],
  [
    'today',
    dob('15', '6', '2026'),
    { date: 'You must be at least 18 years old to apply for finance with us.' },
  ],
  [
    'earlier this year',
    dob('1', '1', '2026'),
    { date: 'You must be at least 18 years old to apply for finance with us.' },
  ],
  ['31 February', dob('31', '2', '1990'), { date: 'Please enter a valid date.' }],
  ['31 April', dob('31', '4', '1990'), { date: 'Please enter a valid date.' }],
  [
    '29 February in a year without one',
    dob('29', '2', '1999'),
    { date: 'Please enter a valid date.' },
  ],
  [
    '29 February 1900 (no leap day in a century)',
    dob('29', '2', '1900'),
    { date: 'Please enter a valid date.' },
  ],
  ['29 February 2000 (a leap century)', dob('29', '2', '2000'), null],
  ['18th birthday today', dob('15', '6', '2008'), null],
  [
    '18th birthday tomorrow',
    dob('16', '6', '2008'),
    { date: 'You must be at least 18 years old to apply for finance with us.' },
  ],
  ['18th birthday yesterday', dob('14', '6', '2008'), null],
  [
    '80th birthday today',
    dob('15', '6', '1946'),
    { date: 'You must be under 80 years old to apply for finance with us.' },
  ],
  ['80th birthday tomorrow', dob('16', '6', '1946'), null],
  [
    '80th birthday yesterday',
    dob('14', '6', '1946'),
    { date: 'You must be under 80 years old to apply for finance with us.' },
  ],
  [
    'born in 1066',
    dob('14', '10', '1066'),
    { date: 'You must be under 80 years old to apply for finance with us.' },
  ],
  ['all three blank', dob('', '', ''), { date: 'Please enter your date of birth.' }],
  ['all three invalid', dob('0', '13', '999'), { date: 'Please enter your date of birth.' }],
  [
    'all three invalid with a future year',
    dob('32', 'x', '2099'),
    { date: 'Please enter your date of birth.' },
  ],
  [
    'two parts blank',
    dob('', '', '1990'),
    { day: 'What day were you born?', month: 'Which month were you born?' },
  ],
  [
    'a bad day and a bad year',
    dob('40', '2', '20'),
    {
      day: 'Please enter a day between 1 and 31.',
      year: "Please enter your year of birth using the format 'YYYY'.",
    },
  ],
])('%s gives %j', (_name, parts, expected) => {
  expect(texts(parts)).toEqual(expected)
})

test.each<[string, DateParts, Record<string, string>]>([
  ['a blank day', dob('', '2', '1990'), { day: 'What day were they born?' }],
  ['a blank month', dob('1', '', '1990'), { month: 'Which month were they born?' }],
  ['a blank year', dob('1', '2', ''), { year: 'Which year were they born?' }],
  ['day 32', dob('32', '2', '1990'), { day: 'Please enter a day between 1 and 31.' }],
  ['month 13', dob('1', '13', '1990'), { month: 'Please enter a month between 1 and 12.' }],
  [
    'year 999',
    dob('1', '2', '999'),
    { year: "Please enter their year of birth using the format 'YYYY'." },
  ],
  [
    'next year',
    dob('1', '2', '2027'),
    { year: 'Please check you have entered their year of birth correctly.' },
  ],
  ['31 February', dob('31', '2', '1990'), { date: 'Please enter a valid date.' }],
  [
    '17 years old',
    dob('16', '6', '2008'),
    { date: 'They must be at least 18 years old to apply for finance with us.' },
  ],
  [
    '80 years old',
    dob('15', '6', '1946'),
    { date: 'They must be under 80 years old to apply for finance with us.' },
  ],
  ['all three blank', dob('', '', ''), { date: 'Please enter their date of birth.' }],
])('for the joint applicant %s gives %j', (_name, parts, expected) => {
  expect(texts(parts, today, 'joint')).toEqual(expected)
})

test('errors carry their message keys', () => {
  expect(validateDateOfBirth(dob('', '13', '2099'), today)).toEqual({
    date: { key: 'dob.required', text: 'Please enter your date of birth.' },
  })
  expect(validateDateOfBirth(dob('', '13', '1990'), today)).toEqual({
    day: { key: 'dob.day.required', text: 'What day were you born?' },
    month: { key: 'dob.month.range', text: 'Please enter a month between 1 and 12.' },
  })
})

test.each<[string, DateParts, CalendarDate, Record<string, string> | null]>([
  [
    'born 29/02/2008, on 28/02/2026 (no 29th that year)',
    dob('29', '2', '2008'),
    { year: 2026, month: 2, day: 28 },
    { date: 'You must be at least 18 years old to apply for finance with us.' },
  ],
  [
    'born 29/02/2008, on 01/03/2026',
    dob('29', '2', '2008'),
    { year: 2026, month: 3, day: 1 },
    null,
  ],
  [
    'born 28/02/2010, on 29/02/2028',
    dob('28', '2', '2010'),
    { year: 2028, month: 2, day: 29 },
    null,
  ],
  [
    'born 01/03/2010, on 29/02/2028',
    dob('1', '3', '2010'),
    { year: 2028, month: 2, day: 29 },
    { date: 'You must be at least 18 years old to apply for finance with us.' },
  ],
  [
    'born 29/02/1948, on 29/02/2028 (80th birthday)',
    dob('29', '2', '1948'),
    { year: 2028, month: 2, day: 29 },
    { date: 'You must be under 80 years old to apply for finance with us.' },
  ],
  [
    'born 29/02/1948, on 28/02/2028',
    dob('29', '2', '1948'),
    { year: 2028, month: 2, day: 28 },
    null,
  ],
  [
    'born 29/02/1944, on 01/03/2023 (the 80th birthday falls a year later: 79)',
    dob('29', '2', '1944'),
    { year: 2023, month: 3, day: 1 },
    null,
  ],
  [
    'born 29/02/1944, on 01/03/2024',
    dob('29', '2', '1944'),
    { year: 2024, month: 3, day: 1 },
    { date: 'You must be under 80 years old to apply for finance with us.' },
  ],
])('%s gives %j', (_name, parts, on, expected) => {
  expect(texts(parts, on)).toEqual(expected)
})

test.each([
  [{ year: 2008, month: 2, day: 29 }, { year: 2026, month: 2, day: 28 }, 17],
  [{ year: 2008, month: 2, day: 29 }, { year: 2026, month: 3, day: 1 }, 18],
  [{ year: 2008, month: 2, day: 29 }, { year: 2028, month: 2, day: 29 }, 20],
  [{ year: 1990, month: 12, day: 31 }, { year: 2026, month: 1, day: 1 }, 35],
  [{ year: 1990, month: 1, day: 1 }, { year: 2026, month: 1, day: 1 }, 36],
])('born %j, on %j the age is %i', (birth, on, age) => {
  expect(ageOn(birth, on)).toBe(age)
})

test.each([
  [{ year: 2024, month: 2, day: 29 }, true],
  [{ year: 2023, month: 2, day: 29 }, false],
  [{ year: 2000, month: 2, day: 29 }, true],
  [{ year: 2100, month: 2, day: 29 }, false],
  [{ year: 2026, month: 4, day: 30 }, true],
  [{ year: 2026, month: 4, day: 31 }, false],
  [{ year: 2026, month: 12, day: 31 }, true],
  [{ year: 2026, month: 13, day: 1 }, false],
  [{ year: 2026, month: 1, day: 0 }, false],
])('%j exists: %s', (date, exists) => {
  expect(isRealDate(date)).toBe(exists)
})

test.each([
  ['2026-06-30T23:30:00Z', { year: 2026, month: 7, day: 1 }],
  ['2026-06-30T22:59:59Z', { year: 2026, month: 6, day: 30 }],
  ['2026-12-31T23:30:00Z', { year: 2026, month: 12, day: 31 }],
  ['2027-01-01T00:00:00Z', { year: 2027, month: 1, day: 1 }],
  ['2026-03-28T23:59:59Z', { year: 2026, month: 3, day: 28 }],
  ['2026-10-24T23:30:00Z', { year: 2026, month: 10, day: 25 }],
  ['2026-10-25T23:30:00Z', { year: 2026, month: 10, day: 25 }],
  ['2028-02-29T12:00:00Z', { year: 2028, month: 2, day: 29 }],
])('at %s it is %j in London', (instant, date) => {
  expect(londonToday(new Date(instant))).toEqual(date)
})

test('an 18th birthday is decided on the London date, not the UTC one', () => {
  const parts = dob('1', '7', '2008')
  const utcStillJune = new Date('2026-06-30T23:30:00Z')
  expect(validateDateOfBirth(parts, londonToday(utcStillJune))).toBeNull()
  expect(validateDateOfBirth(parts, { year: 2026, month: 6, day: 30 })?.date?.key).toBe(
    'dob.tooYoung',
  )
})

test.each<[DateParts, string | null]>([
  [dob('7', '9', '1985'), '1985-09-07T00:00:00.000Z'],
  [dob('07', '09', '1985'), '1985-09-07T00:00:00.000Z'],
  [dob(' 31', '12 ', '1999'), '1999-12-31T00:00:00.000Z'],
  [dob('15', '6', '2008'), '2008-06-15T00:00:00.000Z'],
  [dob('16', '6', '1946'), '1946-06-16T00:00:00.000Z'],
  [dob('16', '6', '2008'), null],
  [dob('15', '6', '1946'), null],
  [dob('31', '2', '1990'), null],
  [dob('', '', ''), null],
  [dob('1', '1', '2027'), null],
])('%j is stored as %j', (parts, iso) => {
  expect(dateOfBirthToIso(parts, today)).toBe(iso)
})

test.each<[string | null | undefined, string | undefined]>([
  ['1985-09-07T00:00:00.000Z', '1985-09-07T00:00:00.000'],
  ['2008-06-15T00:00:00.000Z', '2008-06-15T00:00:00.000'],
  ['1985-09-07', '1985-09-07T00:00:00.000'],
  [null, undefined],
  [undefined, undefined],
  ['', undefined],
  ['07/09/1985', undefined],
])('%j is sent as %j', (iso, sent) => {
  expect(formatDateOfBirthForSending(iso)).toBe(sent)
})

test.each<[string | null, DateParts]>([
  ['1985-09-07T00:00:00.000Z', dob('07', '09', '1985')],
  ['2000-12-31T00:00:00.000Z', dob('31', '12', '2000')],
  [null, dob('', '', '')],
  ['not a date', dob('', '', '')],
])('%j is shown in the inputs as %j', (iso, parts) => {
  expect(dateOfBirthToParts(iso)).toEqual(parts)
})

test.each([
  ['7', '07'],
  ['0', '00'],
  [' 7 ', '07'],
  ['07', '07'],
  ['12', '12'],
  ['', ''],
  ['  ', ''],
  ['x', 'x'],
  ['123', '123'],
])('the part %j is padded to %j', (typed, padded) => {
  expect(padDatePart(typed)).toBe(padded)
})

test('padding a date part never throws and is idempotent', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (value) => {
      const once = padDatePart(value)
      expect(padDatePart(once)).toBe(once)
    }),
  )
})

const anyDate = fc.record({
  year: fc.integer({ min: 1900, max: 2026 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
})

test('a stored date of birth shows the same date in the inputs and is accepted again', () => {
  fc.assert(
    fc.property(anyDate, (date) => {
      const parts = dob(String(date.day), String(date.month), String(date.year))
      const iso = dateOfBirthToIso(parts, today)
      if (iso === null) return
      const shown = dateOfBirthToParts(iso)
      expect(shown).toEqual({
        day: padDatePart(parts.day),
        month: padDatePart(parts.month),
        year: parts.year,
      })
      expect(dateOfBirthToIso(shown, today)).toBe(iso)
    }),
  )
})

test('a date of birth is accepted exactly when it exists and the age is 18 to 79', () => {
  fc.assert(
    fc.property(anyDate, (date) => {
      const parts = dob(String(date.day), String(date.month), String(date.year))
      const accepted = validateDateOfBirth(parts, today) === null
      const age = ageOn(date, today)
      expect(accepted).toBe(isRealDate(date) && age >= 18 && age < 80)
    }),
  )
})

test('validating any typed date of birth never throws', () => {
  const anyPart = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer().map(String))
  fc.assert(
    fc.property(anyPart, anyPart, anyPart, (day, month, year) => {
      const errors = validateDateOfBirth(dob(day, month, year), today)
      expect(errors === null || Object.keys(errors).length > 0).toBe(true)
    }),
  )
})
