// Every time the back office shows is the broker's office time, Europe/London, with its date: the
// API sends ISO instants, and a caseworker on the phone reads "1 July 2026 at 1:05pm" (the GOV.UK
// style for dates and times), whatever the time zone of the computer in front of them.

export const OFFICE_TIME_ZONE = 'Europe/London'

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: OFFICE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  // h12, not hour12: en-GB's hour12 counts midnight as 0 rather than 12.
  hourCycle: 'h12',
})

const dateOnly = new Intl.DateTimeFormat('en-GB', {
  timeZone: OFFICE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

const isoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: OFFICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

function parse(instant: string | Date): Date | undefined {
  const date = instant instanceof Date ? instant : new Date(instant)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** '1 July 2026 at 1:05pm' in London; '' for a missing or unreadable instant. */
export function formatDateTime(instant: string | Date | null | undefined): string {
  const date = instant ? parse(instant) : undefined
  if (!date) return ''
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}${(parts.dayPeriod ?? '').toLowerCase()}`
}

/** '1 July 2026' in London. */
export function formatDate(instant: string | Date | null | undefined): string {
  const date = instant ? parse(instant) : undefined
  return date ? dateOnly.format(date) : ''
}

/** 'YYYY-MM-DD' of the London calendar day the instant falls on (a date input's value). */
export function londonDay(instant: string | Date): string {
  const date = parse(instant)
  return date ? isoDate.format(date) : ''
}
