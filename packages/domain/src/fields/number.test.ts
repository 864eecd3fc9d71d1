import { expect, test } from 'vitest'
import { parseNumberInput, validateNumber } from './number'

test.each([
  ['', null],
  ['   ', null],
  ['abc', null],
  ['12abc', null],
  ['1e5', null],
  ['£', null],
  ['-', null],
  ['.', null],
  ['1,50', null],
  ['1,5000', null],
  ['0', 0],
  ['1500', 1500],
  [' 1500 ', 1500],
  ['1,500', 1500],
  ['£1,500', 1500],
  ['£ 1,500', 1500],
  ['1,234,567', 1234567],
  ['1500.01', 1501],
  ['1500.5', 1501],
  ['.5', 1],
  ['-1500', 1500],
  ['-2.5', 2],
  ['-0.4', 0],
  ['+7', 7],
  ['£1,500.00', 1500],
])('%j is read as %j', (raw, expected) => {
  expect(parseNumberInput(raw)).toBe(expected)
})

test.each([
  ['1500.5', 1500.5],
  ['-2.5', -2.5],
  ['£1,500.25', 1500.25],
  ['', null],
  ['x', null],
])('with rounding disabled %j is read as %j', (raw, expected) => {
  expect(parseNumberInput(raw, { roundingDisabled: true })).toBe(expected)
})

test('a number too large to hold is not a number', () => {
  expect(parseNumberInput('9'.repeat(400))).toBeNull()
})

test.each([
  [null, {}, 'Please enter your loan amount.'],
  [Number.NaN, {}, 'Please enter your loan amount.'],
  [null, { person: 'joint' as const }, 'Please enter their loan amount.'],
  [999, { min: 1000, max: 50000 }, 'Must be between 1,000 and 50,000.'],
  [50001, { min: 1000, max: 50000 }, 'Must be between 1,000 and 50,000.'],
  [1000, { min: 1000, max: 50000 }, null],
  [50000, { min: 1000, max: 50000 }, null],
  [0, {}, null],
  [1, { min: 1, max: 7 }, null],
  [8, { min: 1, max: 7, person: 'joint' as const }, 'Must be between 1 and 7.'],
  [5, { min: 10 }, null],
])('the amount %s with %j gives %j', (value, opts, text) => {
  const error = validateNumber(value, { label: 'loan amount', ...opts })
  expect(error?.text ?? null).toBe(text)
})

test('a blank optional number is accepted', () => {
  expect(validateNumber(null, { label: 'deposit', required: false })).toBeNull()
})

test('errors carry their message keys', () => {
  expect(validateNumber(null, { label: 'x' })?.key).toBe('number.required')
  expect(validateNumber(0, { label: 'x', min: 1, max: 2 })?.key).toBe('number.range')
})
