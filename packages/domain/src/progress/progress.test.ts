import { expect, test } from 'vitest'
import { type ApplicationForm, createInitialForm, emptyAddress } from '../state/application-state'
import { PROGRESS_ITEMS, PROGRESS_ITEM_NAMES, progressItems, progressPercent } from './progress'

function formWith(changes: Partial<ApplicationForm>): ApplicationForm {
  return { ...createInitialForm(), ...changes }
}

function complete(): ApplicationForm {
  return formWith({
    financeDetailsCompleted: true,
    drivingLicenceCompleted: true,
    loanAmountCompleted: true,
    maritalStatusCompleted: true,
    employmentStatusCompleted: true,
    addressStatusCompleted: true,
    personalDetailsCompleted: true,
    dateOfBirthCompleted: true,
    addressLocationCompleted: true,
    title: 'Mx',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    contactNumber: '07911123456',
    addresses: [{ ...emptyAddress(), postcode: 'LS1 4AP', yearsAtAddress: 3, monthsAtAddress: 0 }],
    employments: [{ ...createInitialForm().employments[0]!, monthsAtEmployer: 7 }],
    netMonthlyIncome: 2100,
  })
}

test('progress counts 17 items', () => {
  expect(PROGRESS_ITEMS).toBe(17)
  expect(PROGRESS_ITEM_NAMES).toHaveLength(17)
  expect(progressItems(createInitialForm())).toHaveLength(17)
})

test('a new application has made no progress', () => {
  expect(progressItems(createInitialForm()).filter(Boolean)).toHaveLength(0)
  expect(progressPercent(createInitialForm())).toBe(0)
})

test('a fully answered application is at 100%', () => {
  expect(progressItems(complete()).every(Boolean)).toBe(true)
  expect(progressPercent(complete())).toBe(100)
})

test.each<[string, Partial<ApplicationForm>, string]>([
  ['finance details', { financeDetailsCompleted: true }, 'financeDetailsCompleted'],
  ['driving licence', { drivingLicenceCompleted: true }, 'drivingLicenceCompleted'],
  ['loan amount', { loanAmountCompleted: true }, 'loanAmountCompleted'],
  ['marital status', { maritalStatusCompleted: true }, 'maritalStatusCompleted'],
  ['employment status', { employmentStatusCompleted: true }, 'employmentStatusCompleted'],
  ['address status', { addressStatusCompleted: true }, 'addressStatusCompleted'],
  ['personal details', { personalDetailsCompleted: true }, 'personalDetailsCompleted'],
  ['date of birth', { dateOfBirthCompleted: true }, 'dateOfBirthCompleted'],
  ['address location flag', { addressLocationCompleted: true }, 'firstAddressLocation'],
  ['title', { title: 'Dr' }, 'title'],
  ['first name', { firstName: 'Ada' }, 'firstName'],
  ['last name', { lastName: 'Lovelace' }, 'lastName'],
  ['email', { email: 'ada@example.com' }, 'email'],
  ['contact number', { contactNumber: '07911123456' }, 'contactNumber'],
  [
    'first postcode',
    { addresses: [{ ...emptyAddress(), postcode: 'LS1 4AP' }] },
    'firstAddressLocation',
  ],
  [
    'years at first address',
    { addresses: [{ ...emptyAddress(), yearsAtAddress: 0 }] },
    'firstAddressTime',
  ],
  [
    'months at first address',
    { addresses: [{ ...emptyAddress(), monthsAtAddress: 5 }] },
    'firstAddressTime',
  ],
  [
    'years at first employer',
    { employments: [{ ...createInitialForm().employments[0]!, yearsAtEmployer: 2 }] },
    'firstEmploymentTime',
  ],
  [
    'months at first employer',
    { employments: [{ ...createInitialForm().employments[0]!, monthsAtEmployer: 2 }] },
    'firstEmploymentTime',
  ],
  ['net monthly income', { netMonthlyIncome: 0 }, 'netMonthlyIncome'],
])('%s alone counts as one item (%j) and gives 6%%', (_name, changes, item) => {
  const items = progressItems(formWith(changes))
  expect(items.filter(Boolean)).toHaveLength(1)
  expect(PROGRESS_ITEM_NAMES[items.indexOf(true)]).toBe(item)
  expect(progressPercent(formWith(changes))).toBe(6)
})

test.each<[string, Partial<ApplicationForm>]>([
  ['spaces only in the names', { firstName: '  ', lastName: '\t', title: ' ' }],
  [
    'a postcode on the second address only',
    { addresses: [emptyAddress(), { ...emptyAddress(), postcode: 'LS1 4AP' }] },
  ],
  ['no addresses at all', { addresses: [] }],
  ['no employments at all', { employments: [] }],
  ['an income that is not a number', { netMonthlyIncome: Number.NaN }],
])('%s counts for nothing', (_name, changes) => {
  expect(progressPercent(formWith(changes))).toBe(0)
})

test('the address-location flag and the first postcode together are still one item', () => {
  const form = formWith({
    addressLocationCompleted: true,
    addresses: [{ ...emptyAddress(), postcode: 'LS1 4AP' }],
  })
  expect(progressItems(form).filter(Boolean)).toHaveLength(1)
})

test.each([
  [1, 6],
  [2, 12],
  [8, 47],
  [9, 53],
  [16, 94],
  [17, 100],
])('%i items done of 17 is %i%%', (done, percent) => {
  const full = complete()
  const form = createInitialForm()
  const flags = [
    'financeDetailsCompleted',
    'drivingLicenceCompleted',
    'loanAmountCompleted',
    'maritalStatusCompleted',
    'employmentStatusCompleted',
    'addressStatusCompleted',
    'personalDetailsCompleted',
    'dateOfBirthCompleted',
  ] as const
  const others: ((f: ApplicationForm) => void)[] = [
    (f) => (f.title = full.title),
    (f) => (f.firstName = full.firstName),
    (f) => (f.lastName = full.lastName),
    (f) => (f.email = full.email),
    (f) => (f.contactNumber = full.contactNumber),
    (f) => (f.addressLocationCompleted = true),
    (f) => (f.addresses = full.addresses),
    (f) => (f.employments = full.employments),
    (f) => (f.netMonthlyIncome = full.netMonthlyIncome),
  ]
  const steps = [...flags.map((flag) => (f: ApplicationForm) => (f[flag] = true)), ...others]
  for (const step of steps.slice(0, done)) step(form)
  expect(progressPercent(form)).toBe(percent)
})
