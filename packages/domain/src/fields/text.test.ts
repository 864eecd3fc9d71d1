import { expect, test } from 'vitest'
import { TEXT_MAX_LENGTH, normaliseText, validateText } from './text'

test('the maximum length of a text answer is 50', () => {
  expect(TEXT_MAX_LENGTH).toBe(50)
})

test.each([
  ['', 'main', 'Please enter your first name.'],
  ['   ', 'main', 'Please enter your first name.'],
  ['\t\n', 'joint', 'Please enter their first name.'],
] as const)(
  'a blank answer %j gives the required message for the %s applicant',
  (value, person, text) => {
    expect(validateText(value, { label: 'first name', person })).toEqual({
      key: 'text.required',
      text,
    })
  },
)

test.each([
  ['Ada', null],
  ['  Ada  ', null],
  ['x'.repeat(50), null],
  [` ${'x'.repeat(50)} `, null],
  ['x'.repeat(51), 'Your last name must be 50 characters or fewer.'],
])('%j gives %j', (value, text) => {
  const error = validateText(value, { label: 'last name' })
  expect(error?.text ?? null).toBe(text)
})

test('an optional text may be left blank', () => {
  expect(validateText('  ', { label: 'house name', required: false })).toBeNull()
})

test('an optional text is still limited to 50 characters', () => {
  expect(
    validateText('x'.repeat(51), { label: 'house name', required: false, person: 'joint' }),
  ).toEqual({
    key: 'text.tooLong',
    text: 'Their house name must be 50 characters or fewer.',
  })
})

test('normalising a text trims it', () => {
  expect(normaliseText('  Leeds \n')).toBe('Leeds')
})
