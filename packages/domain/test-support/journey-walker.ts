// Test support, not used by the app: an applicant walking the journey table from the first
// question to /submit, as the browser does it. Each screen's answers are written to the real
// application state the way that screen writes them; Continue runs the real step rules (which
// must accept the answers), records the step with its `complete`, and asks the journey table for
// the next route. At the end the real payload mapper makes the full submission. What is answered
// comes from `Choices`, so a test decides each branch or lets fast-check pick (decision 1502).

import type { Brand } from '../src/brands/brand'
import { firstHostLabel, vehicleTypeForHost } from '../src/brands/host'
import type { CalendarDate } from '../src/fields/date-of-birth'
import { parseNumberInput } from '../src/fields/number'
import { normalisePostcode } from '../src/fields/postcode'
import { sanitisePhoneInput } from '../src/fields/phone'
import { sanitiseEmailInput } from '../src/fields/email'
import { capMonths, capYears, SECURITY_YEARS_CAP_FROM_FORM } from '../src/fields/years-months'
import { journeyVisits, nextPath, redirectForDeepLink, type Visit } from '../src/journey/navigation'
import type { StepId } from '../src/journey/step-list'
import {
  depositTypeOptions,
  drivingLicenceOptions,
  employmentStatusOptions,
  hasEmployer,
  lookingToBuyOptions,
  maritalStatusOptions,
  propertyBedroomOptions,
  propertyTypeOptions,
  residentialStatusOptions,
  securityOccupancyOptions,
  titleOptions,
} from '../src/journey/options'
import { toFullSubmissionPayload, type FullSubmissionPayload } from '../src/payload/full-payload'
import {
  isReadyForPartialSave,
  toPartialPayload,
  type PartialPayload,
} from '../src/payload/partial-payload'
import {
  createInitialState,
  emptyAddress,
  emptyEmployment,
  START_UP_LOAN_AMOUNT,
  type Address,
  type ApplicationState,
  type Employment,
  type Vehicle,
} from '../src/state/application-state'
import { limitsFor, stepRules, validateStep, type StepFieldError } from '../src/steps/step-rules'

/** Kinds of text an applicant types, each generated its own way by the test. */
export type TypedKind =
  'name' | 'text' | 'house' | 'email' | 'phone' | 'postcode' | 'notes' | 'vehicle-text'

/**
 * The decisions of a walk. `label` names the branch: 'joint', or 'address-entry:2' for entry 2 of
 * a repeated step, whose base name 'address-entry' stands for every entry.
 */
export interface Choices {
  pick<T>(label: string, items: readonly T[]): T
  /** A whole number from min to max. */
  int(label: string, min: number, max: number): number
  typed(label: string, kind: TypedKind): string
}

/** An address as the postcode lookup gives it (GET /api/address), ready to fill an entry. */
export interface FoundAddress {
  subBuilding: string
  flatNumber: string
  buildingName: string
  buildingNumber: string
  houseName: string
  houseNumber: string
  street: string
  locality: string
  town: string
  county: string
  postcode: string
}

export interface WalkOptions {
  brand: Brand
  choices: Choices
  /** London's date: the step rules and the server judge ages on it. */
  today: CalendarDate
  now: Date
  guid: string
  /** A vehicle loaded from stock before the first question (`?vehicleid=`), or none. */
  vehicle?: { id: string; vehicle: Vehicle }
  /** Called with the state after each screen's Continue, as the next screen would see it. */
  afterScreen?: (state: ApplicationState) => void
}

/** One screen passed: where, and which state fields its answers changed. */
export interface WalkedStep {
  stepId: StepId
  n: number
  path: string
  /** State paths the screen wrote, in the notation of journey/questions.ts ('form.addresses[n].town'). */
  written: string[]
  /** Continue attempts refused before the answers passed (a fresh answer is typed each time). */
  refused: number
}

export interface Walk {
  state: ApplicationState
  steps: WalkedStep[]
  payload: FullSubmissionPayload
  /** The partial save after each screen that had the names, email and phone by then. */
  partials: PartialPayload[]
}

