import { expect, test } from 'vitest'
import {
  MESSAGE_KEYS,
  type MessageKey,
  fieldError,
  formatLimit,
  isMessageKey,
  messageText,
} from './messages'

// [key, params, main applicant's text, joint applicant's text]
const cases: [MessageKey, Parameters<typeof messageText>[1], string, string][] = [
  [
    'text.required',
    { label: 'first name' },
    'Please enter your first name.',
    'Please enter their first name.',
  ],
  [
    'text.tooLong',
    { label: 'last name', max: 50 },
    'Your last name must be 50 characters or fewer.',
    'Their last name must be 50 characters or fewer.',
  ],
  [
    'text.characters',
    { label: 'first name' },
    'Please try again. Your first name contains characters we cannot accept.',
    'Please try again. Their first name contains characters we cannot accept.',
  ],
  ['title.required', {}, 'Please enter your title.', 'Please enter their title.'],
  [
    'number.required',
    { label: 'net monthly income' },
    'Please enter your net monthly income.',
    'Please enter their net monthly income.',
  ],
  [
    'number.range',
    { min: 1000, max: 50000 },
    'Must be between 1,000 and 50,000.',
    'Must be between 1,000 and 50,000.',
  ],
  ['slider.required', { label: 'term' }, 'Please enter your term.', 'Please enter their term.'],
  ['slider.range', { min: 1, max: 7 }, 'Must be between 1 and 7.', 'Must be between 1 and 7.'],
  [
    'email.required',
    { label: 'email address' },
    'Please enter your email address.',
    'Please enter their email address.',
  ],
  [
    'email.invalid',
    {},
    'Please try again. That email address doesn’t look right.',
    'Please try again. That email address doesn’t look right.',
  ],
  [
    'email.jointSameAsApplicant',
    {},
    'Enter the joint applicant’s own email address. It must be different from yours, so their confirmation reaches them.',
    'Enter the joint applicant’s own email address. It must be different from yours, so their confirmation reaches them.',
  ],
  [
    'offerChoice.required',
    {},
    'Choose the offer you would like to go ahead with.',
    'Choose the offer you would like to go ahead with.',
  ],
  [
    'phone.countryCode',
    {},
    'Please enter your phone number without the country code.',
    'Please enter their phone number without the country code.',
  ],
  [
    'phone.digits',
    {},
    'Please try again, UK phone numbers should contain 11 digits.',
    'Please try again, UK phone numbers should contain 11 digits.',
  ],
  [
    'phone.startWithZero',
    {},
    'Please try again, your phone number should start with a 0.',
    'Please try again, their phone number should start with a 0.',
  ],
  [
    'phone.invalid',
    {},
    'Please try again, Your phone number looks invalid.',
    'Please try again, Their phone number looks invalid.',
  ],
  ['phone.required', {}, 'Please enter your phone number.', 'Please enter their phone number.'],
  [
    'phone.wrong',
    {},
    'Please try again. That phone number doesn’t look right.',
    'Please try again. That phone number doesn’t look right.',
  ],
  ['checkbox.required', {}, 'Please check this box.', 'Please check this box.'],
  ['yearsMonths.required', {}, 'Please answer this question.', 'Please answer this question.'],
  [
    'addressDropdown.required',
    { label: 'address' },
    'Please choose your address.',
    'Please choose their address.',
  ],
  [
    'dropdown.required',
    { label: 'marital status' },
    'Please choose your marital status.',
    'Please choose their marital status.',
  ],
  [
    'radio.required',
    {},
    'Please choose an option to continue.',
    'Please choose an option to continue.',
  ],
  ['dob.day.required', {}, 'What day were you born?', 'What day were they born?'],
  [
    'dob.day.range',
    {},
    'Please enter a day between 1 and 31.',
    'Please enter a day between 1 and 31.',
  ],
  ['dob.month.required', {}, 'Which month were you born?', 'Which month were they born?'],
  [
    'dob.month.range',
    {},
    'Please enter a month between 1 and 12.',
    'Please enter a month between 1 and 12.',
  ],
  ['dob.year.required', {}, 'Which year were you born?', 'Which year were they born?'],
  [
    'dob.year.format',
    {},
    "Please enter your year of birth using the format 'YYYY'.",
    "Please enter their year of birth using the format 'YYYY'.",
  ],
  [
    'dob.year.future',
    {},
    'Please check you have entered your year of birth correctly.',
    'Please check you have entered their year of birth correctly.',
  ],
  ['dob.invalid', {}, 'Please enter a valid date.', 'Please enter a valid date.'],
  [
    'dob.tooYoung',
    {},
    'You must be at least 18 years old to apply for finance with us.',
    'They must be at least 18 years old to apply for finance with us.',
  ],
  [
    'dob.tooOld',
    {},
    'You must be under 80 years old to apply for finance with us.',
    'They must be under 80 years old to apply for finance with us.',
  ],
  ['dob.required', {}, 'Please enter your date of birth.', 'Please enter their date of birth.'],
  ['postcode.required', {}, 'Please enter your postcode.', 'Please enter their postcode.'],
  [
    'postcode.invalid',
    {},
    'Please enter a valid UK postcode.',
    'Please enter a valid UK postcode.',
  ],
]

test.each(cases)('%s reads exactly as specified for the main applicant', (key, params, main) => {
  expect(messageText(key, params)).toBe(main)
  expect(messageText(key, params, 'main')).toBe(main)
})

test.each(cases)(
  '%s reads exactly as decided for the joint applicant',
  (key, params, _main, joint) => {
    expect(messageText(key, params, 'joint')).toBe(joint)
  },
)

test('every message key is covered by the table above', () => {
  expect(cases.map(([key]) => key).sort()).toEqual([...MESSAGE_KEYS].sort())
})

test('the email and phone messages use the typographic apostrophe', () => {
  expect(messageText('email.invalid')).toContain('doesn\u2019t')
  expect(messageText('phone.wrong')).toContain('doesn\u2019t')
})

test('the postcode required message is the text-required rule with the label postcode', () => {
  expect(messageText('postcode.required')).toBe(messageText('text.required', { label: 'postcode' }))
})

test('a missing parameter leaves its placeholder visible so the mistake is caught', () => {
  expect(messageText('text.required')).toBe('Please enter your {label}.')
  expect(messageText('number.range', { min: 1 })).toBe('Must be between 1 and {max}.')
})

test('limits given as text are used as given', () => {
  expect(messageText('number.range', { min: '£1,000', max: '£50,000' })).toBe(
    'Must be between £1,000 and £50,000.',
  )
})

test.each([
  [0, '0'],
  [7, '7'],
  [999, '999'],
  [1000, '1,000'],
  [50000, '50,000'],
  [250000, '250,000'],
  [1234567.5, '1,234,567.5'],
  [-1500, '-1,500'],
])('the limit %s is written %s', (value, written) => {
  expect(formatLimit(value)).toBe(written)
})

test('fieldError pairs the key with its text', () => {
  expect(fieldError('dropdown.required', { label: 'title' }, 'joint')).toEqual({
    key: 'dropdown.required',
    text: 'Please choose their title.',
  })
})

test.each([
  ['phone.wrong', true],
  ['dob.day.range', true],
  ['nope', false],
  ['toString', false],
  [42, false],
])('isMessageKey(%s) is %s', (value, expected) => {
  expect(isMessageKey(value)).toBe(expected)
})
