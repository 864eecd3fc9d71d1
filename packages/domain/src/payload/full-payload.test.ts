import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { emptyAddress } from '../state/application-state'
import { type FullSubmissionPayload, toFullSubmissionPayload } from './full-payload'
import { FILLED_GUID, filledJointState, filledState } from '../../test-support/test-fixtures'

const now = new Date('2025-06-02T09:42:00.000Z')

test('a single application is mapped and normalised field by field', () => {
  expect(toFullSubmissionPayload(filledState(), { brand: brands.carfinance, now })).toEqual({
    submissionKey: FILLED_GUID,
    affiliateKey: 'aff-cfdx-1f6b38',
    affiliateUserId: 'DLR-2231',
    dealerNumber: 'DLR-2231',
    vehicleType: 'Car',
    loanPurposeType: 'vehicle',
    term: 48,
    lookingToBuy: 'Found a vehicle',
    dateApplied: '2025-06-02T09:15:00.000Z',
    termsAndConditionsAgreed: true,
    loanAmount: 12500,
    loanAmountUnknown: false,
    cashDeposit: 1500,
    firstName: 'Ada',
    lastName: "O'Neill",
    maritalStatus: 'Married',
    email: 'ada.oneill@example.com',
    contactNumber: '07911123456',
    isJointApplication: false,
    financeType: 'Secured',
    discussFinancialCirumstances: false,
    agreeSoftSearch: true,
    dateOfBirth: '1985-03-07T00:00:00.000',
    title: 'Ms',
    drivingLicenceType: 'Full UK',
    addresses: [
      {
        addressIndex: 1,
        houseNumber: '14',
        street: 'Elm Grove',
        locality: 'Headingley',
        town: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS6 3AH',
        yearsAtAddress: 2,
        monthsAtAddress: 3,
        residentialStatus: 'Private tenant',
      },
      {
        addressIndex: 2,
        flatNumber: 'Flat 2',
        buildingName: 'Rose Court',
        buildingNumber: '9',
        street: 'Park Lane',
        town: 'York',
        postcode: 'YO1 7HH',
        yearsAtAddress: 25,
        monthsAtAddress: 0,
        residentialStatus: 'Living with parents',
      },
    ],
    employments: [
      {
        employmentIndex: 1,
        employmentStatus: 'Full-time employed',
        yearsAtEmployer: 4,
        monthsAtEmployer: 6,
        occupation: 'Nurse',
        employerName: 'Leeds Teaching Hospitals',
        Town: 'Leeds',
      },
    ],
    netMonthlyIncome: 2450,
    IsOptedEmail: true,
    IsOptedSms: false,
    IsOptedPhone: true,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedThirdPartyEmail: false,
    IsOptedThirdPartySms: false,
    IsOptedThirdPartyPhone: false,
    Attribution: {
      evsrc: 'google',
      evcmp: 'summer-cars',
      evrfd: 'https://www.google.com/',
      Gclid: 'Cj0KCQjw-example',
      source: 'google',
      medium: 'cpc',
      term: 'car finance',
      keyword: 'car loan',
      campaign: 'summer-cars',
      Adgroup: 'hatchbacks',
    },
    sessionId: 'sess-5521',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    remoteAddress: '203.0.113.24',
    submittedBy: 'carfinance.localhost:5173',
    IsCompleted: true,
    vehicleId: 'STK-88213',
    imageUrl: 'https://images.example/stock/STK-88213/1.jpg',
    make: 'Ford',
    model: 'Fiesta',
    price: 14000,
    mileage: 23150,
    colour: 'Blue',
    vrm: 'LS21 ABC',
    forecourt: {
      version: 1,
      hasDeposit: true,
      depositType: 'Cash',
      breathingSpace: false,
      fairProcessingNoticeAcknowledged: true,
    },
  } satisfies FullSubmissionPayload)
})