export class WalkError extends Error {
  constructor(
    message: string,
    readonly steps: WalkedStep[],
    readonly errors: StepFieldError[] = [],
  ) {
    super(message)
    this.name = 'WalkError'
  }
}

const MAX_ATTEMPTS = 40

/**
 * What is typed once half the attempts at a screen were refused: answers every screen accepts, so a
 * walk whose random text keeps failing (as it does while fast-check shrinks it) still moves on.
 */
const PLAIN_TYPED: Record<TypedKind, string> = {
  name: 'Alex',
  text: 'Leeds',
  house: '12',
  email: 'alex@example.com',
  phone: '07911 123456',
  postcode: 'LS1 4DY',
  notes: '',
  'vehicle-text': 'Ford',
}
const MAX_SCREENS = 200

/**
 * What start-up (apps/web/src/lib/start-up.ts) leaves in the state on a brand's host before the
 * first question, for the fields the journey and the payload read. A web test compares the two.
 */
/** The walk's application secret (decision 1801): fixed by the GUID, as the GUID is given. */
export function walkerSecret(guid: string): string {
  return `walker-secret-${guid}`
}

export function startedState(brand: Brand, guid: string, now: Date): ApplicationState {
  const state = createInitialState()
  const host = `${brand.id}.localhost:3000`
  state.host = host
  state.subdomain = firstHostLabel(host)
  state.affiliateConfig = { brandId: brand.id, affiliateKey: brand.affiliateKey }
  state.showLoanPurposeType = brand.loanKinds.length > 1
  state.appliedDate = now.toISOString()
  state.GUID = guid
  state.applicationSecret = walkerSecret(guid)
  const { form } = state
  form.urlPrefix = host
  form.hostAddress = host
  form.applicationStartDate = state.appliedDate
  form.vehicleType = vehicleTypeForHost(host)
  form.loanPurposeType = brand.loanKinds.length === 1 ? (brand.loanKinds[0] ?? 'vehicle') : ''
  form.loanAmount = START_UP_LOAN_AMOUNT
  form.userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0'
  return state
}

const values = (options: readonly { value: string }[]) => options.map((option) => option.value)

/** Years or months typed as people type them; parsed and capped as the years/months control does. */
function typedPeriodPart(choices: Choices, label: string, value: number): string {
  return choices.pick(label, [
    String(value),
    ` ${value} `,
    value < 10 ? `0${value}` : String(value),
  ])
}

function parsePart(raw: string, part: 'years' | 'months', yearsCap?: number): number | null {
  const value = parseNumberInput(raw)
  return part === 'years' ? capYears(value, yearsCap) : capMonths(value)
}

/** Money typed in any of the ways the number input accepts ('12,500', '£12500', '12500.40'). */
function typedMoney(choices: Choices, label: string, value: number): string {
  const grouped = value.toLocaleString('en-GB')
  return choices.pick(label, [String(value), grouped, `£${grouped}`, `${value}.40`, ` ${value} `])
}

// The manual address form's first line (apps/web/src/journey/address-finder/address-entry.ts):
// a house number fills both number fields, anything else both name fields.
const HOUSE_NUMBER = /^\d[\dA-Za-z-]*$/

function setFirstLine(address: Address, text: string): void {
  const isNumber = HOUSE_NUMBER.test(text.trim())
  address.subBuilding = ''
  address.flatNumber = ''
  address.houseNumber = isNumber ? text : ''
  address.buildingNumber = isNumber ? text : ''
  address.houseName = isNumber ? '' : text
  address.buildingName = isNumber ? '' : text
}

const LINE_FIELDS = [
  'subBuilding',
  'flatNumber',
  'buildingName',
  'buildingNumber',
  'houseName',
  'houseNumber',
  'street',
  'locality',
  'town',
  'county',
  'postcode',
] as const

