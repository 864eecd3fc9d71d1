// The server's check of a received full submission (docs/requirements.md#submission-payload, docs/requirements.md#submission, docs/requirements.md#validation). It
// validates what `toFullSubmissionPayload` sends, applying the same field rules as the browser, and
// strips unknown keys. Decision record: docs/decisions/0205-submission-schema.md.
// It stays whole: it is one schema of one payload, read beside the payload mapper it mirrors.

import {
  MORTGAGE_BALANCE,
  NET_MONTHLY_INCOME,
  PROPERTY_VALUE,
  VEHICLE_MILEAGE,
  VEHICLE_PRICE,
} from '../fields/amount-bounds'
import { z } from 'zod'
import { type CalendarDate, type DateParts, validateDateOfBirth } from '../fields/date-of-birth'
import { validateEmail } from '../fields/email'
import { validatePhone } from '../fields/phone'
import { isValidUkPostcode } from '../fields/postcode'
import { TEXT_MAX_LENGTH, hasUnsafeCharacters, validateText } from '../fields/text'
import {
  MONTHS_CAP,
  SECURITY_YEARS_CAP_FROM_FORM,
  YEARS_CAP,
  validateYearsMonths,
} from '../fields/years-months'
import {
  type Option,
  depositTypeOptions,
  drivingLicenceOptions,
  employmentStatusOptions,
  hasEmployer,
  isSecurityOccupancy,
  loanLimits,
  lookingToBuyOptions,
  maritalStatusOptions,
  propertyBedroomOptions,
  propertyTypeOptions,
  residentialStatusOptions,
  titleOptions,
} from '../journey/options'
import { MAX_HISTORY_ENTRIES } from '../histories/histories'
import { type Person, messageText } from '../messages/messages'
import { type FullSubmissionPayload, PAYLOAD_EXTENSIONS_VERSION } from '../payload/full-payload'

export interface SubmissionSchemaOptions {
  /** Today in London (`londonToday(new Date())`): ages are judged on it. */
  today: CalendarDate
  /** The brands' affiliate keys. */
  knownAffiliateKeys: readonly string[]
}

export interface SubmissionError {
  /** Dotted path in the payload: 'email', 'addresses.0.postcode', 'JointApplicant.dateOfBirth'. */
  field: string
  message: string
}

// Texts for API clients about the shape of a request. The applicant never sees these: the
// browser sends what the mapper made, and anything an applicant can get wrong has a docs/requirements.md#messages message.
export const SUBMISSION_SHAPE_MESSAGES = {
  required: 'is required',
  text: 'must be text',
  boolean: 'must be true or false',
  number: 'must be a number',
  wholeNumber: 'must be a whole number',
  notNegative: 'must not be negative',
  list: 'must be a list',
  object: 'must be an object',
  uuid: 'must be a UUID',
  dateTime: 'must be an ISO 8601 date and time',
  affiliateKey: 'is not the affiliate key of a known brand',
  completed: 'must be true: only a completed application is submitted',
  vehicleType: 'must be one of Caravan, Van, Horsebox, Motorhome, Motorcycle, Car',
  loanPurposeType: "must be 'vehicle' or 'property'",
  dateOfBirthFormat: 'must be written YYYY-MM-DDT00:00:00.000',
  indexOrder: 'must number the entries 1, 2, 3… in order',
  atLeastOneAddress: 'must hold at least one address',
  atLeastOneEmployment: 'must hold at least one employment',
  propertyOnly: 'is sent only with a loan secured on property',
  depositOnly: 'is sent only with a deposit',
  extensionsVersion: `must be ${PAYLOAD_EXTENSIONS_VERSION}`,
  jointOnly: 'is sent only with a joint application',
  jointElsewhereOnly: 'is sent only when the joint applicant lives elsewhere',
  tooLong: (max: number) => `must be ${max} characters or fewer`,
  characters: 'must not contain control or bidirectional formatting characters',
  imageUrl: 'must be an https: address or a path on this site',
  tooMany: (max: number) => `must hold at most ${max} entries`,
} as const

