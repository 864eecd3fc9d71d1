import { expect, test } from 'vitest'
import { emptyAddress, emptyEmployment, emptyJointApplicant } from '../state/application-state'
import {
  HISTORY_MONTHS_REQUIRED,
  type Period,
  addressPeriods,
  describeHistoryTotal,
  describeMonths,
  employmentPeriods,
  entriesNeededForHistory,
  isHistoryComplete,
  jointEmploymentPeriod,
  totalMonths,
  totalYears,
} from './histories'

function p(years: number | null, months: number | null): Period {
  return { years, months }
}

test('a history is complete at 36 months', () => {
  expect(HISTORY_MONTHS_REQUIRED).toBe(36)
})

test.each<[string, Period[], number, boolean]>([
  ['no entries', [], 0, false],
  ['one blank entry', [p(null, null)], 0, false],
  ['2 years 11 months', [p(2, 11)], 35, false],
  ['3 years', [p(3, null)], 36, true],
  ['36 months typed as 11 months (capped) and 2 years', [p(2, 36)], 35, false],
  ['1 year 6 months twice', [p(1, 6), p(1, 6)], 36, true],
  ['three entries short by a month', [p(1, 0), p(0, 11), p(1, 0)], 35, false],
  ['30 years (capped at 25)', [p(30, 0)], 300, true],
  ['months only', [p(null, 11), p(null, 11), p(null, 11), p(null, 3)], 36, true],
])('%s: %i months, complete %s', (_name, periods, months, complete) => {
  expect(totalMonths(periods)).toBe(months)
  expect(isHistoryComplete(periods)).toBe(complete)
})

test.each<[Period[], number]>([
  [[], 0],
  [[p(2, 6)], 2.5],
  [[p(1, 3), p(0, 9)], 2],
  [[p(2, 4)], 2 + 4 / 12],
  [[p(40, 20)], 25 + 11 / 12],
])('%j adds up to %s years', (periods, years) => {
  expect(totalYears(periods)).toBeCloseTo(years, 10)
})

test.each<[Period[], number]>([
  [[], 0],
  [[p(1, 0)], 1],
  [[p(5, 0), p(2, 0)], 1],
  [[p(1, 0), p(2, 0), p(4, 0)], 2],
  [[p(1, 0), p(1, 0), p(1, 0), p(1, 0)], 3],
  [[p(1, 0), p(1, 0)], 2],
])('%j needs its first %i entries', (periods, needed) => {
  expect(entriesNeededForHistory(periods)).toBe(needed)
})

test.each([
  [0, '0 months'],
  [1, '1 month'],
  [2, '2 months'],
  [11, '11 months'],
  [12, '1 year'],
  [13, '1 year 1 month'],
  [14, '1 year 2 months'],
  [24, '2 years'],
  [28, '2 years 4 months'],
  [36, '3 years'],
  [2.7, '2 months'],
  [-3, '0 months'],
  [Number.NaN, '0 months'],
])('%s months is written %j', (months, words) => {
  expect(describeMonths(months)).toBe(words)
})

test.each([
  [28, '2 years 4 months so far; we need 3 years'],
  [0, '0 months so far; we need 3 years'],
  [13, '1 year 1 month so far; we need 3 years'],
  [36, '3 years so far; we need 3 years'],
])('the history line for %i months reads %j', (months, line) => {
  expect(describeHistoryTotal(months)).toBe(line)
})

test('address periods come from years and months at address', () => {
  const first = { ...emptyAddress(), yearsAtAddress: 2, monthsAtAddress: 4 }
  const second = { ...emptyAddress(), monthsAtAddress: 9 }
  expect(addressPeriods([first, second])).toEqual([p(2, 4), p(null, 9)])
  expect(totalMonths(addressPeriods([first, second]))).toBe(37)
})

test('employment periods come from years and months at employer', () => {
  const first = { ...emptyEmployment(), yearsAtEmployer: 1, monthsAtEmployer: null }
  expect(employmentPeriods([first, emptyEmployment()])).toEqual([p(1, null), p(null, null)])
})

test("the joint applicant's single employment is a period", () => {
  const joint = { ...emptyJointApplicant(), yearsAtEmployer: 4, monthsAtEmployer: 2 }
  expect(jointEmploymentPeriod(joint)).toEqual(p(4, 2))
})