/** An address the lookup could answer with: flats, named houses, no street, a locality. */
function foundAddress(choices: Choices, base: string, sfx: string): FoundAddress {
  const label = (part: string) => `${base}-${part}${sfx}`
  const postcode = normalisePostcode(choices.typed(label('postcode'), 'postcode'))
  const kind = choices.pick(label('kind'), ['house', 'flat', 'named', 'no-street'])
  const number = String(choices.int(label('number'), 1, 300))
  const town = choices.typed(label('town'), 'text')
  const street = kind === 'no-street' ? '' : choices.typed(label('street'), 'text')
  const building = kind === 'house' ? '' : choices.typed(label('building'), 'house')
  const named = kind === 'named' || kind === 'no-street'
  return {
    subBuilding: kind === 'flat' ? `Flat ${choices.int(label('flat'), 1, 40)}` : '',
    flatNumber: kind === 'flat' ? String(choices.int(label('flat-number'), 1, 40)) : '',
    buildingName: named ? building : '',
    buildingNumber: named ? '' : number,
    houseName: named ? building : '',
    houseNumber: named ? '' : number,
    street,
    locality: choices.pick(label('locality'), ['', choices.typed(label('locality-name'), 'text')]),
    town: town.trim() === '' ? 'Leeds' : town.trim(),
    county: choices.pick(label('county'), ['', 'West Yorkshire', 'Greater Manchester']),
    postcode,
  }
}

/**
 * The address finder (apps/web/src/journey/address-finder/AddressFinder.tsx): an address chosen
 * from the lookup's list, or typed into the manual form. Returns whether it was typed.
 */
function answerAddress(
  choices: Choices,
  base: string,
  n: number | null,
  address: Address,
): boolean {
  const sfx = n === null ? '' : `:${n}`
  const label = (part: string) => `${base}-${part}${sfx}`
  const entry = choices.pick(label('entry'), ['lookup', 'manual'] as const)
  if (entry === 'lookup') {
    const found = foundAddress(choices, base, sfx)
    for (const field of LINE_FIELDS) address[field] = found[field]
    return false
  }
  for (const field of LINE_FIELDS) address[field] = ''
  setFirstLine(address, choices.typed(label('first-line'), 'house'))
  address.street = choices.typed(label('street'), 'text')
  address.locality = ''
  address.town = choices.typed(label('town'), 'text')
  address.county = choices.pick(label('county'), ['', choices.typed(label('county-name'), 'text')])
  // The postcode is tidied when the field is left.
  const postcode = choices.typed(label('postcode'), 'postcode')
  address.postcode = postcode.trim() === '' ? postcode : normalisePostcode(postcode)
  return true
}

function addressAt(state: ApplicationState, n: number): Address {
  const { addresses } = state.form
  while (addresses.length < n) addresses.push(emptyAddress())
  return addresses[n - 1]!
}

function jointAddressAt(state: ApplicationState, n: number): Address {
  const { addresses } = state.form.joint
  while (addresses.length < n) addresses.push(emptyAddress())
  return addresses[n - 1]!
}

function employmentAt(state: ApplicationState, n: number): Employment {
  const { employments } = state.form
  while (employments.length < n) employments.push(emptyEmployment())
  return employments[n - 1]!
}

/** A length of time that is (or, for `short`, is not) three years on its own. */
function answerPeriod(
  choices: Choices,
  base: string,
  n: number | null,
  history: 'complete' | 'short' | 'any',
  yearsCap?: number,
): { years: number | null; months: number | null } {
  const sfx = n === null ? '' : `:${n}`
  const label = (part: string) => `${base}-${part}${sfx}`
  const maxYears = history === 'short' ? 2 : (yearsCap ?? 25)
  const minYears = history === 'complete' ? 3 : 0
  const years = choices.int(label('years'), minYears, maxYears)
  const months = choices.int(label('months'), 0, 11)
  const typedYears = choices.pick(label('years-blank'), [false, years === 0])
    ? ''
    : typedPeriodPart(choices, label('years-typed'), years)
  const typedMonths = choices.pick(label('months-blank'), [false, months === 0])
    ? ''
    : typedPeriodPart(choices, label('months-typed'), months)
  return {
    years: parsePart(typedYears, 'years', yearsCap),
    months: parsePart(typedMonths, 'months'),
  }
}

