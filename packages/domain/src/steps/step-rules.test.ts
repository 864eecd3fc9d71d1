import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { journeyVisits } from '../journey/navigation'
import type { StepId } from '../journey/step-list'
import { steps } from '../journey/steps'
import { filledJointState, filledState } from '../../test-support/test-fixtures'
import { createInitialState, emptyAddress, type ApplicationState } from '../state/application-state'
import { stepRules, validateStep } from './step-rules'

const today = { year: 2026, month: 11, day: 21 }
const messages = (stepId: StepId, state: ApplicationState, n = 1) =>
  validateStep(stepId, { state, brand: brands.carfinance, n, today }).map(
    ({ field, error }) => `${field}: ${error.text}`,
  )

test('every step of the journey has its rules', () => {
  for (const step of steps) expect(stepRules[step.id], step.id).toBeDefined()
})

test('an empty application gets the specification messages on each screen', () => {
  const state = createInitialState()
  expect(messages('personal', state)).toEqual([
    'title: Please enter your title.',
    'firstName: Please enter your first name.',
    'lastName: Please enter your last name.',
  ])
  expect(messages('contact', state)).toEqual([
    'email: Please enter your email address.',
    'contactNumber: Please enter your phone number.',
  ])
  expect(messages('date-of-birth', state)).toEqual([
    'dateOfBirth: Please enter your date of birth.',
  ])
  expect(messages('driving-licence', state)).toEqual([
    'drivingLicenceType: Please choose an option to continue.',
  ])
  expect(messages('address-length', state)).toEqual(['timeAtAddress: Please answer this question.'])
  expect(messages('soft-search', state)).toEqual(['agreeSoftSearch: Please check this box.'])
  expect(messages('before-you-submit', state)).toEqual([
    'isAgreedTermsAndConditions: Please check this box.',
  ])
  expect(messages('looking-to-borrow', state)).toEqual([
    'loanAmount: Please enter your loan amount.',
  ])
  expect(messages('term-to-borrow', state)).toEqual(['term: Please enter your loan term.'])
})

test('joint screens use the "their" wording', () => {
  const state = createInitialState()
  state.form.isJointApplication = true
  expect(messages('joint-customer-details', state)).toEqual([
    'jointTitle: Please enter their title.',
    'jointFirstName: Please enter their first name.',
    'jointLastName: Please enter their last name.',
    'jointMaritalStatus: Please choose an option to continue.',
    'jointDrivingLicenceType: Please choose an option to continue.',
  ])
})

test('ranges follow the loan kind', () => {
  const state = createInitialState()
  state.form.loanAmount = 500
  expect(messages('looking-to-borrow', state)).toEqual([
    'loanAmount: Must be between 1,000 and 50,000.',
  ])
  state.form.loanPurposeType = 'property'
  expect(messages('looking-to-borrow', state)).toEqual([
    'loanAmount: Must be between 10,000 and 250,000.',
  ])
  state.form.term = 24
  expect(messages('term-to-borrow', state)).toEqual(['term: Must be between 3 and 25.'])
})

test('"I\'m not sure yet" needs no amount and leaves it null for the 6500 default', () => {
  const state = createInitialState()
  state.form.loanAmount = 5000
  state.form.loanAmountUnknown = true
  expect(messages('looking-to-borrow', state)).toEqual([])
  stepRules['looking-to-borrow']!.complete!(state, {
    state,
    brand: brands.carfinance,
    n: 1,
    today,
  })
  expect(state.form.loanAmount).toBeNull()
  expect(state.form.loanAmountCompleted).toBe(true)
})

