// What each journey step checks before Continue may move on, and what completing it records.
// One rule set per step, keyed by the step ids of journey/step-list.ts (a step without its rules is a
// type error); screens show the errors beside the fields whose ids are given here, in this order (the
// error summary's order).
// It stays whole: it is one Record<StepId, …> (house rule 15), so a step's rules are one entry of it.
import type { Brand } from '../brands/brand'
import { validateRequiredChoice } from '../fields/choice'
import {
  dateOfBirthToIso,
  validateDateOfBirth,
  type CalendarDate,
  type DateParts,
} from '../fields/date-of-birth'
import { validateEmail } from '../fields/email'
import { MORTGAGE_BALANCE, NET_MONTHLY_INCOME, PROPERTY_VALUE } from '../fields/amount-bounds'
import { validateNumber } from '../fields/number'
import { validatePhone } from '../fields/phone'
import { isValidUkPostcode } from '../fields/postcode'
import { validateText } from '../fields/text'
import { validateYearsMonths } from '../fields/years-months'
import { addressPeriods, employmentPeriods, entriesNeededForHistory } from '../histories/histories'
import { employerWording } from '../journey/employer-wording'
import { hasEmployer, isSecurityOccupancy, loanLimits } from '../journey/options'
import type { StepId } from '../journey/step-list'
import { fieldError, type FieldError, type Person } from '../messages/messages'
import { emptyAddress, type Address, type ApplicationState } from '../state/application-state'

/** Two addresses that reach the same mailbox as people type them: case and surrounding spaces aside. */
function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false
  const left = a.trim().toLowerCase()
  return left !== '' && left === b.trim().toLowerCase()
}

export interface StepRuleContext {
  state: ApplicationState
  brand: Brand
  /** The entry index of a repeated step (1 otherwise). */
  n: number
  today: CalendarDate
}

/** A message for one field of a screen: `field` is the id of the input (or group) it belongs to. */
export interface StepFieldError {
  field: string
  error: FieldError
}

export interface StepRules {
  validate: (ctx: StepRuleContext) => StepFieldError[]
  /** What passing this step records in the state (progress flags and derived values). */
  complete?: (state: ApplicationState, ctx: StepRuleContext) => void
}

/** The money and term limits for the loan being asked for. */
export function limitsFor(state: ApplicationState) {
  return loanLimits[state.form.loanPurposeType === 'property' ? 'property' : 'vehicle']
}

function collect(entries: [string, FieldError | null | undefined][]): StepFieldError[] {
  return entries.flatMap(([field, error]) => (error ? [{ field, error }] : []))
}

const radio = (value: unknown, person?: Person) =>
  validateRequiredChoice('radio', value, person ? { person } : {})
const checkbox = (value: unknown) => validateRequiredChoice('checkbox', value)

/** The one message shown for a three-part date: the first of day, month, year, then the whole date. */
export function dateOfBirthError(parts: DateParts, today: CalendarDate, person?: Person) {
  const errors = validateDateOfBirth(parts, today, person)
  if (!errors) return { error: null, invalidParts: [] as ('day' | 'month' | 'year')[] }
  const invalidParts = (['day', 'month', 'year'] as const).filter((part) => errors[part])
  return {
    error: errors.day ?? errors.month ?? errors.year ?? errors.date ?? null,
    invalidParts:
      invalidParts.length > 0 ? invalidParts : (['day', 'month', 'year'] as const).slice(),
  }
}

/** The fields of an address entered by hand, each with its own message. */
export function validateAddressFields(
  address: Address,
  prefix = '',
  person: Person = 'main',
): StepFieldError[] {
  const postcode = address.postcode.trim()
  return collect([
    [
      `${prefix}houseNumber`,
      address.houseNumber.trim() || address.houseName.trim() || address.buildingName.trim()
        ? null
        : fieldError('text.required', { label: 'house number or name' }, person),
    ],
    [`${prefix}street`, validateText(address.street, { label: 'street', person })],
    [`${prefix}town`, validateText(address.town, { label: 'town or city', person })],
    [
      `${prefix}postcode`,
      postcode === ''
        ? fieldError('postcode.required', { label: 'postcode' }, person)
        : isValidUkPostcode(postcode)
          ? null
          : fieldError('postcode.invalid'),
    ],
  ])
}

