// The en-GB forms against Intl's own (Node's ICU, the same library the browsers use), for the values
// Forecourt shows and for any number fast-check finds.
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formatConjunction, formatGbp, formatLongDateUtc, formatNumber } from './en-gb'

const intlNumber = (value: number, min: number | undefined, max: number | undefined) =>
  new Intl.NumberFormat('en-GB', {
    ...(min === undefined ? {} : { minimumFractionDigits: min }),
    ...(max === undefined ? {} : { maximumFractionDigits: max }),
  }).format(value)

const intlGbp = (value: number, digits: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)

test.each([
  [0, undefined, 0],
  [1234, undefined, 0],
  [1234567.891, undefined, undefined],
  [1.005, undefined, 2],
  [0.045, undefined, 2],
  [2.5, undefined, 0],
  [-2.5, undefined, 0],
  [-0.001, undefined, 0],
  [-0, undefined, 0],
  [9.9, undefined, 2],
  [4.75, undefined, 1],
  [999999.5, undefined, 0],
  [12.1, 2, 2],
  [7, 2, 2],
  [1e-7, undefined, 3],
  [1e21, undefined, 0],
  [1.2345e25, undefined, 2],
  [Number.NaN, undefined, 0],
  [Number.POSITIVE_INFINITY, undefined, 0],
])('%d with %s to %s decimal places is written as Intl writes it', (value, min, max) => {
  expect(formatNumber(value, { minimumFractionDigits: min, maximumFractionDigits: max })).toBe(
    intlNumber(value, min, max),
  )
})

test('any number, rounded to 0–3 decimal places with 0 to that many always shown, is written as Intl writes it', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
        fc.integer({ min: 0, max: 1e7 }).map((n) => n / 200),
      ),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
      (value, max, minWanted) => {
        const min = Math.min(minWanted, max)
        expect(
          formatNumber(value, { minimumFractionDigits: min, maximumFractionDigits: max }),
        ).toBe(intlNumber(value, min, max))
      },
    ),
    { numRuns: 20_000 },
  )
})

test('pounds are written as Intl writes GBP, whole or with pence', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(0, 2), (pennies, digits) => {
      const value = digits === 0 ? Math.round(pennies / 100) : pennies / 100
      expect(
        formatGbp(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      ).toBe(intlGbp(value, digits))
    }),
    { numRuns: 20_000 },
  )
})

test('every day from 1990 to 2060 is written as Intl writes a long en-GB date in UTC', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const wrong: string[] = []
  let days = 0
  for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2061, 0, 1); t += 86_400_000) {
    days += 1
    const date = new Date(t)
    if (formatLongDateUtc(date) !== intl.format(date)) wrong.push(date.toISOString())
  }
  expect(days).toBeGreaterThan(25_000)
  expect(wrong).toEqual([])
})

test('lists of none to six items are joined as Intl joins an en-GB long conjunction', () => {
  const intl = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' })
  const words = ['email', 'text message', 'post', 'phone', 'social media', 'online advertising']
  for (let length = 0; length <= words.length; length++) {
    const items = words.slice(0, length)
    expect(formatConjunction(items)).toBe(intl.format(items))
  }
})
