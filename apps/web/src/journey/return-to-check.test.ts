import fc from 'fast-check'
import { expect, test } from 'vitest'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { journeyVisits } from '@forecourt/domain/journey/navigation'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { fastCheckChoices } from '@forecourt/domain/test-support/fast-check-choices'
import {
  pathAfterChange as walkerPathAfterChange,
  walkJourney,
} from '@forecourt/domain/test-support/journey-walker'
import {
  changeHref,
  CHECK_ANSWERS_PATH,
  isReturningToCheck,
  pathAfterChange,
} from './return-to-check'

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

test('the journey walk test follows Change links where the browser does (decision 1502)', () => {
  fc.assert(
    fc.property(fc.gen(), fc.constantFrom(...BRAND_IDS), (g, id) => {
      const brand = brands[id]
      const { state } = walkJourney({
        brand,
        choices: fastCheckChoices(g),
        today: { year: 2026, month: 11, day: 26 },
        now: new Date('2026-11-26T10:30:00.000Z'),
        guid: '6f1c2a9e-3b7d-4c1e-9a2f-0d8e7b6a5c41',
      })
      // Undo some answers, so that some steps are unanswered again.
      state.form.joint.firstName = g(fc.constantFrom, '', state.form.joint.firstName)
      state.form.securityAddress.residentialStatus = g(fc.constantFrom, '', 'Let to tenants')
      state.form.employments[0]!.employmentStatus = g(fc.constantFrom, '', 'Student')
      for (const visit of journeyVisits({ state, brand })) {
        const walker = walkerPathAfterChange(state, brand, visit.path)
        expect(pathAfterChange(state, brand, visit.path)).toBe(
          walker === CHECK_ANSWERS_PATH ? walker : changeHref(walker),
        )
      }
    }),
    { numRuns: 40 },
  )
})