/** The years and months of the three-year history loops: the first entry decides one or several. */
function historyFor(choices: Choices, loop: string, n: number): 'complete' | 'short' | 'any' {
  if (n > 1) return 'any'
  return choices.pick(`${loop}-history`, ['one', 'several'] as const) === 'one'
    ? 'complete'
    : 'short'
}

type Answerer = (state: ApplicationState, n: number, ctx: WalkOptions) => void

const yesNo = (choices: Choices, label: string) => choices.pick(label, [true, false])

function dateOfBirthParts(choices: Choices, label: string, today: CalendarDate) {
  const age = choices.int(`${label}:age`, 18, 79)
  const month = choices.int(`${label}:month`, 1, 12)
  const day = choices.int(`${label}:day`, 1, 28)
  // Born `age` years ago, before today's date in the year, so the age is exactly that.
  const beforeBirthday = month > today.month || (month === today.month && day > today.day)
  const year = today.year - age - (beforeBirthday ? 1 : 0)
  // The control pads a single digit when the field is left; Continue may come first.
  const typed = (part: string, value: number) =>
    choices.pick(`${label}:${part}-typed`, [String(value).padStart(2, '0'), String(value)])
  return { day: typed('day', day), month: typed('month', month), year: String(year) }
}

/** Each screen's answers, written to the state as that screen writes them. */
const answerers: Record<string, Answerer> = {
  'looking-to-buy': (state, _n, { choices }) => {
    state.form.lookingToBuy = choices.pick('looking-to-buy', values(lookingToBuyOptions))
  },
  'loan-type': (state, _n, { choices, brand }) => {
    state.form.loanPurposeType = choices.pick('loan-kind', brand.loanKinds)
  },
  'amount-to-finance': (state, _n, { choices }) => {
    const { minAmount, maxAmount } = limitsFor(state)
    const amount = choices.int('loan-amount', minAmount, maxAmount)
    state.form.loanAmount = parseNumberInput(typedMoney(choices, 'loan-amount-typed', amount))
  },
  'looking-to-borrow': (state, _n, { choices }) => {
    const unknown = choices.pick('amount-unknown', [false, true])
    state.form.loanAmountUnknown = unknown
    if (unknown) return
    const { minAmount, maxAmount } = limitsFor(state)
    const amount = choices.int('loan-amount', minAmount, maxAmount)
    state.form.loanAmount = parseNumberInput(typedMoney(choices, 'loan-amount-typed', amount))
  },
  deposit: (state, _n, { choices }) => {
    state.hasDeposit = choices.pick('deposit', [true, false])
    if (!state.hasDeposit) return
    state.form.depositType = choices.pick('deposit-type', values(depositTypeOptions))
    if (!state.form.depositType.includes('Cash')) return
    const max = state.form.vehicle.price ?? limitsFor(state).maxAmount
    const deposit = choices.int('cash-deposit', 1, max)
    state.form.cashDeposit = parseNumberInput(typedMoney(choices, 'cash-typed', deposit)) ?? 0
  },
  'term-to-borrow': (state, _n, { choices }) => {
    const { minYears, maxYears } = limitsFor(state)
    state.form.term = choices.int('term-years', minYears, maxYears) * 12
  },
  'driving-licence': (state, _n, { choices }) => {
    state.form.drivingLicenceType = choices.pick('licence', values(drivingLicenceOptions))
  },
  'marital-status': (state, _n, { choices }) => {
    state.form.maritalStatus = choices.pick('marital-status', values(maritalStatusOptions))
  },
  'date-of-birth': (state, _n, { choices, today }) => {
    const parts = dateOfBirthParts(choices, 'dob', today)
    state.dobDay = parts.day
    state.dobMonth = parts.month
    state.dobYear = parts.year
  },
  personal: (state, _n, { choices }) => {
    state.form.title = choices.pick('title', values(titleOptions))
    state.form.firstName = choices.typed('first-name', 'name')
    state.form.lastName = choices.typed('last-name', 'name')
  },
  contact: (state, _n, { choices }) => {
    state.form.email = sanitiseEmailInput(choices.typed('email', 'email')).trim()
    state.form.contactNumber = sanitisePhoneInput(choices.typed('phone', 'phone'))
  },
  address: (state, n, { choices }) => {
    const typed = answerAddress(choices, 'address', n, addressAt(state, n))
    const saved = state.savedAddresses
    while (saved.length < n) saved.push({ manual: false, streetAddress: '', value: '' })
    saved[n - 1] = { manual: typed, streetAddress: '', value: addressAt(state, n).postcode }
  },
  'address-length': (state, n, { choices }) => {
    const period = answerPeriod(choices, 'address', n, historyFor(choices, 'address', n))
    const entry = addressAt(state, n)
    entry.yearsAtAddress = period.years
    entry.monthsAtAddress = period.months
  },
  'residential-status': (state, n, { choices }) => {
    addressAt(state, n).residentialStatus = choices.pick(
      `residential-status:${n}`,
      values(residentialStatusOptions),
    )
  },
  'property-details': (state, _n, { choices }) => {
    const value = choices.int('property-value', 10000, 10000000)
    state.form.propertyValue = parseNumberInput(typedMoney(choices, 'property-value-typed', value))
    const balance = choices.int('mortgage-balance', 0, 10000000)
    state.form.mortgageBalance = parseNumberInput(typedMoney(choices, 'balance-typed', balance))
    state.form.propertyBedrooms = choices.pick('bedrooms', values(propertyBedroomOptions))
    state.form.propertyType = choices.pick('property-type', values(propertyTypeOptions))
  },
  'security-address-confirm': (state, _n, { choices }) => {
    state.form.isSecurityCurrentAddress = yesNo(choices, 'security-current')
  },
  'security-address-add': (state, _n, { choices }) => {
    const property = state.form.securityAddress
    property.manual = answerAddress(choices, 'security', null, property)
    property.residentialStatus = choices.pick('occupancy', values(securityOccupancyOptions))
    const owned = answerPeriod(choices, 'owned', null, 'any', SECURITY_YEARS_CAP_FROM_FORM)
    property.yearsAtAddress = owned.years
    property.monthsAtAddress = owned.months
  },
  'own-other-properties': (state, _n, { choices }) => {
    state.form.ownOtherProperties = yesNo(choices, 'own-other-properties')
  },
  employment: (state, n, { choices }) => {
    employmentAt(state, n).employmentStatus = choices.pick(
      `employment-status:${n}`,
      values(employmentStatusOptions),
    )
  },
  'employment-add': (state, n, { choices }) => {
    const entry = employmentAt(state, n)
    entry.occupation = choices.typed(`occupation:${n}`, 'text')
    entry.employerName = choices.typed(`employer:${n}`, 'text')
    entry.employerTown = choices.typed(`employer-town:${n}`, 'text')
  },
  'employment-length': (state, n, { choices }) => {
    const period = answerPeriod(choices, 'employment', n, historyFor(choices, 'employment', n))
    const entry = employmentAt(state, n)
    entry.yearsAtEmployer = period.years
    entry.monthsAtEmployer = period.months
  },
  'employment-income': (state, _n, { choices }) => {
    const income = choices.int('income', 0, 100000)
    state.form.netMonthlyIncome = parseNumberInput(typedMoney(choices, 'income-typed', income))
  },
  joint: (state, _n, { choices }) => {
    state.form.isJointApplication = yesNo(choices, 'joint')
  },
  'joint-customer-details': (state, _n, { choices }) => {
    const joint = state.form.joint
    joint.title = choices.pick('joint-title', values(titleOptions))
    joint.firstName = choices.typed('joint-first-name', 'name')
    joint.lastName = choices.typed('joint-last-name', 'name')
    joint.maritalStatus = choices.pick('joint-marital-status', values(maritalStatusOptions))
    joint.drivingLicenceType = choices.pick('joint-licence', values(drivingLicenceOptions))
  },
  'joint-date-of-birth': (state, _n, { choices, today }) => {
    const parts = dateOfBirthParts(choices, 'joint-dob', today)
    state.jointDobDay = parts.day
    state.jointDobMonth = parts.month
    state.jointDobYear = parts.year
  },
  'joint-same-address': (state, _n, { choices }) => {
    state.form.joint.livesAtApplicantAddress = yesNo(choices, 'joint-same-address')
  },
  'joint-address': (state, n, { choices }) => {
    const typed = answerAddress(choices, 'joint-address', n, jointAddressAt(state, n))
    const saved = state.jointSavedAddresses
    while (saved.length < n) saved.push({ manual: false, streetAddress: '', value: '' })
    saved[n - 1] = { manual: typed, streetAddress: '', value: jointAddressAt(state, n).postcode }
  },
  'joint-address-length': (state, n, { choices }) => {
    const history = historyFor(choices, 'joint-address', n)
    const period = answerPeriod(choices, 'joint-address', n, history)
    const entry = jointAddressAt(state, n)
    entry.yearsAtAddress = period.years
    entry.monthsAtAddress = period.months
  },
  'joint-residential-status': (state, n, { choices }) => {
    jointAddressAt(state, n).residentialStatus = choices.pick(
      `joint-residential-status:${n}`,
      values(residentialStatusOptions),
    )
  },
  'joint-employment-add': (state, _n, { choices }) => {
    const joint = state.form.joint
    joint.employmentStatus = choices.pick(
      'joint-employment-status',
      values(employmentStatusOptions),
    )
    // The employer's questions are shown only for a status that has an employer.
    if (!hasEmployer(joint.employmentStatus)) return
    joint.occupation = choices.typed('joint-occupation', 'text')
    joint.employerName = choices.typed('joint-employer', 'text')
    joint.employerTown = choices.typed('joint-employer-town', 'text')
  },
  'joint-employment-length': (state, _n, { choices }) => {
    const period = answerPeriod(choices, 'joint-employment', null, 'any')
    state.form.joint.yearsAtEmployer = period.years
    state.form.joint.monthsAtEmployer = period.months
  },
  'joint-employment-income': (state, _n, { choices }) => {
    const income = choices.int('joint-income', 0, 100000)
    state.form.joint.netMonthlyIncome = parseNumberInput(
      typedMoney(choices, 'joint-income-typed', income),
    )
  },
  'joint-customer-contact': (state, _n, { choices }) => {
    state.form.joint.email = sanitiseEmailInput(choices.typed('joint-email', 'email')).trim()
    state.form.joint.contactNumber = sanitisePhoneInput(choices.typed('joint-phone', 'phone'))
  },
  'breathing-space': (state, _n, { choices }) => {
    state.form.breathingSpace = yesNo(choices, 'breathing-space')
    state.discussFinancialCirumstances = yesNo(choices, 'discuss-circumstances')
    state.additionalNeedsRequirementsStatement = choices.typed('support-needs', 'notes')
  },
  optins: (state, _n, { choices }) => {
    const { form } = state
    form.isOptedEmail = yesNo(choices, 'opt-in-email')
    form.isOptedSms = yesNo(choices, 'opt-in-sms')
    form.isOptedPhone = yesNo(choices, 'opt-in-phone')
    form.isOptedPost = yesNo(choices, 'opt-in-post')
    form.isOptedThirdPartyEmail = yesNo(choices, 'opt-in-partner-email')
    form.isOptedThirdPartySms = yesNo(choices, 'opt-in-partner-sms')
    form.isOptedThirdPartyPhone = yesNo(choices, 'opt-in-partner-phone')
  },
  'joint-optins': (state, _n, { choices }) => {
    const { joint } = state.form
    joint.isOptedEmail = yesNo(choices, 'joint-opt-in-email')
    joint.isOptedSms = yesNo(choices, 'joint-opt-in-sms')
    joint.isOptedPhone = yesNo(choices, 'joint-opt-in-phone')
    joint.isOptedPost = yesNo(choices, 'joint-opt-in-post')
    joint.isOptedThirdPartyEmail = yesNo(choices, 'joint-opt-in-partner-email')
    joint.isOptedThirdPartySms = yesNo(choices, 'joint-opt-in-partner-sms')
    joint.isOptedThirdPartyPhone = yesNo(choices, 'joint-opt-in-partner-phone')
  },
  'soft-search': (state) => {
    state.form.agreeSoftSearch = true
  },
  'fair-processing-notice': (state) => {
    state.form.fairProcessingAcknowledged = true
  },
  'before-you-submit': (state) => {
    state.form.isAgreedTermsAndConditions = true
  },
}