test('changing the loan kind lets go of an amount and a term outside the new limits', () => {
  const complete = (state: ApplicationState) =>
    stepRules['loan-type']!.complete!(state, { state, brand: brands.harbourlend, n: 1, today })
  const answered = (loanAmount: number, years: number, loanPurposeType: string) => {
    const state = createInitialState()
    Object.assign(state.form, {
      loanPurposeType,
      loanAmount,
      loanAmountCompleted: true,
      term: years * 12,
      financeDetailsCompleted: true,
    })
    complete(state)
    return [state.form.loanAmount, state.form.loanAmountCompleted, state.form.term]
  }
  // Vehicle → property: £8,000 is under £10,000 and 2 years under 3; the amount stays to be shown.
  expect(answered(8000, 2, 'property')).toEqual([8000, false, null])
  // Property → vehicle: £20,000 and 5 years fit both kinds, so both stay answered.
  expect(answered(20000, 5, 'vehicle')).toEqual([20000, true, 60])
  // Property → vehicle: £100,000 and 10 years are over £50,000 and 7 years.
  expect(answered(100000, 10, 'vehicle')).toEqual([100000, false, null])

  const unsure = createInitialState()
  Object.assign(unsure.form, {
    loanPurposeType: 'property',
    loanAmount: null,
    loanAmountUnknown: true,
    loanAmountCompleted: true,
  })
  complete(unsure)
  expect(unsure.form.loanAmountCompleted).toBe(true)
})

test('changing the loan kind asks again for a cash deposit over the new bound', () => {
  const changedTo = (loanPurposeType: string, cashDeposit: number, price: number | null = null) => {
    const state = createInitialState()
    state.hasDeposit = true
    Object.assign(state.form, {
      loanPurposeType,
      depositType: 'Cash and part exchange',
      cashDeposit,
    })
    state.form.vehicle.price = price
    stepRules['loan-type']!.complete!(state, { state, brand: brands.harbourlend, n: 1, today })
    return [state.hasDeposit, state.form.depositType, state.form.cashDeposit]
  }
  // Property → vehicle: £146,553 is over the vehicle loan's £50,000; the screen shows what was given.
  expect(changedTo('vehicle', 146553)).toEqual([null, 'Cash and part exchange', 146553])
  // It fits the vehicle's greatest loan, or the vehicle's own price when there is one.
  expect(changedTo('vehicle', 50000)).toEqual([true, 'Cash and part exchange', 50000])
  expect(changedTo('vehicle', 60000, 80000)).toEqual([true, 'Cash and part exchange', 60000])
  expect(changedTo('property', 146553)).toEqual([true, 'Cash and part exchange', 146553])

  const state = createInitialState()
  state.hasDeposit = true
  Object.assign(state.form, {
    loanPurposeType: 'vehicle',
    depositType: 'Cash and part exchange',
    cashDeposit: 146553,
  })
  expect(messages('deposit', state)).toEqual(['cashDeposit: Must be between 1 and 50,000.'])
})

test('a completed date of birth is stored at midnight UTC', () => {
  const state = createInitialState()
  Object.assign(state, { dobDay: '07', dobMonth: '03', dobYear: '1990' })
  expect(messages('date-of-birth', state)).toEqual([])
  stepRules['date-of-birth']!.complete!(state, { state, brand: brands.carfinance, n: 1, today })
  expect(state.form.dateOfBirth).toBe('1990-03-07T00:00:00.000Z')
  Object.assign(state, { dobYear: '2010' })
  expect(messages('date-of-birth', state)).toEqual([
    'dateOfBirth: You must be at least 18 years old to apply for finance with us.',
  ])
})

test('an address typed by hand needs a number or name, street, town and a valid postcode', () => {
  const state = createInitialState()
  state.savedAddresses = [{ manual: true, streetAddress: '', value: '' }]
  expect(messages('address', state)).toEqual([
    'houseNumber: Please enter your house number or name.',
    'street: Please enter your street.',
    'town: Please enter your town or city.',
    'postcode: Please enter your postcode.',
  ])
  state.form.addresses[0] = {
    ...state.form.addresses[0]!,
    houseName: 'Rose Cottage',
    street: 'High Street',
    town: 'Leeds',
    postcode: 'LS1 ZZZ',
  }
  expect(messages('address', state)).toEqual(['postcode: Please enter a valid UK postcode.'])
})