const M = SUBMISSION_SHAPE_MESSAGES

/** Free text that is not an answer to a question (tracking, technical, address lines). */
const LONG_TEXT = 500
const ADDRESS_LINE_MAX = 100
/** As many addresses or employments as the journey can ask for: one a month for three years. */
const MAX_ENTRIES = MAX_HISTORY_ENTRIES
const VEHICLE_TYPES = ['Caravan', 'Van', 'Horsebox', 'Motorhome', 'Motorcycle', 'Car'] as const

const values = (options: readonly Option[]) => options.map((option) => option.value)
const missing = (issue: { input: unknown }) => issue.input === undefined

/** The fields whose text keeps its tabs and line breaks: the additional-needs statement (decision 1803). */
export const LINE_BREAK_FIELDS: ReadonlySet<string> = new Set(['additionalNeedsRequirements'])

function text(max = TEXT_MAX_LENGTH, opts: { lineBreaks?: boolean } = {}) {
  return z
    .string({ error: (issue) => (missing(issue) ? M.required : M.text) })
    .max(max, M.tooLong(max))
    .refine((value) => !hasUnsafeCharacters(value, opts), M.characters)
}

/** Text checked as an answer elsewhere (validateText), which gives the message of its own. */
function answerText() {
  return z
    .string({ error: (issue) => (missing(issue) ? M.required : M.text) })
    .max(TEXT_MAX_LENGTH, M.tooLong(TEXT_MAX_LENGTH))
}

/** The vehicle's picture: an https: address, or a path on this site (not `//host`, not `javascript:`). */
function imageUrl() {
  return text(LONG_TEXT).refine(
    (value) => value === '' || /^https:\/\/[^/\s]/i.test(value) || /^\/(?![/\\])/.test(value),
    M.imageUrl,
  )
}

function flag() {
  return z.boolean({ error: (issue) => (missing(issue) ? M.required : M.boolean) })
}

function amount() {
  return z
    .number({ error: (issue) => (missing(issue) ? M.required : M.number) })
    .nonnegative(M.notNegative)
}

/** An amount within its bounds (decision 1803), refused with the specification's range message. */
function bounded(bounds: { min: number; max: number }, label?: string, person: Person = 'main') {
  const range = messageText('number.range', bounds)
  return z
    .number({
      error: (issue) =>
        label !== undefined
          ? messageText('number.required', { label }, person)
          : missing(issue)
            ? M.required
            : M.number,
    })
    .min(bounds.min, range)
    .max(bounds.max, range)
}

/** A required text answer (docs/requirements.md#text): 'Please enter your {label}.' when blank, the 50-character limit. */
function answer(label: string, person: Person) {
  return z
    .string({ error: () => messageText('text.required', { label }, person) })
    .superRefine((value, ctx) => {
      const error = validateText(value, { label, person })
      if (error) ctx.addIssue({ code: 'custom', message: error.text })
    })
}

/** A required choice from one of the option lists (docs/requirements.md#option-lists), with the docs/requirements.md#messages message of its control. */
function choice(options: readonly Option[], message: string) {
  const allowed = values(options)
  return z.string({ error: () => message }).refine((value) => allowed.includes(value), { message })
}

const dropdown = (options: readonly Option[], label: string, person: Person = 'main') =>
  choice(options, messageText('dropdown.required', { label }, person))

const radio = (options: readonly Option[]) => choice(options, messageText('radio.required'))

/** Years 0 to `yearsCap`, months 0 to 11, whole numbers (the mapper has already capped them). */
function years(yearsCap: number) {
  return z
    .number({ error: (issue) => (missing(issue) ? M.required : M.number) })
    .int(M.wholeNumber)
    .min(0, messageText('number.range', { min: 0, max: yearsCap }))
    .max(yearsCap, messageText('number.range', { min: 0, max: yearsCap }))
}

const months = () => years(MONTHS_CAP)