test('a joint homeowner loan carries the property, the security address and the joint applicant', () => {
  expect(toFullSubmissionPayload(filledJointState(), { brand: brands.harbourlend, now })).toEqual({
    submissionKey: FILLED_GUID,
    affiliateKey: 'aff-hrbl-5c81e2',
    vehicleType: 'Car',
    loanPurposeType: 'property',
    term: 120,
    lookingToBuy: 'Still looking',
    dateApplied: '2025-06-02T09:15:00.000Z',
    termsAndConditionsAgreed: true,
    loanAmount: 6500,
    loanAmountUnknown: true,
    cashDeposit: 0,
    firstName: 'Ada',
    lastName: "O'Neill",
    maritalStatus: 'Married',
    email: 'ada.oneill@example.com',
    contactNumber: '07911123456',
    isSecurityCurrentAddress: false,
    isJointApplication: true,
    financeType: 'Secured',
    discussFinancialCirumstances: true,
    additionalNeedsRequirements: 'Please call after 5pm.',
    agreeSoftSearch: true,
    propertyValue: 285000,
    mortgageBalance: 142000,
    propertyBedrooms: '3',
    propertyType: 'Semi-detached',
    dateOfBirth: '1985-03-07T00:00:00.000',
    title: 'Ms',
    drivingLicenceType: 'Full UK',
    addresses: [
      {
        addressIndex: 1,
        houseNumber: '14',
        street: 'Elm Grove',
        locality: 'Headingley',
        town: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS6 3AH',
        yearsAtAddress: 2,
        monthsAtAddress: 3,
        residentialStatus: 'Private tenant',
      },
      {
        addressIndex: 2,
        flatNumber: 'Flat 2',
        buildingName: 'Rose Court',
        buildingNumber: '9',
        street: 'Park Lane',
        town: 'York',
        postcode: 'YO1 7HH',
        yearsAtAddress: 25,
        monthsAtAddress: 0,
        residentialStatus: 'Living with parents',
      },
    ],
    securityAddress: {
      houseName: 'The Old Forge',
      street: 'Mill Lane',
      locality: 'Bramhope',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS16 9AA',
      yearsAtAddress: 50,
      monthsAtAddress: 11,
      residentialStatus: 'Let to tenants',
    },
    employments: [
      {
        employmentIndex: 1,
        employmentStatus: 'Retired',
        yearsAtEmployer: 3,
        monthsAtEmployer: 0,
      },
    ],
    netMonthlyIncome: 2450,
    IsOptedEmail: true,
    IsOptedSms: false,
    IsOptedPhone: true,
    IsOptedPost: true,
    IsOptedThirdParty: true,
    IsOptedThirdPartyEmail: true,
    IsOptedThirdPartySms: false,
    IsOptedThirdPartyPhone: false,
    Attribution: {
      evsrc: 'facebook',
      fbclid: 'IwAR-example',
      source: 'facebook',
      medium: 'social',
    },
    sessionId: 'sess-5521',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    remoteAddress: '203.0.113.24',
    submittedBy: 'harbourlend.localhost:5173',
    IsCompleted: true,
    JointApplicant: {
      firstName: 'Sam',
      lastName: 'Smith-Jones',
      title: 'Mr',
      email: 'sam.smith-jones@example.co.uk',
      contactNumber: '01632123456',
      dateOfBirth: '1983-11-21T00:00:00.000',
      maritalStatus: 'Married',
      drivingLicenceType: 'Provisional UK',
      employmentStatus: 'Self-employed',
      yearsAtEmployer: 25,
      monthsAtEmployer: 11,
      occupation: 'Joiner',
      employerName: 'Smith-Jones Joinery',
      Town: 'Otley',
      netMonthlyIncome: 1980,
      IsOptedEmail: false,
      IsOptedSms: true,
      IsOptedPhone: false,
      IsOptedPost: false,
      IsOptedThirdParty: false,
      IsOptedThirdPartyEmail: false,
      IsOptedThirdPartySms: false,
      IsOptedThirdPartyPhone: false,
    },
    forecourt: {
      version: 1,
      hasDeposit: false,
      ownOtherProperties: true,
      breathingSpace: false,
      fairProcessingNoticeAcknowledged: true,
      jointLivesAtApplicantAddress: false,
      jointAddresses: [
        {
          addressIndex: 1,
          houseNumber: '4',
          buildingNumber: '4',
          street: 'Westgate',
          town: 'Otley',
          county: 'West Yorkshire',
          postcode: 'LS21 3AB',
          yearsAtAddress: 6,
          monthsAtAddress: 2,
          residentialStatus: 'Homeowner without a mortgage',
        },
      ],
    },
  } satisfies FullSubmissionPayload)
})

test.each([
  ['null', null, 6500],
  ['an answer', 20000, 20000],
  ['zero', 0, 0],
])('a loan amount of %s is sent as %s', (_name, loanAmount, sent) => {
  const state = filledState()
  state.form.loanAmount = loanAmount
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).loanAmount).toBe(sent)
})