test('an address found by postcode only has to be chosen, even without a street', () => {
  const state = createInitialState()
  expect(messages('address', state)).toEqual(['address: Please choose your address.'])
  state.savedAddresses = [{ manual: false, streetAddress: '', value: 'LL55 3PE' }]
  expect(messages('address', state)).toEqual(['address: Please choose your address.'])
  // A farmhouse in Llanrug: Royal Mail gives a building name and a locality, no street.
  Object.assign(state.form.addresses[0]!, {
    buildingName: 'Tŷ Gwyn',
    houseName: 'Tŷ Gwyn',
    locality: 'Llanrug',
    town: 'Caernarfon',
    postcode: 'LL55 3PE',
  })
  state.savedAddresses[0]!.streetAddress = 'Tŷ Gwyn, Llanrug, Caernarfon'
  expect(messages('address', state)).toEqual([])
  // The same address typed by hand is asked for its street.
  state.savedAddresses[0]!.manual = true
  expect(messages('address', state)).toEqual(['street: Please enter your street.'])
  // Entry 2 has a memory of its own.
  state.form.addresses.push(emptyAddress())
  expect(messages('address', state, 2)).toEqual(['address: Please choose your address.'])
})

test('the security address is chosen from the lookup or typed by hand, with who lives there and its time there asked', () => {
  const state = createInitialState()
  expect(messages('security-address-add', state)).toEqual([
    'address: Please choose your address.',
    'securityOccupancy: Please choose an option to continue.',
    'timeAtAddress: Please answer this question.',
  ])
  state.form.securityAddress.manual = true
  Object.assign(state.form.securityAddress, { houseNumber: '4', town: 'Leeds' })
  state.form.securityAddress.residentialStatus = 'Lived in by family'
  state.form.securityAddress.yearsAtAddress = 40
  expect(messages('security-address-add', state)).toEqual([
    'street: Please enter your street.',
    'postcode: Please enter your postcode.',
  ])
})

test('a home status left on the security property is not an answer to who lives there', () => {
  const state = createInitialState()
  Object.assign(state.form.securityAddress, {
    houseNumber: '4',
    street: 'Mill Lane',
    town: 'Leeds',
    postcode: 'LS16 9AA',
    manual: true,
    yearsAtAddress: 3,
    residentialStatus: 'Homeowner with a mortgage',
  })
  expect(messages('security-address-add', state)).toEqual([
    'securityOccupancy: Please choose an option to continue.',
  ])
  state.form.securityAddress.residentialStatus = 'Let to tenants'
  expect(messages('security-address-add', state)).toEqual([])
})

test('lengthening an earlier address drops the entries the history no longer needs', () => {
  const state = createInitialState()
  const entry = (yearsAtAddress: number, street: string) => ({
    ...emptyAddress(),
    street,
    yearsAtAddress,
    monthsAtAddress: 0,
  })
  state.form.addresses = [entry(1, 'First'), entry(1, 'Second'), entry(2, 'Third'), emptyAddress()]
  state.savedAddresses = state.form.addresses.map((_, i) => ({
    manual: true,
    streetAddress: '',
    value: String(i),
  }))
  const complete = (n: number) =>
    stepRules['address-length']!.complete!(state, { state, brand: brands.carfinance, n, today })

  // 1 + 1 + 2 years: the third entry completes the history; the blank fourth is dropped.
  complete(3)
  expect(state.form.addresses.map((a) => a.street)).toEqual(['First', 'Second', 'Third'])
  // The first address is now 3 years: nothing after it is needed any more.
  state.form.addresses[0]!.yearsAtAddress = 3
  complete(1)
  expect(state.form.addresses.map((a) => a.street)).toEqual(['First'])
  expect(state.savedAddresses.map((s) => s.value)).toEqual(['0'])
  // A shorter answer keeps every entry: more are still to come.
  state.form.addresses[0]!.yearsAtAddress = 1
  complete(1)
  expect(state.form.addresses).toHaveLength(1)
})

