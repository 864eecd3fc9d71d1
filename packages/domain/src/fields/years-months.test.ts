import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  MONTHS_CAP,
  SECURITY_YEARS_CAP_FROM_FIRST_ADDRESS,
  SECURITY_YEARS_CAP_FROM_FORM,
  YEARS_CAP,
  YEARS_MONTHS_RECOMPUTE_MS,
  capMonths,
  capYears,
  toDecimalYears,
  validateYearsMonths,
} from './years-months'

test('the caps and the recompute delay have the values of the requirements (Constants and limits)', () => {
  expect([YEARS_CAP, MONTHS_CAP]).toEqual([25, 11])
  expect([SECURITY_YEARS_CAP_FROM_FIRST_ADDRESS, SECURITY_YEARS_CAP_FROM_FORM]).toEqual([10, 50])
  expect(YEARS_MONTHS_RECOMPUTE_MS).toBe(100)
})

test.each<[number | null, number | null, number | null]>([
  [null, null, null],
  [Number.NaN, null, null],
  [0, 0, 0],
  [3, 3, 3],
  [25, 25, 11],
  [26, 25, 11],
  [40, 25, 11],
  [-2, 0, 0],
  [Number.POSITIVE_INFINITY, 25, 11],
])('%s is capped to %s years and %s months', (value, years, months) => {
  expect(capYears(value)).toBe(years)
  expect(capMonths(value)).toBe(months)
})

test.each([
  [12, 10, 10],
  [12, SECURITY_YEARS_CAP_FROM_FORM, 12],
  [60, SECURITY_YEARS_CAP_FROM_FORM, 50],
])('%s years with a cap of %s gives %s', (value, cap, capped) => {
  expect(capYears(value, cap)).toBe(capped)
})

test.each<[number | null, number | null, number]>([
  [null, null, 0],
  [2, null, 2],
  [null, 6, 0.5],
  [2, 3, 2.25],
  [30, 18, 25 + 11 / 12],
])('%s years and %s months are %s years', (years, months, decimal) => {
  expect(toDecimalYears(years, months)).toBeCloseTo(decimal, 10)
})

test.each<[number | null, number | null, 'main' | 'joint' | undefined, string | null]>([
  [null, null, undefined, 'Please answer this question.'],
  [null, null, 'joint', 'Please answer this question.'],
  [0, 0, undefined, 'Please answer this question.'],
  [0, null, undefined, 'Please answer this question.'],
  [null, 0, undefined, 'Please answer this question.'],
  [Number.NaN, Number.NaN, undefined, 'Please answer this question.'],
  [2, null, undefined, null],
  [null, 1, undefined, null],
  [0, 1, undefined, null],
  [3, 0, undefined, null],
  [30, 14, undefined, null],
])('%s years and %s months (%s) gives %j', (years, months, person, text) => {
  expect(validateYearsMonths(years, months, person)?.text ?? null).toBe(text)
})

test('the years/months error carries its key', () => {
  expect(validateYearsMonths(null, null)?.key).toBe('yearsMonths.required')
})

const anyCount = fc.oneof(fc.constant(null), fc.double(), fc.integer({ min: -100, max: 100 }))

test('capping never throws, stays within bounds and is idempotent', () => {
  fc.assert(
    fc.property(anyCount, fc.integer({ min: 0, max: 100 }), (value, cap) => {
      const years = capYears(value, cap)
      const months = capMonths(value)
      expect(capYears(years, cap)).toBe(years)
      expect(capMonths(months)).toBe(months)
      if (years !== null) expect(years >= 0 && years <= cap).toBe(true)
      if (months !== null) expect(months >= 0 && months <= 11).toBe(true)
    }),
  )
})