test.each([
  ['not a number', Number.NaN, 0],
  ['infinite', Number.POSITIVE_INFINITY, 0],
  ['null from an old saved state', null, 0],
  ['zero', 0, 0],
  ['an amount', 750, 750],
])('a deposit that is %s is sent as %s', (_name, cashDeposit, sent) => {
  const state = filledState()
  state.form.cashDeposit = cashDeposit as number
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).cashDeposit).toBe(sent)
})

test.each([
  ['+44 7911 123456', '07911123456'],
  ['07911 123456', '07911123456'],
  ['7911123456', '07911123456'],
  ['(0113) 496-0000', '01134960000'],
  ['7', undefined],
  ['', undefined],
])('the contact number %j is sent as %j', (typed, sent) => {
  const state = filledState()
  state.form.contactNumber = typed
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).contactNumber).toBe(sent)
})

test.each([
  // security from the current address: years cap 10; from the form: 50
  [
    'the current address',
    true,
    { years: 14, months: 3 },
    { yearsAtAddress: 10, monthsAtAddress: 3 },
  ],
  [
    'the current address, months over 11',
    true,
    { years: 2, months: 15 },
    { yearsAtAddress: 2, monthsAtAddress: 11 },
  ],
  ['a typed address', false, { years: 60, months: 4 }, { yearsAtAddress: 50, monthsAtAddress: 4 }],
  [
    'a typed address under the cap',
    false,
    { years: 33, months: 0 },
    { yearsAtAddress: 33, monthsAtAddress: 0 },
  ],
])('security address taken from %s', (_name, isCurrent, time, sent) => {
  const state = filledJointState()
  state.form.isSecurityCurrentAddress = isCurrent
  const source = isCurrent ? state.form.addresses[0] : state.form.securityAddress
  if (!source) throw new Error('fixture has no first address')
  source.yearsAtAddress = time.years
  source.monthsAtAddress = time.months
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(payload.securityAddress).toMatchObject(sent)
  expect(payload.securityAddress?.postcode).toBe(isCurrent ? 'LS6 3AH' : 'LS16 9AA')
  expect(payload.isSecurityCurrentAddress).toBe(isCurrent)
})

test('no answer to "is it your current address?" sends no security address', () => {
  const state = filledJointState()
  state.form.isSecurityCurrentAddress = null
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(payload).not.toHaveProperty('securityAddress')
  expect(payload).not.toHaveProperty('isSecurityCurrentAddress')
})

test('property answers left from a changed loan type are not sent with a vehicle loan', () => {
  const state = filledJointState()
  state.form.loanPurposeType = 'vehicle'
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  for (const field of [
    'propertyValue',
    'mortgageBalance',
    'propertyBedrooms',
    'propertyType',
    'isSecurityCurrentAddress',
    'securityAddress',
  ]) {
    expect(payload).not.toHaveProperty(field)
  }
})

test('the joint applicant is sent only for a joint application', () => {
  const state = filledJointState()
  state.form.isJointApplication = false
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(payload.isJointApplication).toBe(false)
  expect(payload).not.toHaveProperty('JointApplicant')
})

test('the joint applicant’s address goes in the extension object only with a joint application', () => {
  const state = filledJointState()
  state.form.isJointApplication = false
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(payload.forecourt).not.toHaveProperty('jointLivesAtApplicantAddress')
  expect(payload.forecourt).not.toHaveProperty('jointAddresses')
})

test('a joint applicant at the applicant’s address is sent as such, without a history typed before', () => {
  const state = filledJointState()
  state.form.joint.livesAtApplicantAddress = true
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(payload.forecourt.jointLivesAtApplicantAddress).toBe(true)
  expect(payload.forecourt).not.toHaveProperty('jointAddresses')
  // Not asked yet (a partial save before the question): nothing is sent about it.
  state.form.joint.livesAtApplicantAddress = null
  const partial = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(partial.forecourt).not.toHaveProperty('jointLivesAtApplicantAddress')
  expect(partial.forecourt).not.toHaveProperty('jointAddresses')
})

test('the form answer on joint application wins over the top-level flag', () => {
  const state = filledState()
  state.isJointApplication = true
  state.form.isJointApplication = null
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).isJointApplication).toBe(
    true,
  )
  state.form.isJointApplication = false
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).isJointApplication).toBe(
    false,
  )
})