/** The step ids the walker can answer: a step added to the table needs an answerer here too. */
export const ANSWERED_STEPS: readonly string[] = Object.keys(answerers)

/** A vehicle as the stock API gives it, for a walk that starts with `?vehicleid=`. */
export function stockVehicle(choices: Choices): { id: string; vehicle: Vehicle } {
  return {
    id: `demo-${choices.int('vehicle-id', 1, 999)}`,
    vehicle: {
      colour: choices.pick('vehicle-colour', ['Blue', 'Silver', '']),
      fuelType: choices.pick('vehicle-fuel', ['Petrol', 'Diesel', 'Electric']),
      make: choices.typed('vehicle-make', 'vehicle-text') || 'Ford',
      mileage: choices.pick('vehicle-has-mileage', [true, false])
        ? choices.int('vehicle-mileage', 0, 200000)
        : null,
      model: choices.typed('vehicle-model', 'vehicle-text') || 'Fiesta',
      price: choices.int('vehicle-price', 500, 120000),
      registrationYear: String(choices.int('vehicle-year', 2005, 2026)),
      transmission: choices.pick('vehicle-transmission', ['Manual', 'Automatic']),
      vrm: choices.pick('vehicle-vrm', ['LS21 ABC', 'AB12 CDE', 'Y123 ABC']),
      imageUrl: '/vehicles/demo-car-1.svg',
      vehicleType: choices.pick('vehicle-type', ['Car', 'Van', 'Horsebox', '']),
    },
  }
}