test('"yes, the current address" copies the first address into the security address; "no" lets the copy go', () => {
  const state = createInitialState()
  state.form.addresses[0] = {
    ...emptyAddress(),
    houseNumber: '10',
    street: 'Acacia Avenue',
    town: 'Leeds',
    postcode: 'LS1 4DY',
    yearsAtAddress: 12,
    monthsAtAddress: 3,
    residentialStatus: 'Homeowner with a mortgage',
  }
  const complete = () =>
    stepRules['security-address-confirm']!.complete!(state, {
      state,
      brand: brands.harbourlend,
      n: 1,
      today,
    })
  state.form.isSecurityCurrentAddress = true
  complete()
  expect(state.form.securityAddress).toEqual({ ...state.form.addresses[0], manual: false })

  state.form.isSecurityCurrentAddress = false
  complete()
  expect(state.form.securityAddress).toEqual({ ...emptyAddress(), manual: false })

  // A security address of its own stays when the answer is given again.
  const own = { ...emptyAddress(), manual: true, houseName: 'The Old Forge', town: 'Leeds' }
  state.form.securityAddress = own
  complete()
  expect(state.form.securityAddress).toEqual(own)
})

test('a filled-in application passes every step it visits', () => {
  for (const state of [filledState(), filledJointState()]) {
    for (const visit of journeyVisits({ state, brand: brands.carfinance })) {
      if (visit.step.id === 'submit' || visit.step.id === 'before-you-submit') continue
      expect(messages(visit.step.id, state, visit.n), visit.path).toEqual([])
    }
  }
})

test('lengthening an earlier employment drops the entries the history no longer needs', () => {
  const state = createInitialState()
  const entry = (yearsAtEmployer: number, employerName: string) => ({
    occupation: '',
    employerName,
    employerTown: '',
    employmentStatus: 'Full-time employed',
    yearsAtEmployer,
    monthsAtEmployer: 0,
  })
  state.form.employments = [
    entry(1, 'First'),
    entry(1, 'Second'),
    entry(2, 'Third'),
    entry(1, 'Fourth'),
  ]
  const complete = (n: number) =>
    stepRules['employment-length']!.complete!(state, { state, brand: brands.carfinance, n, today })

  // 1 + 1 + 2 years: the third entry completes the history; the fourth is dropped.
  complete(3)
  expect(state.form.employments.map((e) => e.employerName)).toEqual(['First', 'Second', 'Third'])
  // The first employment is now 3 years: nothing after it is needed any more.
  state.form.employments[0]!.yearsAtEmployer = 3
  complete(1)
  expect(state.form.employments.map((e) => e.employerName)).toEqual(['First'])
  // A shorter answer keeps every entry: more are still to come.
  state.form.employments[0]!.yearsAtEmployer = 1
  complete(1)
  expect(state.form.employments).toHaveLength(1)
})

test('the third-party opt-in is yes exactly when a partner channel is ticked, for each applicant', () => {
  const state = createInitialState()
  const ctx = { state, brand: brands.carfinance, n: 1, today }
  state.form.isOptedThirdParty = true
  state.form.isOptedEmail = true
  stepRules.optins!.complete!(state, ctx)
  expect(state.form.isOptedThirdParty).toBe(false)

  for (const channel of [
    'isOptedThirdPartyEmail',
    'isOptedThirdPartySms',
    'isOptedThirdPartyPhone',
  ] as const) {
    const main = createInitialState()
    main.form[channel] = true
    stepRules.optins!.complete!(main, { ...ctx, state: main })
    expect(main.form.isOptedThirdParty, channel).toBe(true)
    expect(main.form.joint.isOptedThirdParty, channel).toBe(false)

    const joint = createInitialState()
    joint.form.joint[channel] = true
    stepRules['joint-optins']!.complete!(joint, { ...ctx, state: joint })
    expect(joint.form.joint.isOptedThirdParty, channel).toBe(true)
    expect(joint.form.isOptedThirdParty, channel).toBe(false)
  }
  expect(messages('optins', createInitialState())).toEqual([])
  expect(messages('joint-optins', createInitialState())).toEqual([])
})

