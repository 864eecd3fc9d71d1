import { expect, test } from 'vitest'
import { fromYesNo, toYesNo, yesNoOptions } from './yes-no'

test.each([
  [null, ''],
  [true, 'yes'],
  [false, 'no'],
])('a stored %s shows as the radio value "%s"', (answer, value) => {
  expect(toYesNo(answer)).toBe(value)
})

test('each option reads back as the answer it stands for', () => {
  expect(yesNoOptions.map((option) => [option.label, fromYesNo(option.value)])).toEqual([
    ['Yes', true],
    ['No', false],
  ])
})