/** A copy of plain data (the application state holds nothing else). */
function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepCopy(v)])) as T
  }
  return value
}

/** Every leaf that differs, in questions.ts notation; entries created empty are not answers. */
export function writtenPaths(before: unknown, after: unknown, n: number, path = ''): string[] {
  if (Object.is(before, after)) return []
  const isObject = (value: unknown) => typeof value === 'object' && value !== null
  if (isObject(after) && (isObject(before) || before === undefined)) {
    const a = (before ?? {}) as Record<string, unknown>
    const b = after as Record<string, unknown>
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].flatMap((key) => {
      const index = Array.isArray(after) ? Number(key) : Number.NaN
      const segment = Number.isInteger(index) ? (index === n - 1 ? '[n]' : `[${index}]`) : key
      const childPath = Number.isInteger(index)
        ? `${path}${segment}`
        : path === ''
          ? segment
          : `${path}.${segment}`
      return writtenPaths(a[key], b[key], n, childPath)
    })
  }
  const empty = (value: unknown) => value === undefined || value === '' || value === null
  if (before === undefined && (empty(after) || after === false)) return []
  if (empty(before) && empty(after)) return []
  return [path]
}

/** The check-your-answers step: its Change links reopen earlier steps. */
const CHECK_ANSWERS = 'before-you-submit'
const CHECK_ANSWERS_PATH = '/before-you-submit'

