import { expect, test } from 'vitest'
import type { BrandId } from '../brands/brand'
import { brands } from '../brands/brand-data'
import { journeyVisits, nextPath } from '../journey/navigation'
import { stepAtPath } from '../journey/next-steps'
import {
  createInitialState,
  emptyAddress,
  emptyEmployment,
  type ApplicationState,
} from '../state/application-state'
import { journeyProgress } from './progress'

function fresh(brandId: BrandId = 'carfinance'): ApplicationState {
  const state = createInitialState()
  state.affiliateConfig = { brandId, affiliateKey: brands[brandId].affiliateKey }
  state.form.loanPurposeType = brands[brandId].loanKinds.length === 1 ? 'vehicle' : ''
  return state
}

const progressOf = (state: ApplicationState, brandId: BrandId = 'carfinance') =>
  journeyProgress({ state, brand: brands[brandId] })

interface Choices {
  joint?: boolean
  /** Years at each of the joint applicant's own addresses; omitted: they live with the applicant. */
  jointAddressYears?: number[]
  employmentStatus?: string
  /** Years at each address in turn. */
  addressYears?: number[]
  loanPurposeType?: 'vehicle' | 'property'
  securityIsCurrentAddress?: boolean
}

/** Answers the screen at `path` as a person would, the way the screens store their answers. */
function answer(state: ApplicationState, path: string, choices: Choices): void {
  const found = stepAtPath(path)
  if (!found) throw new Error(`no step at ${path}`)
  const { step, n } = found
  const { form } = state
  const address = () => {
    while (form.addresses.length < n) form.addresses.push(emptyAddress())
    return form.addresses[n - 1]!
  }
  const jointAddress = () => {
    while (form.joint.addresses.length < n) form.joint.addresses.push(emptyAddress())
    return form.joint.addresses[n - 1]!
  }
  const employment = () => {
    while (form.employments.length < n) form.employments.push(emptyEmployment())
    return form.employments[n - 1]!
  }
  const answers: Record<string, () => void> = {
    'looking-to-buy': () => void (form.lookingToBuy = 'Still looking'),
    'loan-type': () => void (form.loanPurposeType = choices.loanPurposeType ?? 'vehicle'),
    'looking-to-borrow': () => {
      form.loanAmount = 8000
      form.loanAmountCompleted = true
    },
    deposit: () => void (state.hasDeposit = false),
    'term-to-borrow': () => void (form.term = 48),
    'driving-licence': () => void (form.drivingLicenceType = 'Full UK'),
    'marital-status': () => void (form.maritalStatus = 'Single'),
    'date-of-birth': () => void (form.dateOfBirth = '1990-03-07T00:00:00.000Z'),
    personal: () => Object.assign(form, { title: 'Ms', firstName: 'Ada', lastName: 'Lovelace' }),
    contact: () => Object.assign(form, { email: 'ada@example.com', contactNumber: '07911123456' }),
    address: () =>
      Object.assign(
        address(),
        { houseNumber: '2', street: 'Canal Street', town: 'Leeds' },
        {
          postcode: 'LS1 4DY',
        },
      ),
    'address-length': () => void (address().yearsAtAddress = choices.addressYears?.[n - 1] ?? 5),
    'residential-status': () => void (address().residentialStatus = 'Private tenant'),
    'property-details': () =>
      Object.assign(form, {
        propertyValue: 250000,
        mortgageBalance: 100000,
        propertyBedrooms: '3',
        propertyType: 'Detached',
      }),
    'security-address-confirm': () =>
      void (form.isSecurityCurrentAddress = choices.securityIsCurrentAddress ?? true),
    'security-address-add': () =>
      Object.assign(form.securityAddress, {
        postcode: 'M1 1AE',
        town: 'Manchester',
        residentialStatus: 'Let to tenants',
        yearsAtAddress: 4,
      }),
    'own-other-properties': () => void (form.ownOtherProperties = false),
    employment: () =>
      void (employment().employmentStatus = choices.employmentStatus ?? 'Full-time employed'),
    'employment-add': () =>
      Object.assign(employment(), { occupation: 'Nurse', employerName: 'NHS', employerTown: 'X' }),
    'employment-length': () => void (employment().yearsAtEmployer = 6),
    'employment-income': () => void (form.netMonthlyIncome = 2100),
    joint: () => void (form.isJointApplication = choices.joint ?? false),
    'joint-customer-details': () =>
      Object.assign(form.joint, {
        title: 'Mr',
        firstName: 'Sam',
        lastName: 'Lee',
        maritalStatus: 'Single',
        drivingLicenceType: 'Full UK',
      }),
    'joint-date-of-birth': () => void (form.joint.dateOfBirth = '1988-01-02T00:00:00.000Z'),
    'joint-same-address': () =>
      void (form.joint.livesAtApplicantAddress = choices.jointAddressYears === undefined),
    'joint-address': () =>
      Object.assign(
        jointAddress(),
        { houseNumber: '9', street: 'Oak Road', town: 'York' },
        {
          postcode: 'YO1 7HH',
        },
      ),
    'joint-address-length': () =>
      void (jointAddress().yearsAtAddress = choices.jointAddressYears?.[n - 1] ?? 5),
    'joint-residential-status': () => void (jointAddress().residentialStatus = 'Private tenant'),
    'joint-employment-add': () => void (form.joint.employmentStatus = 'Retired'),
    'joint-employment-length': () => void (form.joint.yearsAtEmployer = 3),
    'joint-employment-income': () => void (form.joint.netMonthlyIncome = 900),
    'joint-customer-contact': () =>
      Object.assign(form.joint, { email: 'sam@example.com', contactNumber: '07911123457' }),
    'breathing-space': () => {
      form.breathingSpace = false
      state.discussFinancialCirumstances = false
    },
    optins: () => void state.completedSteps.push('optins'),
    'joint-optins': () => void state.completedSteps.push('joint-optins'),
    'soft-search': () => void (form.agreeSoftSearch = true),
    'fair-processing-notice': () => void (form.fairProcessingAcknowledged = true),
    'before-you-submit': () => void (form.isAgreedTermsAndConditions = true),
  }
  const act = answers[step.id]
  if (!act) throw new Error(`no answer for ${step.id}`)
  act()
}

