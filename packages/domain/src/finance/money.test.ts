import { expect, test } from 'vitest'
import { formatPounds } from './money'

test.each([
  [7500, undefined, '£7,500'],
  [216.45, undefined, '£216.45'],
  [10389.6, undefined, '£10,389.60'],
  [2889.6, undefined, '£2,889.60'],
  [0, undefined, '£0'],
  [1234567.891, undefined, '£1,234,567.89'],
  [7500, true, '£7,500.00'],
  [0.5, true, '£0.50'],
  [15995.49, false, '£15,995'],
  [15995.5, false, '£15,996'],
  [1.005, true, '£1.01'],
  [-0.001, undefined, '£0'],
  [-0.4, false, '£0'],
  [-250, undefined, '-£250'],
  [Number.NaN, undefined, ''],
  [Number.POSITIVE_INFINITY, true, ''],
])('%s with pence %s reads %s', (value, pence, text) => {
  expect(formatPounds(value, pence === undefined ? undefined : { pence })).toBe(text)
})
