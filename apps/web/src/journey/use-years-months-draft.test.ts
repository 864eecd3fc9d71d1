import { expect, test } from 'vitest'
import { parseYearsMonthsPart } from './use-years-months-draft'

test.each([
  ['years', '', null],
  ['years', 'ab', null],
  ['years', '3', 3],
  ['years', '25', 25],
  ['years', '26', 25],
  ['years', '99', 25],
  ['months', '0', 0],
  ['months', '11', 11],
  ['months', '12', 11],
  ['months', '1.5', 2],
] as const)('%s typed as "%s" is stored as %s', (part, raw, stored) => {
  expect(parseYearsMonthsPart(part, raw)).toBe(stored)
})
