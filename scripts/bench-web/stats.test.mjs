import assert from 'node:assert/strict'
import { test } from 'vitest'
import { median, percentile } from './stats.mjs'

test('the median is the middle value, or the mean of the two middle ones', () => {
  for (const [values, expected] of [
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[98, 97, 99], 98],
  ]) {
    assert.equal(median(values), expected, `median of ${values}`)
  }
  assert.ok(Number.isNaN(median([])))
})

test('the nearest-rank percentile is always one of the measured values', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => (i + 1) * 10)
  for (const [values, p, expected] of [
    [twenty, 95, 190],
    [twenty, 50, 100],
    [twenty, 100, 200],
    [[40, 10, 30, 20], 95, 40],
    [[40, 10, 30, 20], 50, 20],
    [[7], 95, 7],
  ]) {
    assert.equal(percentile(values, p), expected, `p${p} of ${values.length} values`)
  }
  assert.ok(Number.isNaN(percentile([], 95)))
})