function checkYearsMonths(
  ctx: z.RefinementCtx,
  yearsValue: number | undefined,
  monthsValue: number | undefined,
  path: string,
  person: Person = 'main',
) {
  const error = validateYearsMonths(yearsValue ?? null, monthsValue ?? null, person)
  if (error) ctx.addIssue({ code: 'custom', message: error.text, path: [path] })
}

function email(person: Person) {
  return z
    .string({ error: () => messageText('email.required', { label: 'email address' }, person) })
    .superRefine((value, ctx) => {
      const error = validateEmail(value, { person })
      if (error) ctx.addIssue({ code: 'custom', message: error.text })
    })
}

function phone(person: Person) {
  return z
    .string({ error: () => messageText('phone.required', {}, person) })
    .superRefine((value, ctx) => {
      const error = validatePhone(value, { person })
      if (error) ctx.addIssue({ code: 'custom', message: error.text })
    })
}

const SENT_DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000$/

/** 'YYYY-MM-DDT00:00:00.000', a real date, 18 or over and under 80 on `today` (docs/requirements.md#validation). */
function dateOfBirth(today: CalendarDate, person: Person) {
  return z
    .string({ error: () => messageText('dob.required', {}, person) })
    .superRefine((value, ctx) => {
      const match = SENT_DATE_OF_BIRTH.exec(value)
      if (!match) {
        ctx.addIssue({ code: 'custom', message: M.dateOfBirthFormat })
        return
      }
      const parts: DateParts = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' }
      const errors = validateDateOfBirth(parts, today, person)
      const first = errors && (errors.date ?? errors.day ?? errors.month ?? errors.year)
      if (first) ctx.addIssue({ code: 'custom', message: first.text })
    })
}

function postcode(person: Person = 'main') {
  return z
    .string({ error: () => messageText('postcode.required', {}, person) })
    .superRefine((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: messageText('postcode.required', {}, person) })
      } else if (!isValidUkPostcode(value)) {
        ctx.addIssue({ code: 'custom', message: messageText('postcode.invalid', {}, person) })
      }
    })
}

function addressShape(
  yearsCap: number,
  residentialStatus: z.ZodType<string>,
  person: Person = 'main',
) {
  return {
    flatNumber: text(ADDRESS_LINE_MAX).optional(),
    buildingName: text(ADDRESS_LINE_MAX).optional(),
    houseName: text(ADDRESS_LINE_MAX).optional(),
    buildingNumber: text(ADDRESS_LINE_MAX).optional(),
    houseNumber: text(ADDRESS_LINE_MAX).optional(),
    subBuilding: text(ADDRESS_LINE_MAX).optional(),
    locality: text(ADDRESS_LINE_MAX).optional(),
    street: text(ADDRESS_LINE_MAX).optional(),
    town: answer('town', person),
    county: text(ADDRESS_LINE_MAX).optional(),
    postcode: postcode(person),
    yearsAtAddress: years(yearsCap).optional(),
    monthsAtAddress: months().optional(),
    residentialStatus,
  }
}

type TimeAtAddress = { yearsAtAddress?: number; monthsAtAddress?: number }
const checkTimeAtAddress = (address: TimeAtAddress, ctx: z.RefinementCtx) =>
  checkYearsMonths(ctx, address.yearsAtAddress, address.monthsAtAddress, 'yearsAtAddress')

const homeStatus = (person: Person = 'main') =>
  dropdown(residentialStatusOptions, 'residential status', person)

const addressSchema = z
  .object({
    addressIndex: z.number({ error: M.indexOrder }),
    ...addressShape(YEARS_CAP, homeStatus()),
  })
  .superRefine(checkTimeAtAddress)

/** The joint applicant's own addresses (decision 1841): the same rules, in their wording. */
const jointAddressSchema = z
  .object({
    addressIndex: z.number({ error: M.indexOrder }),
    ...addressShape(YEARS_CAP, homeStatus('joint'), 'joint'),
  })
  .superRefine((address, ctx) =>
    checkYearsMonths(
      ctx,
      address.yearsAtAddress,
      address.monthsAtAddress,
      'yearsAtAddress',
      'joint',
    ),
  )

