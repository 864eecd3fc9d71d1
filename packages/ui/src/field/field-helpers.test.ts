import { expect, test } from 'vitest'
import { ariaInvalid, describedBy, fieldClass, hintId, inputClass } from './field-parts'
import { errorId } from '../error-message/error-message'

test('a field’s hint and error ids derive from its id', () => {
  expect(hintId('email')).toBe('email-hint')
  expect(errorId('email')).toBe('email-error')
})

test.each([
  { texts: {}, extra: [], expected: undefined },
  { texts: { hint: 'A hint' }, extra: [], expected: 'email-hint' },
  { texts: { error: 'Wrong.' }, extra: [], expected: 'email-error' },
  { texts: { hint: 'A hint', error: 'Wrong.' }, extra: [], expected: 'email-hint email-error' },
  { texts: { hint: '', error: '' }, extra: [], expected: undefined },
  { texts: { error: 'Wrong.' }, extra: ['more', undefined], expected: 'email-error more' },
])('aria-describedby for $texts and $extra is $expected', ({ texts, extra, expected }) => {
  expect(describedBy('email', texts, ...extra)).toBe(expected)
})

test('aria-invalid and the error classes appear only with an error', () => {
  expect(ariaInvalid(undefined)).toBeUndefined()
  expect(ariaInvalid('')).toBeUndefined()
  expect(ariaInvalid('Wrong.')).toBe(true)
  expect(fieldClass(undefined)).toBe('field')
  expect(fieldClass('Wrong.')).toBe('field field--error')
  expect(inputClass('field-input', undefined)).toBe('field-input')
  expect(inputClass('field-input', 'Wrong.', 'field-input--w2')).toBe(
    'field-input field-input--error field-input--w2',
  )
})
