import { expect, test } from 'vitest'
import { dropEmpty } from './drop-empty'

test.each<[string, unknown, unknown]>([
  ['an empty string', { a: '', b: 'x' }, { b: 'x' }],
  ['null and undefined', { a: null, b: undefined, c: 1 }, { c: 1 }],
  ['false and 0 stay', { a: false, b: 0, c: true }, { a: false, b: 0, c: true }],
  [
    'numbers that JSON cannot carry',
    { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: 2.5 },
    { c: 2.5 },
  ],
  ['a space is not empty', { a: ' ' }, { a: ' ' }],
  ['inside nested objects', { a: { b: '', c: { d: null, e: 'x' } } }, { a: { c: { e: 'x' } } }],
  ['objects left empty', { a: { b: '', c: null }, d: 1 }, { d: 1 }],
  [
    'inside list items',
    {
      list: [
        { index: 1, a: '' },
        { index: 2, a: 'x' },
      ],
    },
    { list: [{ index: 1 }, { index: 2, a: 'x' }] },
  ],
  ['empty items and empty lists', { list: [{ a: '' }, null, ''], other: [] }, undefined],
  ['a list of values', { list: ['a', '', null, 0, false] }, { list: ['a', 0, false] }],
  ['nothing at all', {}, undefined],
  ['a bare empty string', '', undefined],
  ['a bare value', 'x', 'x'],
])('drops %s', (_name, input, output) => {
  expect(dropEmpty(input)).toEqual(output)
})

test('the input is left unchanged', () => {
  const input = { a: '', b: { c: null, d: [1, ''] } }
  const copy = JSON.parse(JSON.stringify(input)) as unknown
  dropEmpty(input)
  expect(input).toEqual(copy)
})

test('a date or other class instance is kept as it is', () => {
  const date = new Date('2025-01-01T00:00:00.000Z')
  expect(dropEmpty({ date })).toEqual({ date })
})
