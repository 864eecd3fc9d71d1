import { expect, test } from 'vitest'
import { PHONE_HINT } from './phone-hint'

test('the phone hint describes the format in words', () => {
  expect(PHONE_HINT).toBe('A UK mobile or landline number: 11 digits, starting with 0.')
})

test('the phone hint carries no number anyone could copy: no run of digits beyond the "11" and "0"', () => {
  expect(PHONE_HINT.match(/\d+/g)).toEqual(['11', '0'])
})
