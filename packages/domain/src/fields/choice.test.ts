import { expect, test } from 'vitest'
import { type ChoiceKind, validateRequiredChoice } from './choice'

test.each<[ChoiceKind, unknown, { label?: string; person?: 'main' | 'joint' }, string]>([
  ['dropdown', '', { label: 'marital status' }, 'Please choose your marital status.'],
  [
    'dropdown',
    null,
    { label: 'marital status', person: 'joint' },
    'Please choose their marital status.',
  ],
  ['dropdown', '   ', { label: 'driving licence' }, 'Please choose your driving licence.'],
  ['addressDropdown', '', {}, 'Please choose your address.'],
  [
    'addressDropdown',
    undefined,
    { label: 'security address' },
    'Please choose your security address.',
  ],
  ['radio', null, {}, 'Please choose an option to continue.'],
  ['radio', '', { person: 'joint' }, 'Please choose an option to continue.'],
  ['radio', [], {}, 'Please choose an option to continue.'],
  ['checkbox', false, {}, 'Please check this box.'],
  ['checkbox', null, {}, 'Please check this box.'],
  ['checkbox', 'yes', {}, 'Please check this box.'],
  ['title', '', {}, 'Please enter your title.'],
  ['title', null, { person: 'joint' }, 'Please enter their title.'],
])('an unanswered %s (%j) gives the message %j', (kind, value, opts, text) => {
  expect(validateRequiredChoice(kind, value, opts)?.text).toBe(text)
})

test.each<[ChoiceKind, unknown]>([
  ['dropdown', 'Married'],
  ['addressDropdown', '12345678'],
  ['radio', false],
  ['radio', true],
  ['radio', 'Secured'],
  ['radio', 0],
  ['checkbox', true],
  ['title', 'Mx'],
])('a %s answered with %j is accepted', (kind, value) => {
  expect(validateRequiredChoice(kind, value)).toBeNull()
})

test('errors carry the key of their kind', () => {
  expect(validateRequiredChoice('dropdown', '', { label: 'x' })?.key).toBe('dropdown.required')
  expect(validateRequiredChoice('addressDropdown', '')?.key).toBe('addressDropdown.required')
  expect(validateRequiredChoice('radio', null)?.key).toBe('radio.required')
  expect(validateRequiredChoice('checkbox', false)?.key).toBe('checkbox.required')
  expect(validateRequiredChoice('title', '')?.key).toBe('title.required')
})
