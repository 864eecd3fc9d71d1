import { expect, test } from 'vitest'
import { BRAND_IDS, brands } from '../brands/brand-data'
import { type CalendarDate, londonToday } from '../fields/date-of-birth'
import { type FullSubmissionPayload, toFullSubmissionPayload } from '../payload/full-payload'
import { filledJointState, filledState } from '../../test-support/test-fixtures'
import { createSubmissionSchema, validateSubmission } from './submission-schema'

const today: CalendarDate = { year: 2025, month: 6, day: 2 }
const opts = { today, knownAffiliateKeys: BRAND_IDS.map((id) => brands[id].affiliateKey) }
const now = new Date('2025-06-02T09:42:00.000Z')

const single = (): FullSubmissionPayload =>
  toFullSubmissionPayload(filledState(), { brand: brands.carfinance, now })
const joint = (): FullSubmissionPayload =>
  toFullSubmissionPayload(filledJointState(), { brand: brands.harbourlend, now })

test.each([
  ['a single application', single],
  ['a joint homeowner loan', joint],
])('%s made by the payload mapper passes unchanged', (_name, make) => {
  const payload = make()
  expect(validateSubmission(payload, opts)).toEqual({ ok: true, value: payload })
})

test('every brand’s affiliate key is accepted', () => {
  for (const id of BRAND_IDS) {
    const payload = { ...single(), affiliateKey: brands[id].affiliateKey }
    expect(validateSubmission(payload, opts).ok).toBe(true)
  }
})

test('unknown keys are stripped, at the top and inside objects', () => {
  const payload = single()
  const body = {
    ...payload,
    isAdmin: true,
    Attribution: { ...payload.Attribution, utm_content: 'x' },
    addresses: payload.addresses?.map((address) => ({ ...address, uprn: '1' })),
  }
  expect(validateSubmission(body, opts)).toEqual({ ok: true, value: payload })
})

const long = (length: number) => 'a'.repeat(length)

type Change = (payload: FullSubmissionPayload) => Record<string, unknown>

