// The rule londonClock applies, against the time-zone database (Node's ICU): every hour from 1997, when the
// rule took its present form, to 2040, and every minute of the two hours around each change of the clocks.
import { expect, test } from 'vitest'
import { formatLondonDateTime, londonClock, type LondonClock } from './london-time'

const database = new Intl.DateTimeFormat('en-GB-u-ca-gregory-nu-latn', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

function fromDatabase(instant: number): LondonClock {
  const parts = database.formatToParts(new Date(instant))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  }
}

test('londonClock agrees with the time-zone database at every hour from 1997 to 2040 and every minute around each change', () => {
  const hour = 3_600_000
  const instants: number[] = []
  for (let t = Date.UTC(1997, 0, 1, 0, 17); t < Date.UTC(2041, 0, 1); t += hour) instants.push(t)
  for (let year = 1997; year <= 2040; year++) {
    for (const month of [2, 9]) {
      const lastDay = new Date(Date.UTC(year, month + 1, 0))
      const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
      for (let t = change - 2 * hour; t <= change + 2 * hour; t += 60_000) instants.push(t)
    }
  }
  const disagreements = instants.filter((t) => {
    const ours = londonClock(new Date(t))
    const theirs = fromDatabase(t)
    return (Object.keys(theirs) as (keyof LondonClock)[]).some((key) => ours[key] !== theirs[key])
  })
  expect(instants.length).toBeGreaterThan(380_000)
  expect(disagreements.map((t) => new Date(t).toISOString())).toEqual([])
})

test("formatLondonDateTime writes what Intl's long date and short time write in London, around the changes too", () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  })
  const instants: number[] = []
  // Every 7 minutes and 13 seconds over ten years: every day, hour and minute value in turn.
  for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2030, 0, 1); t += 433_000) instants.push(t)
  const disagreements = instants.filter(
    (t) => formatLondonDateTime(new Date(t)) !== intl.format(new Date(t)),
  )
  expect(formatLondonDateTime(new Date('2026-11-26T09:05:00Z'))).toBe('26 November 2026 at 09:05')
  expect(formatLondonDateTime(new Date('2026-06-01T23:30:00Z'))).toBe('2 June 2026 at 00:30')
  expect(disagreements.map((t) => new Date(t).toISOString())).toEqual([])
})