// The largest cap: a security address from the first address is capped lower by the mapper. Its
// status comes from the home's list when it is the current address, else from who lives there
// (decision 1501): which list applies is checked with isSecurityCurrentAddress, below.
const securityAddressSchema = z
  .object(
    addressShape(
      SECURITY_YEARS_CAP_FROM_FORM,
      z.string({ error: () => messageText('radio.required') }),
    ),
    { error: M.object },
  )
  .superRefine(checkTimeAtAddress)

/** The security address's status, from the list that fits where the property is. */
function checkSecurityStatus(
  ctx: z.RefinementCtx,
  isCurrentAddress: boolean,
  status: string,
): void {
  const fits = isCurrentAddress
    ? values(residentialStatusOptions).includes(status)
    : isSecurityOccupancy(status)
  if (fits) return
  ctx.addIssue({
    code: 'custom',
    path: ['securityAddress', 'residentialStatus'],
    message: isCurrentAddress
      ? messageText('dropdown.required', { label: 'residential status' })
      : messageText('radio.required'),
  })
}

/** Employer details are required for a status that has an employer (docs/requirements.md#option-lists). */
function checkEmployer(
  entry: { employmentStatus: string; occupation?: string; employerName?: string },
  ctx: z.RefinementCtx,
  person: Person,
) {
  // Without an employer they are not asked for, but checked as answers when sent anyway.
  const required = hasEmployer(entry.employmentStatus)
  for (const [field, label] of [
    ['occupation', 'occupation'],
    ['employerName', 'employer name'],
  ] as const) {
    const error = validateText(entry[field] ?? '', { label, person, required })
    if (error) ctx.addIssue({ code: 'custom', message: error.text, path: [field] })
  }
}

const employmentSchema = z
  .object({
    employmentIndex: z.number({ error: M.indexOrder }),
    employmentStatus: dropdown(employmentStatusOptions, 'employment status'),
    yearsAtEmployer: years(YEARS_CAP).optional(),
    monthsAtEmployer: months().optional(),
    occupation: answerText().optional(),
    employerName: answerText().optional(),
    Town: text().optional(),
  })
  .superRefine((entry, ctx) => {
    checkYearsMonths(ctx, entry.yearsAtEmployer, entry.monthsAtEmployer, 'yearsAtEmployer')
    checkEmployer(entry, ctx, 'main')
  })

function indexedList<T extends z.ZodType>(
  item: T,
  indexField: 'addressIndex' | 'employmentIndex',
  emptyMessage: string,
) {
  return z
    .array(item, { error: (issue) => (missing(issue) ? emptyMessage : M.list) })
    .min(1, emptyMessage)
    .max(MAX_ENTRIES, M.tooMany(MAX_ENTRIES))
    .superRefine((entries, ctx) => {
      entries.forEach((entry, i) => {
        const index = (entry as Record<string, unknown>)[indexField]
        if (index !== i + 1) {
          ctx.addIssue({ code: 'custom', message: M.indexOrder, path: [i, indexField] })
        }
      })
    })
}

const optIns = {
  IsOptedEmail: flag(),
  IsOptedSms: flag(),
  IsOptedPhone: flag(),
  IsOptedPost: flag(),
  IsOptedThirdParty: flag(),
  IsOptedThirdPartyEmail: flag(),
  IsOptedThirdPartySms: flag(),
  IsOptedThirdPartyPhone: flag(),
}