test.each<[string, () => FullSubmissionPayload, Change, string, string]>([
  // name, base payload, change, field, message
  [
    'terms not agreed',
    single,
    (p) => ({ ...p, termsAndConditionsAgreed: false }),
    'termsAndConditionsAgreed',
    'Please check this box.',
  ],
  [
    'not completed',
    single,
    (p) => ({ ...p, IsCompleted: false }),
    'IsCompleted',
    'must be true: only a completed application is submitted',
  ],
  ['no submission key', single, ({ submissionKey: _, ...p }) => p, 'submissionKey', 'is required'],
  [
    'a submission key that is not a UUID',
    single,
    (p) => ({ ...p, submissionKey: 'abc-123' }),
    'submissionKey',
    'must be a UUID',
  ],
  [
    'an unknown affiliate key',
    single,
    (p) => ({ ...p, affiliateKey: 'aff-other-000000' }),
    'affiliateKey',
    'is not the affiliate key of a known brand',
  ],
  [
    'no first name',
    single,
    ({ firstName: _, ...p }) => p,
    'firstName',
    'Please enter your first name.',
  ],
  [
    'a first name of spaces',
    single,
    (p) => ({ ...p, firstName: '   ' }),
    'firstName',
    'Please enter your first name.',
  ],
  [
    'a last name over 50 characters',
    single,
    (p) => ({ ...p, lastName: long(51) }),
    'lastName',
    'Your last name must be 50 characters or fewer.',
  ],
  ['no email', single, ({ email: _, ...p }) => p, 'email', 'Please enter your email address.'],
  [
    'an email without a domain',
    single,
    (p) => ({ ...p, email: 'ada@' }),
    'email',
    'Please try again. That email address doesn’t look right.',
  ],
  [
    'an email over 50 characters',
    single,
    (p) => ({ ...p, email: `${long(45)}@example.com` }),
    'email',
    'Please try again. That email address doesn’t look right.',
  ],
  [
    'no contact number',
    single,
    ({ contactNumber: _, ...p }) => p,
    'contactNumber',
    'Please enter your phone number.',
  ],
  [
    'a foreign number',
    single,
    (p) => ({ ...p, contactNumber: '+33123456789' }),
    'contactNumber',
    'Please enter your phone number without the country code.',
  ],
  [
    'a 10-digit number',
    single,
    (p) => ({ ...p, contactNumber: '0791112345' }),
    'contactNumber',
    'Please try again, UK phone numbers should contain 11 digits.',
  ],
  [
    'a drama number',
    single,
    (p) => ({ ...p, contactNumber: '07700900123' }),
    'contactNumber',
    'Please try again, Your phone number looks invalid.',
  ],
  [
    'a 070 personal number',
    single,
    (p) => ({ ...p, contactNumber: '07011123456' }),
    'contactNumber',
    'Please try again, Your phone number looks invalid.',
  ],
  [
    'no date of birth',
    single,
    ({ dateOfBirth: _, ...p }) => p,
    'dateOfBirth',
    'Please enter your date of birth.',
  ],
  [
    'a date of birth in another format',
    single,
    (p) => ({ ...p, dateOfBirth: '1985-03-07' }),
    'dateOfBirth',
    'must be written YYYY-MM-DDT00:00:00.000',
  ],
  [
    'a date that does not exist',
    single,
    (p) => ({ ...p, dateOfBirth: '1985-02-30T00:00:00.000' }),
    'dateOfBirth',
    'Please enter a valid date.',
  ],
  [
    'a birth in the future',
    single,
    (p) => ({ ...p, dateOfBirth: '2025-06-03T00:00:00.000' }),
    'dateOfBirth',
    'Please check you have entered your year of birth correctly.',
  ],
  [
    '18 tomorrow',
    single,
    (p) => ({ ...p, dateOfBirth: '2007-06-03T00:00:00.000' }),
    'dateOfBirth',
    'You must be at least 18 years old to apply for finance with us.',
  ],
  [
    '80 today',
    single,
    (p) => ({ ...p, dateOfBirth: '1945-06-02T00:00:00.000' }),
    'dateOfBirth',
    'You must be under 80 years old to apply for finance with us.',
  ],
  [
    'a title not in the list',
    single,
    (p) => ({ ...p, title: 'Sir' }),
    'title',
    'Please enter your title.',
  ],
  [
    'no marital status',
    single,
    ({ maritalStatus: _, ...p }) => p,
    'maritalStatus',
    'Please choose your marital status.',
  ],
  [
    'no addresses',
    single,
    ({ addresses: _, ...p }) => p,
    'addresses',
    'must hold at least one address',
  ],
  [
    'an address without a postcode',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], postcode: undefined }] }),
    'addresses.0.postcode',
    'Please enter your postcode.',
  ],
  [
    'an address with half a postcode',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], postcode: 'LS6' }] }),
    'addresses.0.postcode',
    'Please enter a valid UK postcode.',
  ],
  [
    'an address with years over 25',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], yearsAtAddress: 26 }] }),
    'addresses.0.yearsAtAddress',
    'Must be between 0 and 25.',
  ],
  [
    'an address with 12 months',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], monthsAtAddress: 12 }] }),
    'addresses.0.monthsAtAddress',
    'Must be between 0 and 11.',
  ],
  [
    'an address with no time there',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], yearsAtAddress: 0, monthsAtAddress: 0 }] }),
    'addresses.0.yearsAtAddress',
    'Please answer this question.',
  ],
  [
    'a second address numbered 3',
    single,
    (p) => ({
      ...p,
      addresses: p.addresses?.map((a, i) => ({ ...a, addressIndex: i === 1 ? 3 : a.addressIndex })),
    }),
    'addresses.1.addressIndex',
    'must number the entries 1, 2, 3… in order',
  ],
  [
    'a street over 100 characters',
    single,
    (p) => ({ ...p, addresses: [{ ...p.addresses?.[0], street: long(101) }] }),
    'addresses.0.street',
    'must be 100 characters or fewer',
  ],
  [
    'an employed status without an employer',
    single,
    (p) => ({ ...p, employments: [{ ...p.employments?.[0], employerName: undefined }] }),
    'employments.0.employerName',
    'Please enter your employer name.',
  ],
  [
    'an employment status not in the list',
    single,
    (p) => ({ ...p, employments: [{ ...p.employments?.[0], employmentStatus: 'Astronaut' }] }),
    'employments.0.employmentStatus',
    'Please choose your employment status.',
  ],
  [
    'no monthly income',
    single,
    ({ netMonthlyIncome: _, ...p }) => p,
    'netMonthlyIncome',
    'Please enter your monthly income.',
  ],
  [
    'a term longer than a vehicle loan allows',
    single,
    (p) => ({ ...p, term: 96 }),
    'term',
    'Must be between 12 and 84.',
  ],
  [
    'a vehicle loan over £50,000',
    single,
    (p) => ({ ...p, loanAmount: 50001 }),
    'loanAmount',
    'Must be between 1,000 and 50,000.',
  ],
  [
    'a negative deposit',
    single,
    (p) => ({ ...p, cashDeposit: -1 }),
    'cashDeposit',
    'must not be negative',
  ],
  ['an opt-in flag missing', single, ({ IsOptedPost: _, ...p }) => p, 'IsOptedPost', 'is required'],
  [
    'an opt-in flag as text',
    single,
    (p) => ({ ...p, IsOptedEmail: 'yes' }),
    'IsOptedEmail',
    'must be true or false',
  ],
  [
    'a user agent over 500 characters',
    single,
    (p) => ({ ...p, userAgent: long(501) }),
    'userAgent',
    'must be 500 characters or fewer',
  ],
  [
    'a make over 50 characters',
    single,
    (p) => ({ ...p, make: long(51) }),
    'make',
    'must be 50 characters or fewer',
  ],
  [
    'an unknown vehicle type',
    single,
    (p) => ({ ...p, vehicleType: 'Tractor' }),
    'vehicleType',
    'must be one of Caravan, Van, Horsebox, Motorhome, Motorcycle, Car',
  ],
  [
    'an applied date that is not a date',
    single,
    (p) => ({ ...p, dateApplied: 'yesterday' }),
    'dateApplied',
    'must be an ISO 8601 date and time',
  ],
  [
    'property answers with a vehicle loan',
    single,
    (p) => ({ ...p, propertyValue: 250000 }),
    'propertyValue',
    'is sent only with a loan secured on property',
  ],
  [
    'a joint applicant on a single application',
    single,
    (p) => ({ ...p, JointApplicant: joint().JointApplicant }),
    'JointApplicant',
    'is sent only with a joint application',
  ],
  [
    'a homeowner loan without the property value',
    joint,
    ({ propertyValue: _, ...p }) => p,
    'propertyValue',
    'Please enter your property value.',
  ],
  [
    'a homeowner loan without the security address',
    joint,
    ({ securityAddress: _, ...p }) => p,
    'securityAddress',
    'is required',
  ],
  [
    'a security address with years over 50',
    joint,
    (p) => ({ ...p, securityAddress: { ...p.securityAddress, yearsAtAddress: 51 } }),
    'securityAddress.yearsAtAddress',
    'Must be between 0 and 50.',
  ],
  [
    'a property elsewhere with a home’s residential status (decision 1501)',
    joint,
    (p) => ({
      ...p,
      securityAddress: { ...p.securityAddress, residentialStatus: 'Homeowner with a mortgage' },
    }),
    'securityAddress.residentialStatus',
    'Please choose an option to continue.',
  ],
  [
    'a property elsewhere without who lives there',
    joint,
    (p) => ({ ...p, securityAddress: { ...p.securityAddress, residentialStatus: undefined } }),
    'securityAddress.residentialStatus',
    'Please choose an option to continue.',
  ],
  [
    'the current address as security with who lives at a property elsewhere',
    joint,
    (p) => ({
      ...p,
      isSecurityCurrentAddress: true,
      securityAddress: { ...p.securityAddress, residentialStatus: 'Let to tenants' },
    }),
    'securityAddress.residentialStatus',
    'Please choose your residential status.',
  ],
  [
    'no extension object (decision 1503)',
    single,
    ({ forecourt: _, ...p }) => p,
    'forecourt',
    'is required',
  ],
  [
    'an extension object of another version',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, version: 2 } }),
    'forecourt.version',
    'must be 1',
  ],
  [
    'no answer about a breathing space',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, breathingSpace: undefined } }),
    'forecourt.breathingSpace',
    'Please choose an option to continue.',
  ],
  [
    'the fair processing notice not acknowledged',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, fairProcessingNoticeAcknowledged: false } }),
    'forecourt.fairProcessingNoticeAcknowledged',
    'Please check this box.',
  ],
  [
    'a deposit type that is not on the list',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, depositType: 'Bitcoin' } }),
    'forecourt.depositType',
    'Please choose your deposit type.',
  ],
  [
    'a deposit without its type',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, depositType: undefined } }),
    'forecourt.depositType',
    'Please choose your deposit type.',
  ],
  [
    'a deposit type with no deposit',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, hasDeposit: false } }),
    'forecourt.depositType',
    'is sent only with a deposit',
  ],
  [
    'other properties with a vehicle loan',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, ownOtherProperties: false } }),
    'forecourt.ownOtherProperties',
    'is sent only with a loan secured on property',
  ],
  [
    'a homeowner loan without the answer about other properties',
    joint,
    (p) => ({ ...p, forecourt: { ...p.forecourt, ownOtherProperties: undefined } }),
    'forecourt.ownOtherProperties',
    'Please choose an option to continue.',
  ],
  [
    'a homeowner loan over £250,000',
    joint,
    (p) => ({ ...p, loanAmount: 260000, loanAmountUnknown: false }),
    'loanAmount',
    'Must be between 10,000 and 250,000.',
  ],
  [
    'a homeowner loan term of 2 years',
    joint,
    (p) => ({ ...p, term: 24 }),
    'term',
    'Must be between 36 and 300.',
  ],
  [
    'a joint application without the joint applicant',
    joint,
    ({ JointApplicant: _, ...p }) => p,
    'JointApplicant',
    'is required',
  ],
  [
    'a joint applicant without a first name',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, firstName: undefined } }),
    'JointApplicant.firstName',
    'Please enter their first name.',
  ],
  [
    'a joint applicant with a bad email',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, email: 'sam@@example.com' } }),
    'JointApplicant.email',
    'Please try again. That email address doesn’t look right.',
  ],
  [
    'a joint applicant with a country code',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, contactNumber: '+353861234567' } }),
    'JointApplicant.contactNumber',
    'Please enter their phone number without the country code.',
  ],
  [
    'a joint applicant under 18',
    joint,
    (p) => ({
      ...p,
      JointApplicant: { ...p.JointApplicant, dateOfBirth: '2010-01-01T00:00:00.000' },
    }),
    'JointApplicant.dateOfBirth',
    'They must be at least 18 years old to apply for finance with us.',
  ],
  [
    'a joint applicant without a licence type',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, drivingLicenceType: undefined } }),
    'JointApplicant.drivingLicenceType',
    'Please choose their driving licence type.',
  ],
  [
    'a self-employed joint applicant without an occupation',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, occupation: undefined } }),
    'JointApplicant.occupation',
    'Please enter their occupation.',
  ],
  [
    'a joint application that does not say where the joint applicant lives',
    joint,
    (p) => {
      const { jointLivesAtApplicantAddress: _, ...forecourt } = p.forecourt
      return { ...p, forecourt }
    },
    'forecourt.jointLivesAtApplicantAddress',
    'Please choose an option to continue.',
  ],
  [
    'a joint applicant living elsewhere without their address',
    joint,
    (p) => ({ ...p, forecourt: { ...p.forecourt, jointAddresses: undefined } }),
    'forecourt.jointAddresses',
    'must hold at least one address',
  ],
  [
    'a joint applicant at the applicant’s address with a history of their own',
    joint,
    (p) => ({ ...p, forecourt: { ...p.forecourt, jointLivesAtApplicantAddress: true } }),
    'forecourt.jointAddresses',
    'is sent only when the joint applicant lives elsewhere',
  ],
  [
    'where a joint applicant lives, on a single application',
    single,
    (p) => ({ ...p, forecourt: { ...p.forecourt, jointLivesAtApplicantAddress: true } }),
    'forecourt.jointLivesAtApplicantAddress',
    'is sent only with a joint application',
  ],
  [
    'a joint applicant’s address on a single application',
    single,
    (p) => ({
      ...p,
      forecourt: { ...p.forecourt, jointAddresses: joint().forecourt.jointAddresses },
    }),
    'forecourt.jointAddresses',
    'is sent only with a joint application',
  ],
  [
    'a joint applicant’s address without a postcode',
    joint,
    (p) => ({
      ...p,
      forecourt: {
        ...p.forecourt,
        jointAddresses: [{ ...p.forecourt.jointAddresses![0]!, postcode: ' ' }],
      },
    }),
    'forecourt.jointAddresses.0.postcode',
    'Please enter their postcode.',
  ],
  [
    'a joint applicant’s address without a town',
    joint,
    (p) => ({
      ...p,
      forecourt: {
        ...p.forecourt,
        jointAddresses: [{ ...p.forecourt.jointAddresses![0]!, town: undefined }],
      },
    }),
    'forecourt.jointAddresses.0.town',
    'Please enter their town.',
  ],
  [
    'a joint applicant’s address with a status from no list',
    joint,
    (p) => ({
      ...p,
      forecourt: {
        ...p.forecourt,
        jointAddresses: [
          { ...p.forecourt.jointAddresses![0]!, residentialStatus: 'Let to tenants' },
        ],
      },
    }),
    'forecourt.jointAddresses.0.residentialStatus',
    'Please choose their residential status.',
  ],
  [
    'a joint applicant’s address with no time there',
    joint,
    (p) => ({
      ...p,
      forecourt: {
        ...p.forecourt,
        jointAddresses: [
          { ...p.forecourt.jointAddresses![0]!, yearsAtAddress: 0, monthsAtAddress: 0 },
        ],
      },
    }),
    'forecourt.jointAddresses.0.yearsAtAddress',
    'Please answer this question.',
  ],
  [
    'a joint applicant’s addresses numbered out of order',
    joint,
    (p) => ({
      ...p,
      forecourt: {
        ...p.forecourt,
        jointAddresses: [{ ...p.forecourt.jointAddresses![0]!, addressIndex: 2 }],
      },
    }),
    'forecourt.jointAddresses.0.addressIndex',
    'must number the entries 1, 2, 3… in order',
  ],
  // Upper bounds on every amount (decision 1803).
  [
    'a loan amount over the greatest, sure',
    single,
    (p) => ({ ...p, loanAmount: 50001 }),
    'loanAmount',
    'Must be between 1,000 and 50,000.',
  ],
  [
    'a loan amount over the greatest, with "not sure yet"',
    single,
    (p) => ({ ...p, loanAmountUnknown: true, loanAmount: 1e12 }),
    'loanAmount',
    'Must be between 1,000 and 50,000.',
  ],
  [
    'a monthly income of a billion',
    single,
    (p) => ({ ...p, netMonthlyIncome: 1e9 }),
    'netMonthlyIncome',
    'Must be between 0 and 100,000.',
  ],
  [
    'a joint applicant’s monthly income over the greatest',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, netMonthlyIncome: 100001 } }),
    'JointApplicant.netMonthlyIncome',
    'Must be between 0 and 100,000.',
  ],
  [
    'a cash deposit over the vehicle’s price',
    single,
    (p) => ({ ...p, price: 9000, cashDeposit: 9001 }),
    'cashDeposit',
    'Must be between 1 and 9,000.',
  ],
  [
    'a cash deposit over the greatest loan, without a vehicle',
    single,
    (p) => ({ ...p, price: undefined, cashDeposit: 50001 }),
    'cashDeposit',
    'Must be between 1 and 50,000.',
  ],
  [
    'a vehicle price over a million',
    single,
    (p) => ({ ...p, price: 1_000_001 }),
    'price',
    'Must be between 0 and 1,000,000.',
  ],
  [
    'a mileage over a million',
    single,
    (p) => ({ ...p, mileage: 1_000_001 }),
    'mileage',
    'Must be between 0 and 1,000,000.',
  ],
  [
    'a property value over ten million',
    joint,
    (p) => ({ ...p, propertyValue: 10_000_001 }),
    'propertyValue',
    'Must be between 10,000 and 10,000,000.',
  ],
  [
    'a mortgage balance over ten million',
    joint,
    (p) => ({ ...p, mortgageBalance: 10_000_001 }),
    'mortgageBalance',
    'Must be between 0 and 10,000,000.',
  ],
  // Names and free text (decision 1803).
  [
    'a first name with a bidirectional override',
    single,
    (p) => ({ ...p, firstName: 'Ada\u202Egnp.exe' }),
    'firstName',
    'Please try again. Your first name contains characters we cannot accept.',
  ],
  [
    'a last name with a control character',
    single,
    (p) => ({ ...p, lastName: 'O\u0000Neill' }),
    'lastName',
    'Please try again. Your last name contains characters we cannot accept.',
  ],
  [
    'a last name of zero-width spaces only',
    single,
    (p) => ({ ...p, lastName: '\u200B\u200B\uFEFF' }),
    'lastName',
    'Please enter your last name.',
  ],
  [
    'a joint applicant’s first name with an isolate',
    joint,
    (p) => ({ ...p, JointApplicant: { ...p.JointApplicant, firstName: 'Bo\u2067b' } }),
    'JointApplicant.firstName',
    'Please try again. Their first name contains characters we cannot accept.',
  ],
  [
    'an employer name with an escape character',
    single,
    (p) => ({
      ...p,
      employments: p.employments?.map((e) => ({ ...e, employerName: 'Acme\u001B[31m' })),
    }),
    'employments.0.employerName',
    'Please try again. Your employer name contains characters we cannot accept.',
  ],
  [
    'additional needs with a right-to-left override',
    single,
    (p) => ({ ...p, additionalNeedsRequirements: 'Large print\u202E' }),
    'additionalNeedsRequirements',
    'must not contain control or bidirectional formatting characters',
  ],
  [
    'a vehicle picture on another scheme',
    single,
    (p) => ({ ...p, imageUrl: 'javascript:alert(1)' }),
    'imageUrl',
    'must be an https: address or a path on this site',
  ],
  [
    'a vehicle picture over plain http',
    single,
    (p) => ({ ...p, imageUrl: 'http://cdn.example/car.jpg' }),
    'imageUrl',
    'must be an https: address or a path on this site',
  ],
  [
    'a vehicle picture at a protocol-relative address',
    single,
    (p) => ({ ...p, imageUrl: '//evil.example/car.jpg' }),
    'imageUrl',
    'must be an https: address or a path on this site',
  ],
])('%s is refused', (_name, make, change, field, message) => {
  expect(validateSubmission(change(make()), opts)).toEqual({
    ok: false,
    errors: [{ field, message }],
  })
})