/**
 * An address found by postcode or typed in (docs/decisions/1102). Typed by hand, each field is
 * checked. Found by the lookup, it only has to be chosen: Royal Mail's addresses are complete as
 * they are, and some have no street. Until one is chosen: 'Please choose your address.'.
 */
export function validateFoundAddress(
  address: Address,
  manual: boolean,
  person: Person = 'main',
): StepFieldError[] {
  if (manual) return validateAddressFields(address, '', person)
  const chosen = address.postcode.trim() !== '' && address.town.trim() !== ''
  return chosen
    ? []
    : [
        {
          field: 'address',
          error: fieldError('addressDropdown.required', { label: 'address' }, person),
        },
      ]
}

/** Whether two addresses are the same place (their lines and postcode, not the time spent there). */
function sameAddress(a: Address, b: Address): boolean {
  const lines = (x: Address) =>
    [x.subBuilding, x.houseName, x.houseNumber, x.street, x.town, x.postcode.replace(/\s+/g, '')]
      .map((part) => part.trim().toUpperCase())
      .join('|')
  return lines(a) === lines(b)
}

type ThirdPartyChannels = Pick<
  ApplicationState['form'],
  'isOptedThirdPartyEmail' | 'isOptedThirdPartySms' | 'isOptedThirdPartyPhone'
>

function anyThirdPartyChannel(flags: ThirdPartyChannels): boolean {
  return flags.isOptedThirdPartyEmail || flags.isOptedThirdPartySms || flags.isOptedThirdPartyPhone
}

const address = (state: ApplicationState, n: number): Address | undefined =>
  state.form.addresses[n - 1]
const employment = (state: ApplicationState, n: number) => state.form.employments[n - 1]
const jointAddress = (state: ApplicationState, n: number): Address | undefined =>
  state.form.joint.addresses[n - 1]

