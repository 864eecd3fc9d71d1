import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { createInitialForm } from '../state/application-state'
import { toFullSubmissionPayload } from './full-payload'
import { isReadyForPartialSave, toPartialPayload } from './partial-payload'
import { filledJointState, filledState } from '../../test-support/test-fixtures'

const now = new Date('2025-06-02T09:42:00.000Z')

test.each([
  ['a single application', filledState, brands.carfinance],
  ['a joint application', filledJointState, brands.harbourlend],
])(
  '%s is saved with the same mapping as the full submission, never completed nor agreed',
  (_name, make, brand) => {
    const state = make()
    const { termsAndConditionsAgreed, IsCompleted, ...full } = toFullSubmissionPayload(state, {
      brand,
      now,
    })
    expect([termsAndConditionsAgreed, IsCompleted]).toEqual([true, true])
    expect(toPartialPayload(state, { brand, now })).toEqual({
      ...full,
      termsAndConditionsAgreed: false,
      IsCompleted: false,
    })
  },
)

test('a partial save made early carries only what has been answered', () => {
  const state = filledState()
  Object.assign(state.form, {
    ...createInitialForm(),
    firstName: 'ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    contactNumber: '07911123456',
  })
  state.appliedDate = '2025-06-02T09:15:00.000Z'
  state.host = 'carfinance.localhost:5173'
  state.partnerSetup.affiliateUserId = ''
  state.discussFinancialCirumstances = null
  expect(toPartialPayload(state, { brand: brands.carfinance, now })).toEqual({
    submissionKey: state.GUID,
    affiliateKey: 'aff-cfdx-1f6b38',
    vehicleType: 'Car',
    financeType: 'Secured',
    dateApplied: '2025-06-02T09:15:00.000Z',
    loanAmount: 6500,
    loanAmountUnknown: false,
    cashDeposit: 0,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    contactNumber: '07911123456',
    isJointApplication: false,
    agreeSoftSearch: false,
    IsOptedEmail: false,
    IsOptedSms: false,
    IsOptedPhone: false,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedThirdPartyEmail: false,
    IsOptedThirdPartySms: false,
    IsOptedThirdPartyPhone: false,
    submittedBy: 'carfinance.localhost:5173',
    // The deposit was answered before the rest of the form was cleared; its type was not.
    forecourt: { version: 1, hasDeposit: true },
    termsAndConditionsAgreed: false,
    IsCompleted: false,
  })
})

const ready = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  contactNumber: '07911123456',
}

test.each([
  ['all four present', {}, true],
  ['untidy but present', { firstName: ' ada ', contactNumber: '+44 7911 123456' }, true],
  ['no first name', { firstName: '' }, false],
  ['a first name of spaces', { firstName: '   ' }, false],
  ['no last name', { lastName: '' }, false],
  ['no email', { email: ' ' }, false],
  ['no contact number', { contactNumber: '' }, false],
  ['a one-digit contact number', { contactNumber: '7' }, false],
])('ready for a partial save with %s: %s', (_name, change, expected) => {
  expect(isReadyForPartialSave({ ...ready, ...change })).toBe(expected)
})

test('a new form is not ready for a partial save', () => {
  expect(isReadyForPartialSave(createInitialForm())).toBe(false)
})
