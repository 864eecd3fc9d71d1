import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { changeHref, isReturningToCheck, pathAfterChange } from './return-to-check'

test('a Change link carries the return marker', () => {
  expect(changeHref('/address/2')).toBe('/address/2?return=before-you-submit')
  expect(isReturningToCheck('?return=before-you-submit')).toBe(true)
  expect(isReturningToCheck('return=before-you-submit&x=1')).toBe(true)
  expect(isReturningToCheck('?return=elsewhere')).toBe(false)
  expect(isReturningToCheck('')).toBe(false)
})

test('with every question answered, Continue goes back to the check page', () => {
  expect(pathAfterChange(filledState(), brands.carfinance, '/marital-status')).toBe(
    '/before-you-submit',
  )
})

test.each([
  [
    'joint changed to Yes',
    (state: ReturnType<typeof filledState>) => {
      state.form.isJointApplication = true
      state.isJointApplication = true
    },
    '/joint',
    '/joint-customer-details?return=before-you-submit',
  ],
  [
    'a shorter time at the first address',
    (state: ReturnType<typeof filledState>) => {
      state.form.addresses[0]!.yearsAtAddress = 1
      state.form.addresses.splice(1)
    },
    '/address-length/1',
    '/address/2?return=before-you-submit',
  ],
  [
    'a status with an employer',
    (state: ReturnType<typeof filledState>) => {
      state.form.employments[0] = {
        ...state.form.employments[0]!,
        employmentStatus: 'Self-employed',
        occupation: '',
        employerName: '',
      }
    },
    '/employment/1',
    '/employment-add/1?return=before-you-submit',
  ],
])('%s: the new question comes first, still on its way back', (_name, change, from, to) => {
  const state = filledState()
  change(state)
  expect(pathAfterChange(state, brands.carfinance, from)).toBe(to)
})