/** Walks the journey screen by screen, recording the progress shown on each before answering it. */
function walk(brandId: BrandId, choices: Choices = {}) {
  const state = fresh(brandId)
  const brand = brands[brandId]
  const seen: { path: string; answered: number; total: number; percent: number }[] = []
  let path = nextPath(state, brand, '/')
  while (path && path !== '/submit') {
    seen.push({ path, ...progressOf(state, brandId) })
    answer(state, path, choices)
    path = nextPath(state, brand, path)
  }
  return { seen, state, end: progressOf(state, brandId) }
}

test('a new application has answered none of the 20 screens of a single applicant on carfinance', () => {
  const state = fresh()
  const paths = journeyVisits({ state, brand: brands.carfinance }).map((visit) => visit.path)
  expect(paths).toEqual([
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
    '/employment/1',
    '/employment-length/1',
    '/employment-income/1',
    '/joint',
    '/breathing-space',
    '/optins',
    '/soft-search',
    '/fair-processing-notice',
    '/before-you-submit',
    '/submit',
  ])
  // 19 screens with a question, and the employer screen most applicants will see.
  expect(progressOf(state)).toEqual({ answered: 0, total: 20, percent: 0 })
})

test('single applicant on carfinance: each screen answered moves the bar one twentieth, 100 % only at the end', () => {
  const { seen, end } = walk('carfinance')
  expect(seen).toHaveLength(20)
  seen.forEach((shown, index) => {
    expect(shown).toEqual({
      path: shown.path,
      answered: index,
      total: 20,
      percent: Math.floor((index / 20) * 100),
    })
  })
  // The case that was wrong: 6 of 20 screens answered read 53 %.
  expect(seen[6]).toMatchObject({ path: '/contact', percent: 30 })
  expect(seen.at(-1)).toMatchObject({ path: '/before-you-submit', percent: 95 })
  expect(end).toEqual({ answered: 20, total: 20, percent: 100 })
})

