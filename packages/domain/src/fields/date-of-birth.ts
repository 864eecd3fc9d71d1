import { type FieldError, type Person, fieldError } from '../messages/messages'
import { londonClock } from '../format/london-time'
import { MAX_AGE_EXCLUSIVE, MIN_AGE } from './timing'

export { MAX_AGE_EXCLUSIVE, MIN_AGE }

/** The three inputs as typed. */
export interface DateParts {
  day: string
  month: string
  year: string
}

/** A date on the calendar, with no time and no zone; month 1–12. */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** Each part's own error, or `date` for the date as a whole (all three parts are marked then). */
export interface DateOfBirthErrors {
  day?: FieldError
  month?: FieldError
  year?: FieldError
  date?: FieldError
}

/** docs/requirements.md#date-of-birth: a single-digit day or month is zero-padded ('7' → '07'); anything else is kept, trimmed. */
export function padDatePart(value: string): string {
  const part = value.trim()
  return /^\d$/.test(part) ? `0${part}` : part
}

/**
 * Today's date in the UK, where "18 today" is decided (docs/requirements.md#date-of-birth), whatever the
 * device's zone (format/london-time.ts, without Intl: decision 2011).
 */
export function londonToday(now: Date): CalendarDate {
  const { year, month, day } = londonClock(now)
  return { year, month, day }
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Whether the date exists on the (proleptic Gregorian) calendar: 29/02/2023 and 31/04 do not. */
export function isRealDate({ year, month, day }: CalendarDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
}

/** Negative when a comes first, positive when b does. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/**
 * Age in completed years on `today`. Someone born on 29 February has a birthday on 1 March in
 * years without one, as in UK law.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day)
  return today.year - birth.year - (hadBirthday ? 0 : 1)
}

function checkDayOrMonth(
  value: string,
  max: number,
  required: FieldError,
  range: FieldError,
): { value?: number; error?: FieldError } {
  const part = value.trim()
  if (part === '') return { error: required }
  // Negative, zero, too large or not a number at all: the range message says what is expected.
  if (!/^\d+$/.test(part)) return { error: range }
  const number = Number(part)
  return number >= 1 && number <= max ? { value: number } : { error: range }
}

function checkYear(
  value: string,
  today: CalendarDate,
  person: Person | undefined,
): { value?: number; error?: FieldError } {
  const part = value.trim()
  if (part === '') return { error: fieldError('dob.year.required', {}, person) }
  // Anything that is not four digits from 1000 is not 'YYYY'.
  if (!/^\d{4}$/.test(part) || Number(part) < 1000) {
    return { error: fieldError('dob.year.format', {}, person) }
  }
  const year = Number(part)
  if (year > today.year) return { error: fieldError('dob.year.future', {}, person) }
  return { value: year }
}

/**
 * docs/requirements.md#date-of-birth date of birth, against `today` (give it `londonToday(new Date())`). Returns null when the
 * applicant may apply: the date exists, is not in the future, and they are 18 or over and under 80.
 * When all three parts are blank or invalid, a single 'Please enter your date of birth.' is given
 * for the whole date instead of three messages (docs/decisions/0106-date-of-birth.md).
 */
export function validateDateOfBirth(
  parts: DateParts,
  today: CalendarDate,
  person?: Person,
): DateOfBirthErrors | null {
  const day = checkDayOrMonth(
    parts.day,
    31,
    fieldError('dob.day.required', {}, person),
    fieldError('dob.day.range', {}, person),
  )
  const month = checkDayOrMonth(
    parts.month,
    12,
    fieldError('dob.month.required', {}, person),
    fieldError('dob.month.range', {}, person),
  )
  const year = checkYear(parts.year, today, person)

  if (day.error && month.error && year.error) {
    return { date: fieldError('dob.required', {}, person) }
  }
  if (day.value === undefined || month.value === undefined || year.value === undefined) {
    const errors: DateOfBirthErrors = {}
    if (day.error) errors.day = day.error
    if (month.error) errors.month = month.error
    if (year.error) errors.year = year.error
    return errors
  }

  const birth: CalendarDate = { year: year.value, month: month.value, day: day.value }
  if (!isRealDate(birth)) return { date: fieldError('dob.invalid', {}, person) }
  // A date later than today in the current year is as much in the future as a later year.
  if (compareDates(birth, today) > 0) return { year: fieldError('dob.year.future', {}, person) }
  const age = ageOn(birth, today)
  if (age < MIN_AGE) return { date: fieldError('dob.tooYoung', {}, person) }
  if (age >= MAX_AGE_EXCLUSIVE) return { date: fieldError('dob.tooOld', {}, person) }
  return null
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0')
}

/**
 * The stored dateOfBirth (docs/requirements.md#date-of-birth): year-month-day at midnight UTC, or null when the date is invalid or
 * outside the allowed ages.
 */
export function dateOfBirthToIso(parts: DateParts, today: CalendarDate): string | null {
  if (validateDateOfBirth(parts, today) !== null) return null
  const year = Number(parts.year.trim())
  const month = Number(parts.month.trim())
  const day = Number(parts.day.trim())
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T00:00:00.000Z`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** docs/requirements.md#date-of-birth: the date of birth is sent as YYYY-MM-DDT00:00:00.000 (no zone); nothing when there is none. */
export function formatDateOfBirthForSending(iso: string | null | undefined): string | undefined {
  const match = iso ? ISO_DATE.exec(iso) : null
  if (!match) return undefined
  return `${match[1]}-${match[2]}-${match[3]}T00:00:00.000`
}

/** The three inputs for a stored dateOfBirth (zero-padded), or empty inputs when there is none. */
export function dateOfBirthToParts(iso: string | null | undefined): DateParts {
  const match = iso ? ISO_DATE.exec(iso) : null
  if (!match) return { day: '', month: '', year: '' }
  return { day: match[3] ?? '', month: match[2] ?? '', year: match[1] ?? '' }
}