test('a joint applicant at the applicant’s address passes with no history of their own', () => {
  const state = filledJointState()
  state.form.joint.livesAtApplicantAddress = true
  const payload = toFullSubmissionPayload(state, { brand: brands.harbourlend, now })
  expect(validateSubmission(payload, opts)).toEqual({ ok: true, value: payload })
})

test.each<[string, unknown]>([
  ['nothing', undefined],
  ['null', null],
  ['a list', [single()]],
  ['text', 'payload'],
])('a body that is %s is refused as a whole', (_name, body) => {
  expect(validateSubmission(body, opts)).toEqual({
    ok: false,
    errors: [{ field: '', message: 'must be an object' }],
  })
})

test.each([
  ['turned 18 today', '2007-06-02T00:00:00.000', true],
  ['79 until tomorrow', '1945-06-03T00:00:00.000', true],
])('an applicant who %s may apply', (_name, dateOfBirth, ok) => {
  expect(validateSubmission({ ...single(), dateOfBirth }, opts).ok).toBe(ok)
})

test.each([
  ['an https: picture', { imageUrl: 'https://cdn.example/car.jpg' }],
  ['a picture of our own', { imageUrl: '/vehicles/demo-car-1.jpg' }],
  [
    'additional needs on several lines',
    { additionalNeedsRequirements: 'Large print\nA carer\tpresent' },
  ],
  ['a name with accents, composed or not', { firstName: 'Zoe\u0301', lastName: 'Ñúñez' }],
  ['the greatest amounts', { netMonthlyIncome: 100000, price: 1_000_000, mileage: 1_000_000 }],
])('%s is accepted', (_name, change) => {
  expect(validateSubmission({ ...single(), ...change }, opts).ok).toBe(true)
})