test('a joint application counts the joint applicant’s eight screens once the applicant adds them', () => {
  const { seen, end } = walk('carfinance', { joint: true })
  const atJoint = seen.find((shown) => shown.path === '/joint')!
  expect(atJoint).toMatchObject({ answered: 14, total: 20 })
  const afterJoint = seen[seen.indexOf(atJoint) + 1]!
  expect(afterJoint).toMatchObject({ path: '/joint-customer-details', answered: 15, total: 28 })
  expect(seen.at(-1)).toMatchObject({ path: '/before-you-submit', answered: 27, total: 28 })
  expect(seen.every((shown) => shown.percent < 100)).toBe(true)
  expect(end).toEqual({ answered: 28, total: 28, percent: 100 })
})

test('a joint applicant living elsewhere adds their address screens, three for each address', () => {
  const { seen, end } = walk('carfinance', { joint: true, jointAddressYears: [2, 1] })
  // Until the question is answered, they are taken to live with the applicant (the common case).
  expect(seen.find((shown) => shown.path === '/joint-same-address')).toMatchObject({
    answered: 17,
    total: 28,
  })
  expect(seen.find((shown) => shown.path === '/joint-address/1')).toMatchObject({
    answered: 18,
    total: 31,
  })
  // Two years are not three: a second address is asked for once the first entry is complete.
  expect(seen.find((shown) => shown.path === '/joint-address/2')).toMatchObject({
    answered: 21,
    total: 34,
  })
  expect(seen.filter((shown) => shown.path.startsWith('/joint-address/'))).toHaveLength(2)
  expect(seen.every((shown) => shown.percent < 100)).toBe(true)
  expect(end).toEqual({ answered: 34, total: 34, percent: 100 })
})

test('a status without an employer takes the estimated employer screen away', () => {
  const { seen, end } = walk('carfinance', { employmentStatus: 'Retired' })
  expect(seen.find((shown) => shown.path === '/employment/1')).toMatchObject({ total: 20 })
  expect(seen.find((shown) => shown.path === '/employment-length/1')).toMatchObject({
    answered: 11,
    total: 19,
  })
  expect(end).toEqual({ answered: 19, total: 19, percent: 100 })
})

test('a short time at the first address adds the next address’s three screens once the entry is complete', () => {
  const { seen, end } = walk('carfinance', { addressYears: [1, 4] })
  expect(seen.find((shown) => shown.path === '/residential-status/1')).toMatchObject({ total: 20 })
  // Known once the first entry is complete: a second address is needed.
  expect(seen.find((shown) => shown.path === '/address/2')).toMatchObject({
    answered: 10,
    total: 23,
  })
  expect(seen.filter((shown) => shown.path.startsWith('/address'))).toHaveLength(4)
  expect(end).toEqual({ answered: 23, total: 23, percent: 100 })
})

test('a property loan on harbourlend with the property elsewhere counts its property screens', () => {
  const { seen, end } = walk('harbourlend', {
    loanPurposeType: 'property',
    securityIsCurrentAddress: false,
  })
  const paths = seen.map((shown) => shown.path)
  expect(paths).toEqual(
    expect.arrayContaining([
      '/looking-to-buy',
      '/loan-type',
      '/deposit',
      '/property-details',
      '/security-address-confirm',
      '/security-address-add',
      '/own-other-properties',
    ]),
  )
  seen.forEach((shown, index) => expect(shown.answered).toBe(index))
  expect(end.percent).toBe(100)
  expect(end.total).toBe(seen.length)
})

test('the bar is never at 100 % while a screen on the path is unanswered', () => {
  for (const choices of [{}, { joint: true }, { employmentStatus: 'Student' }]) {
    const { seen } = walk('milebroker', choices)
    for (const shown of seen) expect(shown.percent).toBeLessThan(100)
  }
})