export const stepRules: Readonly<Record<StepId, StepRules>> = {
  'looking-to-buy': {
    validate: ({ state }) => collect([['lookingToBuy', radio(state.form.lookingToBuy)]]),
  },
  'loan-type': {
    validate: ({ state }) => collect([['loanPurposeType', radio(state.form.loanPurposeType)]]),
    complete: (state) => {
      // Another kind has other limits: an amount or term outside them is no longer an answer, so
      // the journey asks for it again on its own screen (docs/decisions/1002).
      const { minAmount, maxAmount, minYears, maxYears } = limitsFor(state)
      const { loanAmount, loanAmountUnknown, term } = state.form
      if (!loanAmountUnknown && loanAmount !== null) {
        if (loanAmount < minAmount || loanAmount > maxAmount) state.form.loanAmountCompleted = false
      }
      if (term !== null && (term / 12 < minYears || term / 12 > maxYears)) {
        state.form.term = null
        state.form.financeDetailsCompleted = false
      }
      // The deposit screen bounds a cash deposit by the vehicle's price or, without one, by the kind's
      // greatest loan: a deposit over the new bound makes the deposit question unanswered again, so the
      // journey goes back to it (its type and amount stay, to be shown and corrected there).
      const depositMax = state.form.vehicle.price ?? maxAmount
      const { depositType, cashDeposit } = state.form
      if (state.hasDeposit === true && depositType.includes('Cash') && cashDeposit > depositMax) {
        state.hasDeposit = null
      }
    },
  },
  'amount-to-finance': {
    validate: ({ state }) => {
      const { minAmount, maxAmount } = limitsFor(state)
      return collect([
        [
          'loanAmount',
          validateNumber(state.form.loanAmount, {
            label: 'loan amount',
            min: minAmount,
            max: maxAmount,
          }),
        ],
      ])
    },
    complete: (state) => {
      state.form.loanAmountUnknown = false
      state.form.loanAmountCompleted = true
    },
  },
  'looking-to-borrow': {
    validate: ({ state }) => {
      if (state.form.loanAmountUnknown) return []
      const { minAmount, maxAmount } = limitsFor(state)
      return collect([
        [
          'loanAmount',
          validateNumber(state.form.loanAmount, {
            label: 'loan amount',
            min: minAmount,
            max: maxAmount,
          }),
        ],
      ])
    },
    complete: (state) => {
      // "I'm not sure yet" sends no amount: null is normalised to 6500 before sending (docs/requirements.md#normalisation-before-sending).
      if (state.form.loanAmountUnknown) state.form.loanAmount = null
      state.form.loanAmountCompleted = true
    },
  },
  deposit: {
    validate: ({ state }) => {
      const errors = collect([['hasDeposit', radio(state.hasDeposit)]])
      if (state.hasDeposit !== true) return errors
      errors.push(
        ...collect([
          [
            'depositType',
            validateRequiredChoice('dropdown', state.form.depositType, { label: 'deposit type' }),
          ],
        ]),
      )
      if (state.form.depositType.includes('Cash')) {
        const max = state.form.vehicle.price ?? limitsFor(state).maxAmount
        errors.push(
          ...collect([
            [
              'cashDeposit',
              validateNumber(state.form.cashDeposit > 0 ? state.form.cashDeposit : null, {
                label: 'cash deposit',
                min: 1,
                max,
              }),
            ],
          ]),
        )
      }
      return errors
    },
    complete: (state) => {
      if (state.hasDeposit !== true) state.form.depositType = ''
      if (state.hasDeposit !== true || !state.form.depositType.includes('Cash')) {
        state.form.cashDeposit = 0
      }
    },
  },
  'term-to-borrow': {
    validate: ({ state }) => {
      const { minYears, maxYears } = limitsFor(state)
      const years = state.form.term === null ? null : state.form.term / 12
      return collect([
        [
          'term',
          years === null
            ? fieldError('slider.required', { label: 'loan term' })
            : years < minYears || years > maxYears
              ? fieldError('slider.range', { min: minYears, max: maxYears })
              : null,
        ],
      ])
    },
    complete: (state) => {
      state.form.financeDetailsCompleted = true
    },
  },
  'driving-licence': {
    validate: ({ state }) =>
      collect([['drivingLicenceType', radio(state.form.drivingLicenceType)]]),
    complete: (state) => {
      state.form.drivingLicenceCompleted = true
      state.fullLicence = state.form.drivingLicenceType === 'Full UK'
    },
  },
  'marital-status': {
    validate: ({ state }) => collect([['maritalStatus', radio(state.form.maritalStatus)]]),
    complete: (state) => {
      state.form.maritalStatusCompleted = true
    },
  },
  'date-of-birth': {
    validate: ({ state, today }) => {
      const parts = { day: state.dobDay, month: state.dobMonth, year: state.dobYear }
      return collect([['dateOfBirth', dateOfBirthError(parts, today).error]])
    },
    complete: (state, { today }) => {
      const parts = { day: state.dobDay, month: state.dobMonth, year: state.dobYear }
      state.form.dateOfBirth = dateOfBirthToIso(parts, today)
      state.form.dateOfBirthCompleted = true
    },
  },
  personal: {
    validate: ({ state }) =>
      collect([
        ['title', validateRequiredChoice('title', state.form.title)],
        ['firstName', validateText(state.form.firstName, { label: 'first name' })],
        ['lastName', validateText(state.form.lastName, { label: 'last name' })],
      ]),
    complete: (state) => {
      state.form.personalDetailsCompleted = true
    },
  },
  contact: {
    validate: ({ state }) =>
      collect([
        ['email', validateEmail(state.form.email)],
        ['contactNumber', validatePhone(state.form.contactNumber)],
      ]),
  },
  address: {
    // savedAddresses[n - 1] remembers how entry n was given: typed by hand or chosen (1103).
    validate: ({ state, n }) =>
      validateFoundAddress(
        address(state, n) ?? emptyAddress(),
        state.savedAddresses[n - 1]?.manual ?? false,
      ),
    complete: (state, { n }) => {
      if (n === 1) state.form.addressLocationCompleted = true
    },
  },
  'address-length': {
    validate: ({ state, n }) => {
      const entry = address(state, n)
      return collect([
        [
          'timeAtAddress',
          validateYearsMonths(entry?.yearsAtAddress ?? null, entry?.monthsAtAddress ?? null),
        ],
      ])
    },
    complete: (state) => {
      // A lengthened earlier answer can make later entries unneeded: they must not be sent (1105).
      const needed = entriesNeededForHistory(addressPeriods(state.form.addresses))
      state.form.addresses.splice(needed)
      state.savedAddresses.splice(needed)
    },
  },
  'residential-status': {
    validate: ({ state, n }) =>
      collect([['residentialStatus', radio(address(state, n)?.residentialStatus ?? '')]]),
    complete: (state, { n }) => {
      if (n === 1) state.form.addressStatusCompleted = true
    },
  },
  'property-details': {
    validate: ({ state }) =>
      collect([
        [
          'propertyValue',
          validateNumber(state.form.propertyValue, {
            label: 'property value',
            ...PROPERTY_VALUE,
          }),
        ],
        [
          'mortgageBalance',
          validateNumber(state.form.mortgageBalance, {
            label: 'mortgage balance',
            ...MORTGAGE_BALANCE,
          }),
        ],
        [
          'propertyBedrooms',
          validateRequiredChoice('dropdown', state.form.propertyBedrooms, {
            label: 'number of bedrooms',
          }),
        ],
        [
          'propertyType',
          validateRequiredChoice('dropdown', state.form.propertyType, { label: 'property type' }),
        ],
      ]),
  },
  'security-address-confirm': {
    validate: ({ state }) =>
      collect([['isSecurityCurrentAddress', radio(state.form.isSecurityCurrentAddress)]]),
    complete: (state) => {
      const { form } = state
      const current = form.addresses[0]
      if (!current) return
      if (form.isSecurityCurrentAddress === true) {
        form.securityAddress = { ...current, manual: false }
      } else if (!form.securityAddress.manual && sameAddress(form.securityAddress, current)) {
        // The copy an earlier "Yes" made is not the property's address (1107).
        form.securityAddress = { ...emptyAddress(), manual: false }
      }
    },
  },
  'security-address-add': {
    validate: ({ state }) => {
      const security = state.form.securityAddress
      return [
        ...validateFoundAddress(security, security.manual),
        ...collect([
          // Only an answer from this list: a home's status copied by an earlier "Yes" is not one
          // (decision 1501).
          ['securityOccupancy', isSecurityOccupancy(security.residentialStatus) ? null : radio('')],
          ['timeAtAddress', validateYearsMonths(security.yearsAtAddress, security.monthsAtAddress)],
        ]),
      ]
    },
  },
  'own-other-properties': {
    validate: ({ state }) =>
      collect([['ownOtherProperties', radio(state.form.ownOtherProperties)]]),
  },
  employment: {
    validate: ({ state, n }) =>
      collect([['employmentStatus', radio(employment(state, n)?.employmentStatus ?? '')]]),
    complete: (state, { n }) => {
      const entry = employment(state, n)
      // Employer details belong only to statuses with an employer: clear any left from a change.
      if (entry && !hasEmployer(entry.employmentStatus)) {
        entry.occupation = ''
        entry.employerName = ''
        entry.employerTown = ''
      }
      if (n === 1) state.form.employmentStatusCompleted = true
    },
  },
  'employment-add': {
    validate: ({ state, n }) => {
      const entry = employment(state, n)
      // The labels follow the status: 'Please enter your business name.' (1541).
      const words = employerWording(entry?.employmentStatus ?? '', n)
      return collect([
        [
          'occupation',
          validateText(entry?.occupation ?? '', { label: words.occupation.messageLabel }),
        ],
        [
          'employerName',
          validateText(entry?.employerName ?? '', { label: words.employerName.messageLabel }),
        ],
        [
          'employerTown',
          validateText(entry?.employerTown ?? '', { label: words.employerTown.messageLabel }),
        ],
      ])
    },
  },
  'employment-length': {
    validate: ({ state, n }) => {
      const entry = employment(state, n)
      return collect([
        [
          'timeAtEmployer',
          validateYearsMonths(entry?.yearsAtEmployer ?? null, entry?.monthsAtEmployer ?? null),
        ],
      ])
    },
    complete: (state) => {
      // A lengthened earlier answer can make later entries unneeded: they must not be sent (1201).
      const { employments } = state.form
      employments.splice(entriesNeededForHistory(employmentPeriods(employments)))
    },
  },
  'employment-income': {
    validate: ({ state }) =>
      collect([
        [
          'netMonthlyIncome',
          validateNumber(state.form.netMonthlyIncome, {
            label: 'net monthly income',
            ...NET_MONTHLY_INCOME,
          }),
        ],
      ]),
  },
  joint: {
    validate: ({ state }) =>
      collect([['isJointApplication', radio(state.form.isJointApplication)]]),
    complete: (state) => {
      state.isJointApplication = state.form.isJointApplication === true
    },
  },
  'joint-customer-details': {
    validate: ({ state }) => {
      const joint = state.form.joint
      return collect([
        ['jointTitle', validateRequiredChoice('title', joint.title, { person: 'joint' })],
        ['jointFirstName', validateText(joint.firstName, { label: 'first name', person: 'joint' })],
        ['jointLastName', validateText(joint.lastName, { label: 'last name', person: 'joint' })],
        ['jointMaritalStatus', radio(joint.maritalStatus, 'joint')],
        ['jointDrivingLicenceType', radio(joint.drivingLicenceType, 'joint')],
      ])
    },
  },
  'joint-date-of-birth': {
    validate: ({ state, today }) => {
      const parts = { day: state.jointDobDay, month: state.jointDobMonth, year: state.jointDobYear }
      return collect([['jointDateOfBirth', dateOfBirthError(parts, today, 'joint').error]])
    },
    complete: (state, { today }) => {
      const parts = { day: state.jointDobDay, month: state.jointDobMonth, year: state.jointDobYear }
      state.form.joint.dateOfBirth = dateOfBirthToIso(parts, today)
    },
  },
  // The joint applicant's own address: the same questions and rules as the main applicant's, in
  // their wording (docs/decisions/1841).
  'joint-same-address': {
    validate: ({ state }) =>
      collect([['jointLivesAtApplicantAddress', radio(state.form.joint.livesAtApplicantAddress)]]),
  },
  'joint-address': {
    validate: ({ state, n }) =>
      validateFoundAddress(
        jointAddress(state, n) ?? emptyAddress(),
        state.jointSavedAddresses[n - 1]?.manual ?? false,
        'joint',
      ),
  },
  'joint-address-length': {
    validate: ({ state, n }) => {
      const entry = jointAddress(state, n)
      return collect([
        [
          'jointTimeAtAddress',
          validateYearsMonths(
            entry?.yearsAtAddress ?? null,
            entry?.monthsAtAddress ?? null,
            'joint',
          ),
        ],
      ])
    },
    complete: (state) => {
      // As for the main applicant's history (1105): entries a longer answer made unneeded go.
      const { addresses } = state.form.joint
      const needed = entriesNeededForHistory(addressPeriods(addresses))
      addresses.splice(needed)
      state.jointSavedAddresses.splice(needed)
    },
  },
  'joint-residential-status': {
    validate: ({ state, n }) =>
      collect([['jointResidentialStatus', radio(jointAddress(state, n)?.residentialStatus ?? '')]]),
  },
  'joint-employment-add': {
    validate: ({ state }) => {
      const joint = state.form.joint
      const errors = collect([['jointEmploymentStatus', radio(joint.employmentStatus, 'joint')]])
      if (!hasEmployer(joint.employmentStatus)) return errors
      const words = employerWording(joint.employmentStatus, 1, 'joint')
      const person = 'joint'
      return [
        ...errors,
        ...collect([
          [
            'jointOccupation',
            validateText(joint.occupation, { label: words.occupation.messageLabel, person }),
          ],
          [
            'jointEmployerName',
            validateText(joint.employerName, { label: words.employerName.messageLabel, person }),
          ],
          [
            'jointEmployerTown',
            validateText(joint.employerTown, { label: words.employerTown.messageLabel, person }),
          ],
        ]),
      ]
    },
    complete: (state) => {
      const joint = state.form.joint
      if (!hasEmployer(joint.employmentStatus)) {
        joint.occupation = ''
        joint.employerName = ''
        joint.employerTown = ''
      }
    },
  },
  'joint-employment-length': {
    validate: ({ state }) =>
      collect([
        [
          'jointTimeAtEmployer',
          validateYearsMonths(
            state.form.joint.yearsAtEmployer,
            state.form.joint.monthsAtEmployer,
            'joint',
          ),
        ],
      ]),
  },
  'joint-employment-income': {
    validate: ({ state }) =>
      collect([
        [
          'jointNetMonthlyIncome',
          validateNumber(state.form.joint.netMonthlyIncome, {
            label: 'net monthly income',
            ...NET_MONTHLY_INCOME,
            person: 'joint',
          }),
        ],
      ]),
  },
  'joint-customer-contact': {
    validate: ({ state }) =>
      collect([
        [
          'jointEmail',
          validateEmail(state.form.joint.email, { person: 'joint' }) ??
            // Their own links and confirmation go to this address: it cannot be the applicant's own
            // (issue 23; decision 2116).
            (sameEmail(state.form.joint.email, state.form.email)
              ? fieldError('email.jointSameAsApplicant')
              : null),
        ],
        ['jointContactNumber', validatePhone(state.form.joint.contactNumber, { person: 'joint' })],
      ]),
  },
  'breathing-space': {
    validate: ({ state }) =>
      collect([
        ['breathingSpace', radio(state.form.breathingSpace)],
        ['discussFinancialCirumstances', radio(state.discussFinancialCirumstances)],
        [
          'additionalNeedsRequirementsStatement',
          state.additionalNeedsRequirementsStatement.length > 500
            ? fieldError('text.tooLong', { label: 'answer', max: 500 })
            : null,
        ],
      ]),
  },
  // Choosing no channel is an answer. The overall third-party flag the broker receives is derived
  // from the per-channel choices, so it can never say yes to a channel that was not ticked (1204).
  optins: {
    validate: () => [],
    complete: (state) => {
      state.form.isOptedThirdParty = anyThirdPartyChannel(state.form)
    },
  },
  'joint-optins': {
    validate: () => [],
    complete: (state) => {
      state.form.joint.isOptedThirdParty = anyThirdPartyChannel(state.form.joint)
    },
  },
  'soft-search': {
    validate: ({ state }) => collect([['agreeSoftSearch', checkbox(state.form.agreeSoftSearch)]]),
  },
  'fair-processing-notice': {
    validate: ({ state }) =>
      collect([['fairProcessingAcknowledged', checkbox(state.form.fairProcessingAcknowledged)]]),
  },
  'before-you-submit': {
    validate: ({ state }) =>
      collect([['isAgreedTermsAndConditions', checkbox(state.form.isAgreedTermsAndConditions)]]),
  },
  submit: { validate: () => [] },
}

export function validateStep(stepId: StepId, ctx: StepRuleContext): StepFieldError[] {
  return stepRules[stepId].validate(ctx)
}
