// Numbers and dates written as en-GB writes them, without Intl. A browser's first Intl formatter loads the
// locale data of its ICU library: 30–60 ms in one piece on the main thread of a fast machine, the largest
// single task of the start page and of a question's first render, where it counts as blocking time
// (decision 2011). Forecourt writes one language, British English, whose number and date forms are fixed;
// the unit tests check these functions against Intl's own output.

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

export interface NumberFormatOptions {
  /** Decimal places always written (0 unless given). */
  minimumFractionDigits?: number
  /** Decimal places at most, rounding half away from zero (3 unless given, as Intl's default). */
  maximumFractionDigits?: number
}

/**
 * Rounds half away from zero at `digits` decimal places, on the number's shortest decimal form, as Intl
 * does: 1.005 (stored as 1.00499…) rounds to 1.01, where `toFixed` would give 1.00.
 */
function roundHalfExpand(value: number, digits: number): number {
  const magnitude = Math.abs(value)
  const shortest = String(magnitude)
  // A number written with an exponent (below 1e-6 or from 1e21) is far outside what is shown here.
  const rounded = shortest.includes('e')
    ? Number(magnitude.toFixed(digits))
    : Number(`${Math.round(Number(`${shortest}e${digits}`))}e-${digits}`)
  return value < 0 || Object.is(value, -0) ? -rounded : rounded
}

/** `magnitude` with `digits` decimal places, from 1e21 on too (where `toFixed` writes an exponent). */
function fixedDigits(magnitude: number, digits: number): string {
  if (magnitude < 1e21) return magnitude.toFixed(digits)
  // '1.2345e+25': the shortest form's digits, then zeros, as Intl writes them.
  const [mantissa = '', exponent = '0'] = String(magnitude).split('e+')
  const [whole = '', fraction = ''] = mantissa.split('.')
  const digitsOfWhole = whole + fraction.padEnd(Number(exponent), '0')
  return digits === 0 ? digitsOfWhole : `${digitsOfWhole}.${'0'.repeat(digits)}`
}

/** '1,234', '1,234.5', '0.25': as `new Intl.NumberFormat('en-GB', options).format(value)` writes it. */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  if (Number.isNaN(value)) return 'NaN'
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞'
  const { minimumFractionDigits = 0 } = options
  const maximumFractionDigits = Math.max(options.maximumFractionDigits ?? 3, minimumFractionDigits)
  const rounded = roundHalfExpand(value, maximumFractionDigits)
  const [whole = '0', fraction = ''] = fixedDigits(Math.abs(rounded), maximumFractionDigits).split(
    '.',
  )
  const shownFraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0')
  const sign = rounded < 0 || Object.is(rounded, -0) ? '-' : ''
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${shownFraction === '' ? '' : `.${shownFraction}`}`
}

/** '£1,234', '-£5.50': as Intl's en-GB currency format for GBP with the same fraction digits. */
export function formatGbp(value: number, options: NumberFormatOptions = {}): string {
  const number = formatNumber(value, options)
  return number.startsWith('-') ? `-£${number.slice(1)}` : `£${number}`
}

/** '1 November 2026': a date's day, month name and year in UTC, as Intl's en-GB long date with timeZone UTC. */
export function formatLongDateUtc(date: Date): string {
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** 'email', 'email and post', 'email, text message and post': as Intl's en-GB long conjunction list. */
export function formatConjunction(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
