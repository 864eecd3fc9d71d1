// A stored application payload (full or partial) as labelled answers, in the sections and order of the
// applicant's check-your-answers page, for the broker's staff: the same plain words, in the third
// person, with the sections that only exist in the payload (vehicle, consents, attribution, technical)
// after them. Fields this file does not know are listed last under "Other", so nothing stored is hidden.
// A field the payload always carries shows only when its question was asked on the applicant's path (the
// journey rules in journey/opening-steps.ts and journey/steps.ts): the mapper fills the rest with defaults
// (a cash deposit of 0, a property owned as long as the applicant has lived at it) that nobody gave.

import type { ConsentChannel } from '../brands/disclosures'
import { formatPounds } from '../finance/money'
import { describeMonths } from '../histories/histories'
import { loanPurposeOptions, lookingToBuyOptions } from '../journey/options'
import { formatLongDateUtc, formatNumber } from '../format/en-gb'

export interface PayloadAnswerRow {
  label: string
  /** One entry per line (an address has several). */
  value: string[]
}

export interface PayloadAnswerSection {
  title: string
  rows: PayloadAnswerRow[]
}

type Payload = Readonly<Record<string, unknown>>

const record = (value: unknown): Payload | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Payload)
    : undefined

function plain(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' || typeof value === 'string') return String(value)
  return JSON.stringify(value)
}

const money = (value: unknown): string | undefined =>
  typeof value === 'number' ? formatPounds(value) : plain(value)

function date(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  const parsed = new Date(value.length === 23 ? `${value}Z` : value)
  return Number.isNaN(parsed.getTime()) ? value : formatLongDateUtc(parsed)
}

function duration(years: unknown, months: unknown): string | undefined {
  if (typeof years !== 'number' && typeof months !== 'number') return undefined
  const total =
    (typeof years === 'number' ? years : 0) * 12 + (typeof months === 'number' ? months : 0)
  return describeMonths(total)
}

function labelOf(options: readonly { value: string; label: string }[], value: unknown) {
  if (typeof value !== 'string') return plain(value)
  return options.find((option) => option.value === value)?.label ?? value
}

