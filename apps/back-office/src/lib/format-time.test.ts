import { expect, test } from 'vitest'
import { formatDate, formatDateTime, londonDay } from './format-time'

test('a summer instant is shown in British Summer Time, with its date', () => {
  expect(formatDateTime('2026-07-01T12:05:00Z')).toBe('1 July 2026 at 1:05pm')
})

test('a winter instant is shown in Greenwich Mean Time', () => {
  expect(formatDateTime('2026-11-26T09:30:00Z')).toBe('26 November 2026 at 9:30am')
})

test('late evening UTC in summer is already the next day in London', () => {
  expect(formatDateTime('2026-06-30T23:30:00Z')).toBe('1 July 2026 at 12:30am')
  expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 July 2026')
  expect(londonDay('2026-06-30T23:30:00Z')).toBe('2026-07-01')
})

test('nothing or an unreadable instant shows nothing', () => {
  expect(formatDateTime(null)).toBe('')
  expect(formatDateTime('not a date')).toBe('')
  expect(formatDate(undefined)).toBe('')
})