test('the joint applicant\'s employment, income and contact messages say "their"', () => {
  const state = createInitialState()
  state.form.isJointApplication = true
  expect(messages('joint-date-of-birth', state)).toEqual([
    'jointDateOfBirth: Please enter their date of birth.',
  ])
  state.form.joint.employmentStatus = 'Self-employed'
  expect(messages('joint-employment-add', state)).toEqual([
    'jointOccupation: Please enter their occupation.',
    'jointEmployerName: Please enter their business name.',
    'jointEmployerTown: Please enter their business town.',
  ])
  expect(messages('joint-employment-length', state)).toEqual([
    'jointTimeAtEmployer: Please answer this question.',
  ])
  expect(messages('joint-employment-income', state)).toEqual([
    'jointNetMonthlyIncome: Please enter their net monthly income.',
  ])
  expect(messages('joint-customer-contact', state)).toEqual([
    'jointEmail: Please enter their email address.',
    'jointContactNumber: Please enter their phone number.',
  ])
})

test('the joint applicant’s email may not be the applicant’s own, whatever its case or spaces', () => {
  const state = createInitialState()
  state.form.isJointApplication = true
  state.form.email = 'ada.oneill@example.com'
  state.form.joint.contactNumber = '01632 123 456'
  state.form.joint.email = ' Ada.ONeill@Example.com '
  expect(messages('joint-customer-contact', state)).toEqual([
    'jointEmail: Enter the joint applicant’s own email address. It must be different from yours, so their confirmation reaches them.',
  ])
  state.form.joint.email = 'sam.oneill@example.com'
  expect(messages('joint-customer-contact', state)).toEqual([])
})

test('the joint applicant’s address questions ask the main applicant’s questions in their wording', () => {
  const state = createInitialState()
  state.form.isJointApplication = true
  expect(messages('joint-same-address', state)).toEqual([
    'jointLivesAtApplicantAddress: Please choose an option to continue.',
  ])
  state.form.joint.livesAtApplicantAddress = false
  expect(messages('joint-same-address', state)).toEqual([])
  expect(messages('joint-address', state)).toEqual(['address: Please choose their address.'])
  state.jointSavedAddresses = [{ manual: true, streetAddress: '', value: '' }]
  expect(messages('joint-address', state)).toEqual([
    'houseNumber: Please enter their house number or name.',
    'street: Please enter their street.',
    'town: Please enter their town or city.',
    'postcode: Please enter their postcode.',
  ])
  Object.assign(state.form.joint.addresses[0]!, {
    houseNumber: '4',
    street: 'Westgate',
    town: 'Otley',
    postcode: 'LS21 ZZZ',
  })
  expect(messages('joint-address', state)).toEqual(['postcode: Please enter a valid UK postcode.'])
  state.form.joint.addresses[0]!.postcode = 'LS21 3AB'
  expect(messages('joint-address', state)).toEqual([])
  // The main applicant's own memory says nothing about the joint applicant's entry.
  expect(state.savedAddresses).toEqual([])
  expect(messages('joint-address-length', state)).toEqual([
    'jointTimeAtAddress: Please answer this question.',
  ])
  expect(messages('joint-residential-status', state)).toEqual([
    'jointResidentialStatus: Please choose an option to continue.',
  ])
  expect(messages('joint-address', state, 2)).toEqual(['address: Please choose their address.'])
})

test('lengthening the joint applicant’s earlier address drops the entries their history no longer needs', () => {
  const state = createInitialState()
  const entry = (yearsAtAddress: number, street: string) => ({
    ...emptyAddress(),
    street,
    yearsAtAddress,
    monthsAtAddress: 0,
  })
  state.form.joint.addresses = [entry(1, 'First'), entry(1, 'Second'), entry(2, 'Third')]
  state.jointSavedAddresses = state.form.joint.addresses.map((_, i) => ({
    manual: true,
    streetAddress: '',
    value: String(i),
  }))
  state.form.addresses = [entry(1, 'Main'), entry(1, 'Main before')]
  state.form.joint.addresses[0]!.yearsAtAddress = 3
  stepRules['joint-address-length'].complete!(state, {
    state,
    brand: brands.carfinance,
    n: 1,
    today,
  })
  expect(state.form.joint.addresses.map((a) => a.street)).toEqual(['First'])
  expect(state.jointSavedAddresses.map((s) => s.value)).toEqual(['0'])
  // The applicant's own history is left as it is.
  expect(state.form.addresses.map((a) => a.street)).toEqual(['Main', 'Main before'])
})