function jointApplicantSchema(today: CalendarDate) {
  return z
    .object(
      {
        firstName: answer('first name', 'joint'),
        lastName: answer('last name', 'joint'),
        title: choice(titleOptions, messageText('title.required', {}, 'joint')),
        email: email('joint'),
        contactNumber: phone('joint'),
        dateOfBirth: dateOfBirth(today, 'joint'),
        maritalStatus: dropdown(maritalStatusOptions, 'marital status', 'joint'),
        drivingLicenceType: dropdown(drivingLicenceOptions, 'driving licence type', 'joint'),
        employmentStatus: dropdown(employmentStatusOptions, 'employment status', 'joint'),
        yearsAtEmployer: years(YEARS_CAP).optional(),
        monthsAtEmployer: months().optional(),
        occupation: answerText().optional(),
        employerName: answerText().optional(),
        Town: text().optional(),
        netMonthlyIncome: bounded(NET_MONTHLY_INCOME, 'monthly income', 'joint'),
        ...optIns,
      },
      { error: M.object },
    )
    .superRefine((joint, ctx) => {
      checkYearsMonths(
        ctx,
        joint.yearsAtEmployer,
        joint.monthsAtEmployer,
        'yearsAtEmployer',
        'joint',
      )
      checkEmployer(joint, ctx, 'joint')
    })
}

/**
 * Forecourt's extension object (decision 1503): the answers the specification's payload has no field for. What every
 * completed journey answers is required; the rest is checked against the loan and the deposit below.
 */
const extensionsSchema = z.object(
  {
    version: z.literal(PAYLOAD_EXTENSIONS_VERSION, {
      error: (issue) => (missing(issue) ? M.required : M.extensionsVersion),
    }),
    hasDeposit: z.boolean({ error: () => messageText('radio.required') }).optional(),
    depositType: dropdown(depositTypeOptions, 'deposit type').optional(),
    ownOtherProperties: z.boolean({ error: () => messageText('radio.required') }).optional(),
    breathingSpace: z.boolean({ error: () => messageText('radio.required') }),
    fairProcessingNoticeAcknowledged: z.literal(true, {
      error: () => messageText('checkbox.required'),
    }),
    jointLivesAtApplicantAddress: z
      .boolean({ error: () => messageText('radio.required') })
      .optional(),
    jointAddresses: indexedList(jointAddressSchema, 'addressIndex', M.atLeastOneAddress).optional(),
  },
  { error: (issue) => (missing(issue) ? M.required : M.object) },
)

