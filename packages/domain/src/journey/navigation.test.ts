import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import type { Brand } from '../brands/brand'
import {
  createInitialState,
  emptyAddress,
  emptyEmployment,
  type ApplicationState,
} from '../state/application-state'
import {
  firstQuestionPath,
  firstUnansweredPath,
  journeyVisits,
  nextPath,
  previousPath,
  redirectForDeepLink,
} from './navigation'

const paths = (state: ApplicationState, brand: Brand) =>
  journeyVisits({ state, brand }).map((visit) => visit.path)

function answeredUpToHistories(state = createInitialState()): ApplicationState {
  const form = state.form
  form.lookingToBuy = 'Found a vehicle'
  form.loanPurposeType = 'vehicle'
  form.loanAmountCompleted = true
  state.hasDeposit = false
  form.term = 48
  form.drivingLicenceType = 'Full UK'
  form.maritalStatus = 'Single'
  form.dateOfBirth = '1990-05-17T00:00:00.000Z'
  form.title = 'Ms'
  form.firstName = 'Ada'
  form.lastName = 'Lovelace'
  form.email = 'ada@example.com'
  form.contactNumber = '07123456789'
  return state
}

test('the first question depends on the brand', () => {
  const state = createInitialState()
  expect(firstQuestionPath(state, brands.carfinance)).toBe('/looking-to-borrow')
  expect(firstQuestionPath(state, brands.milebroker)).toBe('/looking-to-buy')
  expect(firstQuestionPath(state, brands.harbourlend)).toBe('/looking-to-buy')
})

test('the default brand asks no deposit, looking-to-buy or loan-type questions', () => {
  expect(paths(createInitialState(), brands.carfinance).slice(0, 10)).toEqual([
    '/looking-to-borrow',
    '/term-to-borrow',
    '/driving-licence',
    '/marital-status',
    '/date-of-birth',
    '/personal',
    '/contact',
    '/address/1',
    '/address-length/1',
    '/residential-status/1',
  ])
})

test('harbourlend asks looking-to-buy, loan type and deposit; a loaded vehicle asks amount to finance', () => {
  const state = createInitialState()
  state.form.vehicle.vrm = 'AB21 CDE'
  expect(paths(state, brands.harbourlend).slice(0, 5)).toEqual([
    '/looking-to-buy',
    '/loan-type',
    '/amount-to-finance',
    '/deposit',
    '/term-to-borrow',
  ])
})

test('the address loop repeats until 36 months are covered', () => {
  const state = answeredUpToHistories()
  state.form.addresses = [
    {
      ...emptyAddress(),
      postcode: 'M1 1AE',
      town: 'Manchester',
      yearsAtAddress: 2,
      monthsAtAddress: 4,
      residentialStatus: 'Private tenant',
    },
  ]
  let route = paths(state, brands.carfinance)
  expect(route).toContain('/residential-status/1')
  expect(route).toContain('/address/2')
  expect(route).not.toContain('/address/3')
  expect(nextPath(state, brands.carfinance, '/residential-status/1')).toBe('/address/2')

  state.form.addresses.push({
    ...emptyAddress(),
    postcode: 'LS1 1UR',
    town: 'Leeds',
    yearsAtAddress: 0,
    monthsAtAddress: 8,
  })
  route = paths(state, brands.carfinance)
  expect(route).toContain('/residential-status/2')
  expect(route).not.toContain('/address/3')
  expect(nextPath(state, brands.carfinance, '/residential-status/2')).toBe('/employment/1')
})

test('employment: employer details only for statuses with an employer; the loop ends at 36 months', () => {
  const state = answeredUpToHistories()
  state.form.addresses = [
    {
      ...emptyAddress(),
      postcode: 'M1 1AE',
      town: 'Manchester',
      yearsAtAddress: 5,
      monthsAtAddress: 0,
      residentialStatus: 'Other',
    },
  ]
  state.form.employments = [
    { ...emptyEmployment(), employmentStatus: 'Retired', yearsAtEmployer: 1, monthsAtEmployer: 0 },
  ]
  let route = paths(state, brands.carfinance)
  expect(route).not.toContain('/employment-add/1')
  expect(route).toContain('/employment/2')

  state.form.employments = [
    {
      ...emptyEmployment(),
      employmentStatus: 'Full-time employed',
      yearsAtEmployer: 3,
      monthsAtEmployer: 0,
    },
  ]
  route = paths(state, brands.carfinance)
  expect(route).toContain('/employment-add/1')
  expect(route).not.toContain('/employment/2')
  expect(nextPath(state, brands.carfinance, '/employment-length/1')).toBe('/employment-income/1')
})