test('addresses and employments are numbered from 1 after blank entries are left out', () => {
  const state = filledState()
  state.form.addresses.unshift(emptyAddress())
  const payload = toFullSubmissionPayload(state, { brand: brands.carfinance, now })
  expect(payload.addresses?.map((address) => [address.addressIndex, address.postcode])).toEqual([
    [1, 'LS6 3AH'],
    [2, 'YO1 7HH'],
  ])
})

test.each([
  [
    'years over 25',
    { yearsAtEmployer: 40, monthsAtEmployer: 2 },
    { yearsAtEmployer: 25, monthsAtEmployer: 2 },
  ],
  [
    'months over 11',
    { yearsAtEmployer: 1, monthsAtEmployer: 30 },
    { yearsAtEmployer: 1, monthsAtEmployer: 11 },
  ],
  [
    'negative values',
    { yearsAtEmployer: -3, monthsAtEmployer: -1 },
    { yearsAtEmployer: 0, monthsAtEmployer: 0 },
  ],
])('employment time with %s is capped', (_name, typed, sent) => {
  const state = filledState()
  Object.assign(state.form.employments[0] ?? {}, typed)
  const payload = toFullSubmissionPayload(state, { brand: brands.carfinance, now })
  expect(payload.employments?.[0]).toMatchObject(sent)
})

test('no vehicle loaded sends no vehicle fields', () => {
  const state = filledState()
  state.form.vehicle.vrm = ''
  const payload = toFullSubmissionPayload(state, { brand: brands.carfinance, now })
  for (const field of [
    'vehicleId',
    'imageUrl',
    'make',
    'model',
    'price',
    'mileage',
    'colour',
    'vrm',
  ]) {
    expect(payload).not.toHaveProperty(field)
  }
})

test.each([
  ['the form says agreed', true, undefined, true],
  ['the form says not agreed', false, undefined, false],
  ['the submit step says agreed', false, true, true],
  ['the submit step says not agreed', true, false, false],
])('terms agreement when %s', (_name, inForm, agreeTerms, sent) => {
  const state = filledState()
  state.form.isAgreedTermsAndConditions = inForm
  const payload = toFullSubmissionPayload(state, { brand: brands.carfinance, now, agreeTerms })
  expect(payload.termsAndConditionsAgreed).toBe(sent)
  expect(payload.IsCompleted).toBe(true)
})

test('with no applied date recorded, the date applied is now', () => {
  const state = filledState()
  state.appliedDate = ''
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).dateApplied).toBe(
    '2025-06-02T09:42:00.000Z',
  )
})

test('submittedBy falls back from the host to the host address, then to the form default', () => {
  const state = filledState()
  state.host = ''
  state.form.hostAddress = 'apply.localhost'
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).submittedBy).toBe(
    'apply.localhost',
  )
  state.form.hostAddress = ''
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).submittedBy).toBe(
    'lm-apply-form',
  )
})

test('the affiliate user id comes from the partner setup, the dealer number from the form', () => {
  const state = filledState()
  state.partnerSetup.affiliateUserId = 'AFF-1'
  state.form.affiliateUserId = 'DLR-9'
  const payload = toFullSubmissionPayload(state, { brand: brands.carfinance, now })
  expect([payload.affiliateUserId, payload.dealerNumber]).toEqual(['AFF-1', 'DLR-9'])
  state.partnerSetup.affiliateUserId = ''
  expect(toFullSubmissionPayload(state, { brand: brands.carfinance, now }).affiliateUserId).toBe(
    'DLR-9',
  )
})

test('an empty application still carries its keys, flags and defaults, and nothing empty', () => {
  const state = filledState()
  const empty = { ...state, form: { ...state.form } }
  Object.assign(empty.form, {
    firstName: ' ',
    lastName: '',
    email: '',
    contactNumber: '',
    dateOfBirth: null,
    addresses: [emptyAddress()],
    employments: [],
    vehicle: { ...state.form.vehicle, vrm: '' },
    utmParameters: {
      ...state.form.utmParameters,
      source: '',
      campaign: '',
      medium: '',
      term: '',
      keyword: '',
      adgroup: '',
      gclid: '',
    },
    gclid: '',
    referrer: '',
  })
  const payload = toFullSubmissionPayload(empty, { brand: brands.carfinance, now })
  for (const field of [
    'firstName',
    'lastName',
    'email',
    'contactNumber',
    'dateOfBirth',
    'addresses',
    'employments',
    'Attribution',
  ]) {
    expect(payload).not.toHaveProperty(field)
  }
  expect(JSON.stringify(payload)).not.toMatch(/""|null/)
})
