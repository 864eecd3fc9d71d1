// Filters take London calendar days (what staff mean by "from 3 November"); the database compares UTC
// instants. London is UTC or UTC+1, and its clocks change at 01:00 UTC, so its midnight is never
// ambiguous. London's clock comes from the summer-time rule, not Intl: Intl's time zones load ICU's data into
// every server that starts (decision 2021).

import { londonClock } from '@forecourt/domain/format/london-time'

/** The UTC instant (ISO) at which the London day `YYYY-MM-DD` (plus `addDays`) begins. */
export function londonDayStart(day: string, addDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (match === null) return undefined
  const [, year, month, date] = match.map(Number) as [number, number, number, number]
  const utcMidnight = Date.UTC(year, month - 1, date + addDays)
  const check = new Date(Date.UTC(year, month - 1, date))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined
  // At UTC midnight London shows 00 (winter) or 01 (summer): that hour is its lead over UTC.
  const lead = londonClock(new Date(utcMidnight)).hour
  return new Date(utcMidnight - lead * 3600_000).toISOString()
}