function fullName(person: Payload): string | undefined {
  const name = [person.title, person.firstName, person.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
  return name === '' ? undefined : name
}

/** An address on lines, as on an envelope. */
export function payloadAddressLines(address: Payload): string[] {
  const part = (name: string) =>
    typeof address[name] === 'string' ? (address[name] as string).trim() : ''
  const numberAndStreet = [part('houseNumber') || part('buildingNumber'), part('street')]
    .filter(Boolean)
    .join(' ')
  return [
    part('flatNumber') || part('subBuilding'),
    part('houseName') || part('buildingName'),
    numberAndStreet,
    part('locality'),
    part('town'),
    part('county'),
    part('postcode'),
  ].filter(Boolean)
}

function entryName(kind: string, n: number): string {
  return n === 1 ? `Current ${kind}` : `Previous ${kind} ${n - 1}`
}

const OPT_INS: readonly [string, string][] = [
  ['IsOptedEmail', 'Email'],
  ['IsOptedSms', 'Text message'],
  ['IsOptedPhone', 'Phone'],
  ['IsOptedPost', 'Post'],
]
const PARTNER_OPT_INS: readonly [string, string][] = [
  ['IsOptedThirdPartyEmail', 'Email'],
  ['IsOptedThirdPartySms', 'Text message'],
  ['IsOptedThirdPartyPhone', 'Phone'],
]

/** The payload's opt-in fields by the channel the evidence records name them with. */
const CHANNEL_FIELDS: Readonly<Record<ConsentChannel, string>> = {
  email: 'IsOptedEmail',
  sms: 'IsOptedSms',
  phone: 'IsOptedPhone',
  post: 'IsOptedPost',
  'partner-email': 'IsOptedThirdPartyEmail',
  'partner-sms': 'IsOptedThirdPartySms',
  'partner-phone': 'IsOptedThirdPartyPhone',
}

function channels(person: Payload, list: readonly [string, string][]): string {
  const chosen = list.filter(([field]) => person[field] === true).map(([, label]) => label)
  return chosen.length === 0 ? 'None' : chosen.join(', ')
}

/** The marketing rows, or none when the payload holds no answer to the marketing question yet. */
function marketingRows(person: Payload): [string, string][] {
  const fields = [...OPT_INS, ...PARTNER_OPT_INS].map(([field]) => field)
  if (!fields.some((field) => typeof person[field] === 'boolean')) return []
  return [
    ['How they hear from the broker', channels(person, OPT_INS)],
    [
      'How they hear from partners',
      person.IsOptedThirdParty === true ? channels(person, PARTNER_OPT_INS) : 'None',
    ],
  ]
}

/** Opt-ins as the payload names them, from a choice per channel (true: yes). */
function optInsOf(chosen: Readonly<Partial<Record<ConsentChannel, boolean>>>): Payload {
  const fields: Record<string, boolean> = {}
  for (const [channel, field] of Object.entries(CHANNEL_FIELDS)) {
    fields[field] = chosen[channel as ConsentChannel] === true
  }
  fields.IsOptedThirdParty = PARTNER_OPT_INS.some(([field]) => fields[field] === true)
  return fields
}

/**
 * What the stored application does not hold but the broker's staff must read with it: the joint
 * applicant's own marketing choices, made when they confirmed their part (decision 1823).
 */
export interface PayloadAnswerExtras {
  /** Each channel the joint applicant was asked about when confirming: true for yes. */
  jointMarketing?: Readonly<Partial<Record<ConsentChannel, boolean>>> | null
}

/**
 * Whether the cash deposit was asked: only after "Yes" to the deposit question with a type that has
 * cash in it (journey/opening-steps.ts, steps/step-rules.ts). A payload without the deposit answer (a
 * brand that does not ask, or a sender other than the journey) shows an amount only when one was given.
 */
function cashDepositAsked(p: Payload, extensions: Payload): boolean {
  if (typeof extensions.hasDeposit !== 'boolean') {
    return typeof p.cashDeposit === 'number' && p.cashDeposit > 0
  }
  return (
    extensions.hasDeposit &&
    typeof extensions.depositType === 'string' &&
    extensions.depositType.includes('Cash')
  )
}

const ATTRIBUTION_LABELS: Readonly<Record<string, string>> = {
  evsrc: 'Traffic source',
  evcmp: 'Campaign (utm_campaign)',
  evrfd: 'Referring page',
  Gclid: 'Google click id',
  fbclid: 'Facebook click id',
  source: 'Source',
  medium: 'Medium',
  term: 'Term',
  keyword: 'Keyword',
  campaign: 'Campaign',
  Adgroup: 'Ad group',
}

/** Every payload field a section below reads; the rest go under "Other". */
const KNOWN = new Set([
  'submissionKey',
  'affiliateKey',
  'affiliateUserId',
  'dealerNumber',
  'vehicleType',
  'loanPurposeType',
  'term',
  'lookingToBuy',
  'dateApplied',
  'termsAndConditionsAgreed',
  'loanAmount',
  'loanAmountUnknown',
  'cashDeposit',
  'firstName',
  'lastName',
  'maritalStatus',
  'email',
  'contactNumber',
  'isSecurityCurrentAddress',
  'isJointApplication',
  'financeType',
  'discussFinancialCirumstances',
  'additionalNeedsRequirements',
  'agreeSoftSearch',
  'propertyValue',
  'mortgageBalance',
  'propertyBedrooms',
  'propertyType',
  'dateOfBirth',
  'title',
  'drivingLicenceType',
  'addresses',
  'securityAddress',
  'employments',
  'netMonthlyIncome',
  'Attribution',
  'sessionId',
  'userAgent',
  'remoteAddress',
  'clientRemoteAddress',
  'dateReceived',
  'submittedBy',
  'IsCompleted',
  'vehicleId',
  'imageUrl',
  'make',
  'model',
  'price',
  'mileage',
  'colour',
  'vrm',
  'JointApplicant',
  'IsOptedEmail',
  'IsOptedSms',
  'IsOptedPhone',
  'IsOptedPost',
  'IsOptedThirdParty',
  'IsOptedThirdPartyEmail',
  'IsOptedThirdPartySms',
  'IsOptedThirdPartyPhone',
  'forecourt',
])

/** The fields of the `forecourt` extension object (decision 1503) a section below reads. */
const KNOWN_EXTENSIONS = new Set([
  'version',
  'hasDeposit',
  'depositType',
  'ownOtherProperties',
  'breathingSpace',
  'fairProcessingNoticeAcknowledged',
  'jointLivesAtApplicantAddress',
  'jointAddresses',
])

/**
 * An address history as rows: each address, the time there and the status there. `whose` is ''
 * for the applicant's own ('Current address') or 'their' for the joint applicant's ('Their current
 * address').
 */
function addressHistoryRows(
  list: unknown,
  whose: '' | 'their' = '',
): [string, string | string[] | undefined][] {
  const addresses = Array.isArray(list) ? list.map(record).filter((a) => a !== undefined) : []
  return addresses.flatMap((address, index): [string, string | string[] | undefined][] => {
    const name = [whose, entryName('address', index + 1).toLowerCase()].filter(Boolean).join(' ')
    return [
      [name.charAt(0).toUpperCase() + name.slice(1), payloadAddressLines(address)],
      [`Time at ${name}`, duration(address.yearsAtAddress, address.monthsAtAddress)],
      [`Residential status at ${name}`, plain(address.residentialStatus)],
    ]
  })
}

export function payloadAnswers(
  payload: Payload,
  extras: PayloadAnswerExtras = {},
): PayloadAnswerSection[] {
  const sections: PayloadAnswerSection[] = []
  const section = (title: string, rows: [string, string | string[] | undefined][]) => {
    const kept = rows
      .filter(
        (row): row is [string, string | string[]] => row[1] !== undefined && row[1].length > 0,
      )
      .map(([label, value]) => ({ label, value: Array.isArray(value) ? value : [value] }))
    if (kept.length > 0) sections.push({ title, rows: kept })
  }
  const p = payload
  const extensions = record(p.forecourt) ?? {}

  section('Loan', [
    ['Has the applicant found a vehicle?', labelOf(lookingToBuyOptions, p.lookingToBuy)],
    ['What the loan is secured on', labelOf(loanPurposeOptions, p.loanPurposeType)],
    ['Vehicle type', plain(p.vehicleType)],
    [
      'Amount to borrow',
      p.loanAmountUnknown === true
        ? `Not sure yet (sent as ${money(p.loanAmount)})`
        : money(p.loanAmount),
    ],
    ['Paying a deposit', plain(extensions.hasDeposit)],
    ['Deposit type', plain(extensions.depositType)],
    ['Cash deposit', cashDepositAsked(p, extensions) ? money(p.cashDeposit) : undefined],
    ['Loan term', typeof p.term === 'number' ? describeMonths(p.term) : plain(p.term)],
    ['Finance type', plain(p.financeType)],
    ['Joint application', plain(p.isJointApplication)],
  ])
  section('About the applicant', [
    ['Name', fullName(p)],
    ['Date of birth', date(p.dateOfBirth)],
    ['Marital status', plain(p.maritalStatus)],
    ['Driving licence', plain(p.drivingLicenceType)],
    ['Email address', plain(p.email)],
    ['Phone number', plain(p.contactNumber)],
  ])
  section('Address history', addressHistoryRows(p.addresses))
  const security = record(p.securityAddress)
  // "Is the property your current address?" Yes: the property is the current address, and neither who
  // lives there nor how long it has been owned was asked (the length sent is the time at the address).
  const securityTyped = security !== undefined && p.isSecurityCurrentAddress !== true
  section('Property', [
    ['Property value', money(p.propertyValue)],
    ['Outstanding mortgage balance', money(p.mortgageBalance)],
    ['Number of bedrooms', plain(p.propertyBedrooms)],
    ['Property type', plain(p.propertyType)],
    ['Is the property the current address?', plain(p.isSecurityCurrentAddress)],
    ['Address of the property', security ? payloadAddressLines(security) : undefined],
    ['Who lives at the property', securityTyped ? plain(security.residentialStatus) : undefined],
    [
      'How long they have owned it',
      securityTyped ? duration(security.yearsAtAddress, security.monthsAtAddress) : undefined,
    ],
    ['Owns other properties', plain(extensions.ownOtherProperties)],
  ])
  const employments = Array.isArray(p.employments)
    ? p.employments.map(record).filter((e) => e !== undefined)
    : []
  section('Employment and income', [
    ...employments.flatMap((entry, index): [string, string | undefined][] => {
      const name = entryName('employment', index + 1).toLowerCase()
      return [
        [`Employment status (${name})`, plain(entry.employmentStatus)],
        [`Occupation (${name})`, plain(entry.occupation)],
        [`Employer name (${name})`, plain(entry.employerName)],
        [`Employer town (${name})`, plain(entry.Town)],
        [`Time in ${name}`, duration(entry.yearsAtEmployer, entry.monthsAtEmployer)],
      ]
    }),
    ['Monthly income after tax', money(p.netMonthlyIncome)],
  ])
  section('Circumstances', [
    ['In a breathing space or mental health crisis moratorium', plain(extensions.breathingSpace)],
    ['Wants to discuss their financial circumstances', plain(p.discussFinancialCirumstances)],
    ['Support they need', plain(p.additionalNeedsRequirements)],
  ])
  section('Marketing choices', marketingRows(p))
  const joint = record(p.JointApplicant)
  if (joint !== undefined) {
    // Their own choices when they confirmed their part replace the ones given for them (decision 1823).
    const own = extras.jointMarketing ?? undefined
    const marketing = marketingRows(own === undefined ? joint : optInsOf(own))
    section('Joint applicant', [
      ['Name', fullName(joint)],
      ['Date of birth', date(joint.dateOfBirth)],
      ['Marital status', plain(joint.maritalStatus)],
      ['Driving licence', plain(joint.drivingLicenceType)],
      ['Email address', plain(joint.email)],
      ['Phone number', plain(joint.contactNumber)],
      // Where they live (decision 1841): the applicant's current address, or their own history.
      ["Lives at the applicant's address", plain(extensions.jointLivesAtApplicantAddress)],
      ...addressHistoryRows(extensions.jointAddresses, 'their'),
      ['Employment status', plain(joint.employmentStatus)],
      ['Occupation', plain(joint.occupation)],
      ['Employer name', plain(joint.employerName)],
      ['Employer town', plain(joint.Town)],
      ['Time in this employment', duration(joint.yearsAtEmployer, joint.monthsAtEmployer)],
      ['Monthly income after tax', money(joint.netMonthlyIncome)],
      ...marketing,
      [
        'Marketing choices given by',
        marketing.length === 0
          ? undefined
          : own === undefined
            ? 'The applicant, for them'
            : 'Themselves, when they confirmed their part',
      ],
    ])
  }
  section('Vehicle', [
    ['Stock id', plain(p.vehicleId)],
    ['Make', plain(p.make)],
    ['Model', plain(p.model)],
    ['Price', money(p.price)],
    [
      'Mileage',
      typeof p.mileage === 'number' ? `${formatNumber(p.mileage)} miles` : plain(p.mileage),
    ],
    ['Colour', plain(p.colour)],
    ['Registration', plain(p.vrm)],
  ])
  section('Consents', [
    ['Agreed to the terms and conditions', plain(p.termsAndConditionsAgreed)],
    ['Agreed to a soft search', plain(p.agreeSoftSearch)],
    ['Read how their information is used', plain(extensions.fairProcessingNoticeAcknowledged)],
  ])
  const attribution = record(p.Attribution) ?? {}
  section('Attribution', [
    ['Affiliate key', plain(p.affiliateKey)],
    ['Affiliate user id', plain(p.affiliateUserId)],
    ['Dealer number', plain(p.dealerNumber)],
    ...Object.entries(attribution).map(([field, value]): [string, string | undefined] => [
      ATTRIBUTION_LABELS[field] ?? field,
      plain(value),
    ]),
  ])
  section('Technical', [
    ['Date applied', date(p.dateApplied)],
    ['Completed', plain(p.IsCompleted)],
    ['Submitted from', plain(p.submittedBy)],
    ['Session id', plain(p.sessionId)],
    ['Browser', plain(p.userAgent)],
    ['IP address', plain(p.remoteAddress)],
    // What the server adds on receipt (the address the page reported is kept beside the one seen).
    ['Received by the server', date(p.dateReceived)],
    ['IP address the page reported', plain(p.clientRemoteAddress)],
  ])
  section('Other', [
    ...Object.entries(p)
      .filter(([field]) => !KNOWN.has(field))
      .map(([field, value]): [string, string | undefined] => [fieldWords(field), plain(value)]),
    ...Object.entries(extensions)
      .filter(([field]) => !KNOWN_EXTENSIONS.has(field))
      .map(([field, value]): [string, string | undefined] => [
        fieldWords(`forecourt.${field}`),
        plain(value),
      ]),
  ])
  return sections
}

/**
 * A field no section knows, in words with its key after it ("Loyalty code (loyaltyCode)"): a reader sees
 * what it is about, and support can still find the key.
 */
export function fieldWords(field: string): string {
  const last = field.split('.').pop() ?? field
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words === '' ? field : `${words.charAt(0).toUpperCase()}${words.slice(1)} (${field})`
}

/** "Jane Smith", or undefined when the payload has no name yet. */
export function payloadApplicantName(payload: Payload): string | undefined {
  const name = [payload.firstName, payload.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
  return name === '' ? undefined : name
}