test('the 6500 sent for an unknown amount is accepted below a homeowner loan’s minimum', () => {
  const payload = joint()
  expect([payload.loanAmount, payload.loanAmountUnknown]).toEqual([6500, true])
  expect(validateSubmission(payload, opts).ok).toBe(true)
})

test('ages are judged on the day given, so a schema for another day answers differently', () => {
  const payload = { ...single(), dateOfBirth: '2007-06-03T00:00:00.000' }
  const tomorrow = createSubmissionSchema({ ...opts, today: { year: 2025, month: 6, day: 3 } })
  expect(tomorrow.safeParse(payload).success).toBe(true)
  expect(validateSubmission(payload, opts).ok).toBe(false)
  expect(
    validateSubmission(payload, { ...opts, today: londonToday(new Date('2025-06-02T23:30:00Z')) })
      .ok,
  ).toBe(true)
})

test('several problems are all reported, each against its field', () => {
  const payload = { ...single(), firstName: '', email: 'ada', IsCompleted: false }
  expect(validateSubmission(payload, opts)).toEqual({
    ok: false,
    errors: [
      { field: 'firstName', message: 'Please enter your first name.' },
      { field: 'email', message: 'Please try again. That email address doesn’t look right.' },
      { field: 'IsCompleted', message: 'must be true: only a completed application is submitted' },
    ],
  })
})