/** The schema for one day's submissions (ages depend on `today`). */
export function createSubmissionSchema(opts: SubmissionSchemaOptions) {
  const { today, knownAffiliateKeys } = opts
  return z
    .object(
      {
        submissionKey: z.uuid({ error: (issue) => (missing(issue) ? M.required : M.uuid) }),
        affiliateKey: z
          .string({ error: (issue) => (missing(issue) ? M.required : M.text) })
          .refine((key) => knownAffiliateKeys.includes(key), M.affiliateKey),
        affiliateUserId: text().optional(),
        dealerNumber: text().optional(),
        vehicleType: z.enum(VEHICLE_TYPES, {
          error: (issue) => (missing(issue) ? M.required : M.vehicleType),
        }),
        loanPurposeType: z.enum(['vehicle', 'property'], {
          error: (issue) => (missing(issue) ? M.required : M.loanPurposeType),
        }),
        term: z
          .number({ error: () => messageText('slider.required', { label: 'loan term' }) })
          .int(M.wholeNumber),
        lookingToBuy: radio(lookingToBuyOptions).optional(),
        dateApplied: z.iso.datetime({
          offset: true,
          error: (issue) => (missing(issue) ? M.required : M.dateTime),
        }),
        termsAndConditionsAgreed: z.literal(true, {
          error: () => messageText('checkbox.required'),
        }),
        loanAmount: z
          .number({ error: () => messageText('number.required', { label: 'loan amount' }) })
          .positive(messageText('number.required', { label: 'loan amount' })),
        loanAmountUnknown: flag(),
        cashDeposit: amount(),
        firstName: answer('first name', 'main'),
        lastName: answer('last name', 'main'),
        maritalStatus: dropdown(maritalStatusOptions, 'marital status'),
        email: email('main'),
        contactNumber: phone('main'),
        isSecurityCurrentAddress: z
          .boolean({ error: () => messageText('radio.required') })
          .optional(),
        isJointApplication: flag(),
        financeType: text(),
        discussFinancialCirumstances: z.boolean({ error: () => messageText('radio.required') }),
        additionalNeedsRequirements: text(LONG_TEXT, {
          lineBreaks: LINE_BREAK_FIELDS.has('additionalNeedsRequirements'),
        }).optional(),
        agreeSoftSearch: flag(),
        propertyValue: bounded(PROPERTY_VALUE).optional(),
        mortgageBalance: bounded(MORTGAGE_BALANCE).optional(),
        propertyBedrooms: dropdown(propertyBedroomOptions, 'number of bedrooms').optional(),
        propertyType: dropdown(propertyTypeOptions, 'property type').optional(),
        dateOfBirth: dateOfBirth(today, 'main'),
        title: choice(titleOptions, messageText('title.required')),
        drivingLicenceType: dropdown(drivingLicenceOptions, 'driving licence type'),
        addresses: indexedList(addressSchema, 'addressIndex', M.atLeastOneAddress),
        securityAddress: securityAddressSchema.optional(),
        employments: indexedList(employmentSchema, 'employmentIndex', M.atLeastOneEmployment),
        netMonthlyIncome: bounded(NET_MONTHLY_INCOME, 'monthly income'),
        ...optIns,
        Attribution: z
          .object(
            {
              evsrc: text(LONG_TEXT).optional(),
              evcmp: text(LONG_TEXT).optional(),
              evrfd: text(LONG_TEXT).optional(),
              Gclid: text(LONG_TEXT).optional(),
              fbclid: text(LONG_TEXT).optional(),
              source: text(LONG_TEXT).optional(),
              medium: text(LONG_TEXT).optional(),
              term: text(LONG_TEXT).optional(),
              keyword: text(LONG_TEXT).optional(),
              campaign: text(LONG_TEXT).optional(),
              Adgroup: text(LONG_TEXT).optional(),
            },
            { error: M.object },
          )
          .optional(),
        sessionId: text(100).optional(),
        userAgent: text(LONG_TEXT).optional(),
        remoteAddress: text(64).optional(),
        submittedBy: text(255).optional(),
        IsCompleted: z.literal(true, { error: () => M.completed }),
        vehicleId: text(100).optional(),
        imageUrl: imageUrl().optional(),
        make: text().optional(),
        model: text(100).optional(),
        price: bounded(VEHICLE_PRICE).optional(),
        mileage: bounded(VEHICLE_MILEAGE).optional(),
        colour: text().optional(),
        vrm: text(10).optional(),
        JointApplicant: jointApplicantSchema(today).optional(),
        forecourt: extensionsSchema,
      },
      { error: M.object },
    )
    .superRefine((payload, ctx) => {
      const add = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: path.split('.') })
      const limits = loanLimits[payload.loanPurposeType]
      const [minTerm, maxTerm] = [limits.minYears * 12, limits.maxYears * 12]
      if (payload.term < minTerm || payload.term > maxTerm) {
        add('term', messageText('slider.range', { min: minTerm, max: maxTerm }))
      }
      // The 6500 sent for "I'm not sure yet" need not reach the slider's least amount, but no
      // amount, sure or not, goes beyond its greatest (decision 1803).
      if (
        payload.loanAmount > limits.maxAmount ||
        (!payload.loanAmountUnknown && payload.loanAmount < limits.minAmount)
      ) {
        add(
          'loanAmount',
          messageText('number.range', { min: limits.minAmount, max: limits.maxAmount }),
        )
      }
      // A cash deposit is at most the vehicle's price, or the greatest loan without one: the deposit
      // screen's own bound.
      const depositMax = payload.price ?? limits.maxAmount
      if (payload.cashDeposit > depositMax) {
        add('cashDeposit', messageText('number.range', { min: 1, max: depositMax }))
      }

      const property = {
        propertyValue: payload.propertyValue,
        mortgageBalance: payload.mortgageBalance,
        propertyBedrooms: payload.propertyBedrooms,
        propertyType: payload.propertyType,
        isSecurityCurrentAddress: payload.isSecurityCurrentAddress,
        securityAddress: payload.securityAddress,
      }
      if (payload.loanPurposeType === 'property') {
        if (property.propertyValue === undefined) {
          add('propertyValue', messageText('number.required', { label: 'property value' }))
        }
        if (property.mortgageBalance === undefined) {
          add('mortgageBalance', messageText('number.required', { label: 'mortgage balance' }))
        }
        if (property.propertyBedrooms === undefined) {
          add('propertyBedrooms', messageText('dropdown.required', { label: 'number of bedrooms' }))
        }
        if (property.propertyType === undefined) {
          add('propertyType', messageText('dropdown.required', { label: 'property type' }))
        }
        if (property.isSecurityCurrentAddress === undefined) {
          add('isSecurityCurrentAddress', messageText('radio.required'))
        } else if (property.securityAddress === undefined) {
          add('securityAddress', M.required)
        } else {
          checkSecurityStatus(
            ctx,
            property.isSecurityCurrentAddress,
            property.securityAddress.residentialStatus,
          )
        }
      } else {
        for (const [field, value] of Object.entries(property)) {
          if (value !== undefined) add(field, M.propertyOnly)
        }
      }

      const extensions = payload.forecourt
      if (payload.loanPurposeType === 'property') {
        if (extensions.ownOtherProperties === undefined) {
          add('forecourt.ownOtherProperties', messageText('radio.required'))
        }
      } else if (extensions.ownOtherProperties !== undefined) {
        add('forecourt.ownOtherProperties', M.propertyOnly)
      }
      if (extensions.hasDeposit === true && extensions.depositType === undefined) {
        add('forecourt.depositType', messageText('dropdown.required', { label: 'deposit type' }))
      }
      if (extensions.hasDeposit !== true && extensions.depositType !== undefined) {
        add('forecourt.depositType', M.depositOnly)
      }

      if (payload.isJointApplication && payload.JointApplicant === undefined) {
        add('JointApplicant', M.required)
      }
      if (!payload.isJointApplication && payload.JointApplicant !== undefined) {
        add('JointApplicant', M.jointOnly)
      }
      // Where the joint applicant lives (decision 1841): asked of every joint application, their
      // own history only when it is not the applicant's address.
      const livesAtApplicantAddress = extensions.jointLivesAtApplicantAddress
      if (!payload.isJointApplication) {
        if (livesAtApplicantAddress !== undefined) {
          add('forecourt.jointLivesAtApplicantAddress', M.jointOnly)
        }
        if (extensions.jointAddresses !== undefined) add('forecourt.jointAddresses', M.jointOnly)
      } else if (livesAtApplicantAddress === undefined) {
        add('forecourt.jointLivesAtApplicantAddress', messageText('radio.required'))
      } else if (livesAtApplicantAddress && extensions.jointAddresses !== undefined) {
        add('forecourt.jointAddresses', M.jointElsewhereOnly)
      } else if (!livesAtApplicantAddress && extensions.jointAddresses === undefined) {
        add('forecourt.jointAddresses', M.atLeastOneAddress)
      }
    })
}

export type SubmissionSchema = ReturnType<typeof createSubmissionSchema>
export type ValidSubmission = z.output<SubmissionSchema>

// What passes the schema is a payload the mapper could have made.
const validIsPayload: (value: ValidSubmission) => FullSubmissionPayload = (value) => value
void validIsPayload

let cached: { key: string; schema: SubmissionSchema } | undefined

/** One schema per day and set of brands, built once rather than on every request. */
function schemaFor(opts: SubmissionSchemaOptions): SubmissionSchema {
  const { year, month, day } = opts.today
  const key = `${year}-${month}-${day}|${opts.knownAffiliateKeys.join('\n')}`
  if (cached?.key !== key) cached = { key, schema: createSubmissionSchema(opts) }
  return cached.schema
}

export type SubmissionResult =
  { ok: true; value: ValidSubmission } | { ok: false; errors: SubmissionError[] }

/** Validates a received body; unknown keys are stripped from `value`. */
export function validateSubmission(body: unknown, opts: SubmissionSchemaOptions): SubmissionResult {
  const result = schemaFor(opts).safeParse(body)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  }
}
