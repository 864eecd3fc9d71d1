// The time on a clock in the UK, from the summer-time rule rather than Intl (decision 2011): British Summer
// Time, UTC+1, from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October (the rule
// since 1996, in the Summer Time Order 2002), Greenwich Mean Time otherwise. Its unit test checks it against
// the time-zone database minute by minute around every change of the clocks, so a change in the law shows
// there first.

import { MONTH_NAMES } from './en-gb'

const HOUR_MS = 3_600_000

/** 01:00 UTC on the last Sunday of a month (0-based), when the UK's clocks change. */
function lastSundayOneAmUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0))
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/** What a clock in London shows at `now`; month 1–12, hour 0–23. */
export interface LondonClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

export function londonClock(now: Date): LondonClock {
  const instant = now.getTime()
  const year = now.getUTCFullYear()
  const summer = instant >= lastSundayOneAmUtc(year, 2) && instant < lastSundayOneAmUtc(year, 9)
  const local = new Date(instant + (summer ? HOUR_MS : 0))
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  }
}

/**
 * A moment as the UK reads it, in words: `26 November 2026 at 09:05` (what Intl's en-GB `dateStyle: 'long'`
 * with `timeStyle: 'short'` writes in the Europe/London zone).
 */
export function formatLondonDateTime(date: Date): string {
  const { year, month, day, hour, minute } = londonClock(date)
  const twoDigits = (value: number) => String(value).padStart(2, '0')
  return `${day} ${MONTH_NAMES[month - 1]} ${year} at ${twoDigits(hour)}:${twoDigits(minute)}`
}