test('property-secured loans add the property branch; the security address only when it is not the current one', () => {
  const state = answeredUpToHistories()
  state.form.loanPurposeType = 'property'
  expect(paths(state, brands.harbourlend)).toEqual(
    expect.arrayContaining([
      '/property-details',
      '/security-address-confirm',
      '/own-other-properties',
    ]),
  )
  expect(paths(state, brands.harbourlend)).not.toContain('/security-address-add')
  state.form.isSecurityCurrentAddress = false
  expect(paths(state, brands.harbourlend)).toContain('/security-address-add')
  state.form.loanPurposeType = 'vehicle'
  expect(paths(state, brands.harbourlend)).not.toContain('/property-details')
})

test('joint screens appear only for a joint application, in journey order', () => {
  const state = createInitialState()
  const tail = (s: ApplicationState) => {
    const route = paths(s, brands.carfinance)
    return route.slice(route.indexOf('/joint'))
  }
  expect(tail(state)).toEqual([
    '/joint',
    '/breathing-space',
    '/optins',
    '/soft-search',
    '/fair-processing-notice',
    '/before-you-submit',
    '/submit',
  ])
  state.form.isJointApplication = true
  expect(tail(state)).toEqual([
    '/joint',
    '/joint-customer-details',
    '/joint-date-of-birth',
    '/joint-same-address',
    '/joint-employment-add',
    '/joint-employment-length',
    '/joint-employment-income',
    '/joint-customer-contact',
    '/breathing-space',
    '/optins',
    '/joint-optins',
    '/soft-search',
    '/fair-processing-notice',
    '/before-you-submit',
    '/submit',
  ])
})

test('a joint applicant living elsewhere is asked their own address history until it covers 3 years', () => {
  const state = createInitialState()
  state.form.isJointApplication = true
  const jointAddressPaths = () =>
    paths(state, brands.carfinance).filter((path) =>
      /^\/joint-(same-address|address|residential-status)/.test(path),
    )
  expect(jointAddressPaths()).toEqual(['/joint-same-address'])
  state.form.joint.livesAtApplicantAddress = true
  expect(jointAddressPaths()).toEqual(['/joint-same-address'])

  state.form.joint.livesAtApplicantAddress = false
  expect(jointAddressPaths()).toEqual([
    '/joint-same-address',
    '/joint-address/1',
    '/joint-address-length/1',
    '/joint-residential-status/1',
  ])
  const first = state.form.joint.addresses[0]!
  Object.assign(first, { postcode: 'M1 1AE', town: 'Manchester', yearsAtAddress: 1 })
  first.residentialStatus = 'Private tenant'
  expect(jointAddressPaths()).toEqual([
    '/joint-same-address',
    '/joint-address/1',
    '/joint-address-length/1',
    '/joint-residential-status/1',
    '/joint-address/2',
    '/joint-address-length/2',
    '/joint-residential-status/2',
  ])
  expect(nextPath(state, brands.carfinance, '/joint-residential-status/1')).toBe('/joint-address/2')
  first.yearsAtAddress = 3
  expect(nextPath(state, brands.carfinance, '/joint-residential-status/1')).toBe(
    '/joint-employment-add',
  )
  // The applicant's own history is not theirs: it does not count towards the joint one.
  expect(nextPath(state, brands.carfinance, '/joint-date-of-birth')).toBe('/joint-same-address')
  expect(previousPath(state, brands.carfinance, '/joint-address/1')).toBe('/joint-same-address')
  state.form.isJointApplication = false
  expect(jointAddressPaths()).toEqual([])
})

test('previous goes back one screen, and to the start from the first question', () => {
  const state = answeredUpToHistories()
  expect(previousPath(state, brands.carfinance, '/looking-to-borrow')).toBe('/')
  expect(previousPath(state, brands.carfinance, '/term-to-borrow')).toBe('/looking-to-borrow')
  expect(previousPath(state, brands.carfinance, '/address/1')).toBe('/contact')
  expect(nextPath(state, brands.carfinance, '/')).toBe('/looking-to-borrow')
})

test('a deep link past an unanswered step goes to the first unanswered step', () => {
  const state = createInitialState()
  expect(redirectForDeepLink(state, brands.carfinance, '/contact')).toBe('/looking-to-borrow')
  expect(redirectForDeepLink(state, brands.carfinance, '/looking-to-borrow')).toBeUndefined()
  const answered = answeredUpToHistories()
  expect(redirectForDeepLink(answered, brands.carfinance, '/contact')).toBeUndefined()
  expect(redirectForDeepLink(answered, brands.carfinance, '/submit')).toBe('/address/1')
  expect(redirectForDeepLink(answered, brands.carfinance, '/address/7')).toBe('/address/1')
  expect(firstUnansweredPath(answered, brands.carfinance)).toBe('/address/1')
})
