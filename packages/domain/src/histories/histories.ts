import type { Address, Employment, JointApplicant } from '../state/application-state'
import { capMonths, capYears } from '../fields/years-months'

/**
 * docs/requirements.md#histories: address and employment histories are complete at 36 months (the specification's
 * "stops at about 35 months accumulated"); until then another entry is asked for.
 */
export const HISTORY_MONTHS_REQUIRED = 36

/**
 * The most entries a history can have: every entry is at least a month, so 36 of them complete it.
 * The journey asks for no more, and the server accepts as many (docs/decisions/1502).
 */
export const MAX_HISTORY_ENTRIES = HISTORY_MONTHS_REQUIRED

/** The time spent at one address or with one employer. */
export interface Period {
  years: number | null
  months: number | null
}

/** Whole months of one period, after the caps (years 25, months 11); a blank counts as 0. */
export function periodMonths({ years, months }: Period): number {
  return (capYears(years) ?? 0) * 12 + (capMonths(months) ?? 0)
}

export function totalMonths(periods: readonly Period[]): number {
  return periods.reduce((sum, period) => sum + periodMonths(period), 0)
}

/** docs/requirements.md#histories: the sum over entries of years plus months divided by 12. */
export function totalYears(periods: readonly Period[]): number {
  return totalMonths(periods) / 12
}

export function isHistoryComplete(periods: readonly Period[]): boolean {
  return totalMonths(periods) >= HISTORY_MONTHS_REQUIRED
}

/**
 * How many entries, from the first, the history needs: up to and including the one that takes it
 * to 36 months, or all of them while it is short. Entries after that are left over from answers
 * that were later changed and are not sent.
 */
export function entriesNeededForHistory(periods: readonly Period[]): number {
  let months = 0
  for (const [index, period] of periods.entries()) {
    months += periodMonths(period)
    if (months >= HISTORY_MONTHS_REQUIRED) return index + 1
  }
  return periods.length
}

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** A number of months in words: '1 year', '2 years 4 months', '1 month', '0 months'. */
export function describeMonths(months: number): string {
  const whole = Number.isFinite(months) ? Math.max(0, Math.floor(months)) : 0
  const years = Math.floor(whole / 12)
  const rest = whole % 12
  if (years === 0) return count(rest, 'month')
  return rest === 0 ? count(years, 'year') : `${count(years, 'year')} ${count(rest, 'month')}`
}

/**
 * The line shown beside a history while it is built (docs/decisions/0107):
 * '2 years 4 months so far; we need 3 years'.
 */
export function describeHistoryTotal(months: number): string {
  return `${describeMonths(months)} so far; we need ${describeMonths(HISTORY_MONTHS_REQUIRED)}`
}

export function addressPeriods(addresses: readonly Address[]): Period[] {
  return addresses.map((address) => ({
    years: address.yearsAtAddress,
    months: address.monthsAtAddress,
  }))
}

export function employmentPeriods(employments: readonly Employment[]): Period[] {
  return employments.map((employment) => ({
    years: employment.yearsAtEmployer,
    months: employment.monthsAtEmployer,
  }))
}

/** The joint applicant is asked about one employer only. */
export function jointEmploymentPeriod(joint: JointApplicant): Period {
  return { years: joint.yearsAtEmployer, months: joint.monthsAtEmployer }
}