/**
 * Where Continue goes from a step opened by a Change link on the check page, as the browser decides
 * it (apps/web/src/journey/return-to-check.ts; a web test compares the two): the first step before
 * the check page that is not answered, other than the one just left, else the check page.
 */
export function pathAfterChange(
  state: ApplicationState,
  brand: Brand,
  currentPath: string,
): string {
  const ctx = { state, brand }
  const visits = journeyVisits(ctx)
  const end = visits.findIndex((visit) => visit.step.id === CHECK_ANSWERS)
  const unanswered = visits
    .slice(0, end === -1 ? visits.length : end)
    .find((visit) => visit.path !== currentPath && !visit.step.isAnswered(ctx, visit.n))
  return unanswered ? unanswered.path : CHECK_ANSWERS_PATH
}

/**
 * Walks the journey from the start screen to /submit. On the check page the applicant may change
 * up to three earlier answers through its Change links first, each followed by any steps the change
 * opened. Throws a WalkError when a screen's answers are refused more than MAX_ATTEMPTS times, when
 * the journey table loses its way, or when a step passed is not counted as answered.
 */
export function walkJourney(options: WalkOptions): Walk {
  const { brand, today, now, guid, choices } = options
  const state = startedState(brand, guid, now)
  if (options.vehicle) {
    state.vehicleId = options.vehicle.id
    state.form.vehicle = { ...options.vehicle.vehicle }
  }
  const walked: WalkedStep[] = []
  const partials: PartialPayload[] = []
  const plainly: WalkOptions = {
    ...options,
    choices: { ...choices, typed: (_label, kind) => PLAIN_TYPED[kind] },
  }

  /** One screen: answered until its rules pass, then Continue. */
  const answerScreen = (path: string) => {
    if (walked.length > MAX_SCREENS) throw new WalkError('The walk goes round in circles', walked)
    const visit: Visit | undefined = journeyVisits({ state, brand }).find((v) => v.path === path)
    if (!visit) throw new WalkError(`${path} is not in the journey`, walked)
    const blocked = redirectForDeepLink(state, brand, path)
    if (blocked !== undefined) {
      throw new WalkError(
        `${path} is reached by Continue but the guard sends it to ${blocked}`,
        walked,
      )
    }
    const { step, n } = visit
    const answer = answerers[step.id]
    if (!answer) throw new WalkError(`No answerer for step ${step.id}`, walked)
    const before = deepCopy(state)
    const ctx = { state, brand, n, today }
    let errors: StepFieldError[] = []
    let refused = 0
    for (;;) {
      answer(state, n, refused < MAX_ATTEMPTS / 2 ? options : plainly)
      errors = validateStep(step.id, ctx)
      if (errors.length === 0) break
      refused += 1
      if (refused >= MAX_ATTEMPTS) {
        throw new WalkError(`${path}: answers refused ${refused} times`, walked, errors)
      }
    }
    const written = writtenPaths(before, state, n)
    stepRules[step.id]?.complete?.(state, ctx)
    if (!state.completedSteps.includes(step.id)) state.completedSteps.push(step.id)
    walked.push({ stepId: step.id, n, path, written, refused })
    if (!step.isAnswered({ state, brand }, n)) {
      throw new WalkError(`${path} passed its rules but does not count as answered`, walked)
    }
    if (isReadyForPartialSave(state.form)) partials.push(toPartialPayload(state, { brand, now }))
    options.afterScreen?.(state)
  }

  let path = nextPath(state, brand, '/')
  while (path !== CHECK_ANSWERS_PATH) {
    if (path === undefined) {
      throw new WalkError(`The journey has no next step after ${walked.at(-1)?.path}`, walked)
    }
    answerScreen(path)
    path = nextPath(state, brand, path)
  }
  const changes = choices.int('changes', 0, 3)
  for (let change = 1; change <= changes; change += 1) {
    const earlier = journeyVisits({ state, brand })
      .map((visit) => visit.path)
      .filter((visitPath) => visitPath !== CHECK_ANSWERS_PATH && visitPath !== '/submit')
    let at = choices.pick(`change:${change}`, earlier)
    while (at !== CHECK_ANSWERS_PATH) {
      answerScreen(at)
      at = pathAfterChange(state, brand, at)
    }
  }
  answerScreen(CHECK_ANSWERS_PATH)
  if (nextPath(state, brand, CHECK_ANSWERS_PATH) !== '/submit') {
    throw new WalkError('The check page does not lead to /submit', walked)
  }
  const payload = toFullSubmissionPayload(state, { brand, now, agreeTerms: true })
  return { state, steps: walked, payload, partials }
}
