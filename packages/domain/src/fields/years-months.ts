import { type FieldError, type Person, fieldError } from '../messages/messages'

export { YEARS_MONTHS_RECOMPUTE_MS } from './timing'

/** docs/requirements.md#validation and docs/requirements.md#constants-and-limits: address and employer years are capped at 25, months at 11. */
export const YEARS_CAP = 25
export const MONTHS_CAP = 11
/** docs/requirements.md#constants-and-limits: the security address's years, when taken from the first address… */
export const SECURITY_YEARS_CAP_FROM_FIRST_ADDRESS = 10
/** …and when taken from the form's own security address. */
export const SECURITY_YEARS_CAP_FROM_FORM = 50

function cap(n: number | null, max: number): number | null {
  if (n === null || Number.isNaN(n)) return null
  return Math.min(Math.max(n, 0), max)
}

/** Keeps years within 0 to `cap` (25 unless given); blank stays blank. */
export function capYears(n: number | null, max: number = YEARS_CAP): number | null {
  return cap(n, max)
}

/** Keeps months within 0 to 11; blank stays blank. */
export function capMonths(n: number | null): number | null {
  return cap(n, MONTHS_CAP)
}

/** docs/requirements.md#histories: years plus months divided by 12, after the caps; a blank counts as 0. */
export function toDecimalYears(years: number | null, months: number | null): number {
  return (capYears(years) ?? 0) + (capMonths(months) ?? 0) / 12
}

/**
 * 'Please answer this question.' when both are blank, or when the answer comes to no time at all
 * (docs/decisions/0107-years-months-and-histories.md): numbers are rounded up as typed, so less
 * than a month is one month. One part may be left blank: "2 years" needs no months.
 */
export function validateYearsMonths(
  years: number | null,
  months: number | null,
  person?: Person,
): FieldError | null {
  if (toDecimalYears(years, months) > 0) return null
  return fieldError('yearsMonths.required', {}, person)
}
