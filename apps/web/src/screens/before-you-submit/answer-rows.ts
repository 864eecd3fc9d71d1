// The rows of the check-your-answers page: which steps appear comes from the journey table
// (journeyVisits: the screens this applicant passes through, each loop entry included); this file
// only says, per step, under which applicant and section its answers go and how they read in
// plain words (docs/decisions/1301).
import type { Brand } from '@forecourt/domain/brands/brand'
import { formatPounds } from '@forecourt/domain/finance/money'
import { formatConjunction, formatLongDateUtc } from '@forecourt/domain/format/en-gb'
import { describeMonths } from '@forecourt/domain/histories/histories'
import { employerWording } from '@forecourt/domain/journey/employer-wording'
import { journeyVisits } from '@forecourt/domain/journey/navigation'
import type { StepId } from '@forecourt/domain/journey/step-list'
import {
  hasEmployer,
  loanPurposeOptions,
  lookingToBuyOptions,
  securityOccupancyOptions,
  type Option,
} from '@forecourt/domain/journey/options'
import { addressLines as envelopeLines } from '@forecourt/domain/fields/address-lines'
import type { Address, ApplicationState } from '@forecourt/domain/state/application-state'
import { changeHref, CHECK_ANSWERS_STEP } from '#journey/return-to-check'
import { ourChannels, partnerChannels, type OptInValues } from '#journey/opt-in-choices'

export interface AnswerRow {
  /** Unique on the page: it also names the row's Change link ('Change date of birth'). */
  question: string
  /** One entry per line (an address has several). */
  answer: string[]
  /** The step's route, marked to come back here after the change. */
  changeHref: string
}

export interface AnswerSection {
  title: string
  rows: AnswerRow[]
}

export interface ApplicantAnswers {
  heading: string
  sections: AnswerSection[]
}

type Person = 'main' | 'joint'

/** The sections in the order they are shown, each under one applicant. */
const SECTIONS = [
  ['loan', 'main', 'Your loan'],
  ['about', 'main', 'About you'],
  ['addresses', 'main', 'Address history'],
  ['property', 'main', 'Property'],
  ['employment', 'main', 'Employment and income'],
  ['circumstances', 'main', 'Your circumstances'],
  ['marketing', 'main', 'Marketing choices'],
  ['joint-about', 'joint', 'About them'],
  ['joint-addresses', 'joint', 'Their address'],
  ['joint-employment', 'joint', 'Employment and income'],
  ['joint-marketing', 'joint', 'Marketing choices'],
] as const satisfies readonly (readonly [string, Person, string])[]

type SectionId = (typeof SECTIONS)[number][0]

const APPLICANTS: readonly [Person, string][] = [
  ['main', 'You'],
  ['joint', 'The joint applicant'],
]

interface DescribeContext {
  state: ApplicationState
  brand: Brand
  n: number
}

type Answer = string | string[]

interface StepAnswers {
  section: SectionId
  rows: (ctx: DescribeContext) => [question: string, answer: Answer][]
}

export const NOT_ANSWERED = 'Not answered'

const text = (value: string | null | undefined): string => value?.trim() || NOT_ANSWERED
const money = (value: number | null): string =>
  value === null ? NOT_ANSWERED : formatPounds(value)
const yesNo = (value: boolean | null): string =>
  value === null ? NOT_ANSWERED : value ? 'Yes' : 'No'
const labelOf = (options: readonly Option[], value: string): string =>
  options.find((option) => option.value === value)?.label ?? text(value)

/** '7 March 1990' from the stored ISO date (midnight UTC). */
export function formatDate(iso: string | null): string {
  if (!iso) return NOT_ANSWERED
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? NOT_ANSWERED : formatLongDateUtc(date)
}

function duration(years: number | null, months: number | null): string {
  if (years === null && months === null) return NOT_ANSWERED
  return describeMonths((years ?? 0) * 12 + (months ?? 0))
}

/**
 * An address on lines, as it would be written on an envelope ('Flat 1, 10 Acacia Avenue'), as
 * typed or found, trimmed, the postcode as it is sent (docs/decisions/1540).
 */
export function addressLines(address: Address | undefined): string[] {
  const lines = address ? envelopeLines(address) : []
  return lines.length > 0 ? lines : [NOT_ANSWERED]
}

function fullName(title: string, firstName: string, lastName: string): string {
  return (
    [title, firstName, lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || NOT_ANSWERED
  )
}

/** 'Email, text message and post', or 'None'. */
function channels(values: OptInValues, list: typeof ourChannels): string {
  const chosen = list.filter(({ key }) => values[key]).map(({ label }) => label.toLowerCase())
  if (chosen.length === 0) return 'None'
  const sentence = formatConjunction(chosen)
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** Entry n of a history: 'current address', 'previous address 1', … */
function entryName(kind: string, n: number): string {
  return n === 1 ? `current ${kind}` : `previous ${kind} ${n - 1}`
}

const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

const address = ({ state, n }: DescribeContext) => state.form.addresses[n - 1]
const employment = ({ state, n }: DescribeContext) => state.form.employments[n - 1]
const jointAddress = ({ state, n }: DescribeContext) => state.form.joint.addresses[n - 1]

const WITHOUT_ANSWERS = [CHECK_ANSWERS_STEP, 'submit'] as const satisfies readonly StepId[]
type StepWithoutAnswers = (typeof WITHOUT_ANSWERS)[number]

/** Steps that hold no answer of their own: the check page itself and the sending. */
export const STEPS_WITHOUT_ANSWERS: readonly StepId[] = WITHOUT_ANSWERS

/** Every step of the journey table that holds answers, by step id: one missing is a type error. */
export const STEP_ANSWERS: Readonly<Record<Exclude<StepId, StepWithoutAnswers>, StepAnswers>> = {
  'looking-to-buy': {
    section: 'loan',
    rows: ({ state }) => [
      ['Have you found a vehicle?', labelOf(lookingToBuyOptions, state.form.lookingToBuy)],
    ],
  },
  'loan-type': {
    section: 'loan',
    rows: ({ state }) => [
      ['What the loan is secured on', labelOf(loanPurposeOptions, state.form.loanPurposeType)],
    ],
  },
  'amount-to-finance': {
    section: 'loan',
    rows: ({ state }) => [['Amount to finance', money(state.form.loanAmount)]],
  },
  'looking-to-borrow': {
    section: 'loan',
    rows: ({ state }) => [
      [
        'Amount to borrow',
        state.form.loanAmountUnknown ? 'I’m not sure yet' : money(state.form.loanAmount),
      ],
    ],
  },
  deposit: {
    section: 'loan',
    rows: ({ state }) => {
      const rows: [string, Answer][] = [['Deposit', yesNo(state.hasDeposit)]]
      if (state.hasDeposit !== true) return rows
      rows.push(['Deposit type', text(state.form.depositType)])
      if (state.form.depositType.includes('Cash')) {
        rows.push([
          'Cash deposit',
          money(state.form.cashDeposit > 0 ? state.form.cashDeposit : null),
        ])
      }
      return rows
    },
  },
  'term-to-borrow': {
    section: 'loan',
    rows: ({ state }) => [
      ['Loan term', state.form.term === null ? NOT_ANSWERED : describeMonths(state.form.term)],
    ],
  },
  joint: {
    section: 'loan',
    rows: ({ state }) => [['Joint application', yesNo(state.form.isJointApplication)]],
  },
  'driving-licence': {
    section: 'about',
    rows: ({ state }) => [['Driving licence', text(state.form.drivingLicenceType)]],
  },
  'marital-status': {
    section: 'about',
    rows: ({ state }) => [['Marital status', text(state.form.maritalStatus)]],
  },
  'date-of-birth': {
    section: 'about',
    rows: ({ state }) => [['Date of birth', formatDate(state.form.dateOfBirth)]],
  },
  personal: {
    section: 'about',
    rows: ({ state }) => [
      ['Name', fullName(state.form.title, state.form.firstName, state.form.lastName)],
    ],
  },
  contact: {
    section: 'about',
    rows: ({ state }) => [
      ['Email address', text(state.form.email)],
      ['Phone number', text(state.form.contactNumber)],
    ],
  },
  address: {
    section: 'addresses',
    rows: (ctx) => [[capitalise(entryName('address', ctx.n)), addressLines(address(ctx))]],
  },
  'address-length': {
    section: 'addresses',
    rows: (ctx) => [
      [
        `Time at ${entryName('address', ctx.n)}`,
        duration(address(ctx)?.yearsAtAddress ?? null, address(ctx)?.monthsAtAddress ?? null),
      ],
    ],
  },
  'residential-status': {
    section: 'addresses',
    rows: (ctx) => [
      [
        `Residential status at ${entryName('address', ctx.n)}`,
        text(address(ctx)?.residentialStatus),
      ],
    ],
  },
  'property-details': {
    section: 'property',
    rows: ({ state }) => [
      ['Property value', money(state.form.propertyValue)],
      ['Outstanding mortgage balance', money(state.form.mortgageBalance)],
      ['Number of bedrooms', text(state.form.propertyBedrooms)],
      ['Property type', text(state.form.propertyType)],
    ],
  },
  'security-address-confirm': {
    section: 'property',
    rows: ({ state }) => [
      ['Is the property your current address?', yesNo(state.form.isSecurityCurrentAddress)],
    ],
  },
  'security-address-add': {
    section: 'property',
    rows: ({ state }) => {
      const security = state.form.securityAddress
      return [
        ['Address of the property', addressLines(security)],
        [
          'Who lives at the property',
          labelOf(securityOccupancyOptions, security.residentialStatus),
        ],
        ['How long you have owned it', duration(security.yearsAtAddress, security.monthsAtAddress)],
      ]
    },
  },
  'own-other-properties': {
    section: 'property',
    rows: ({ state }) => [['Do you own other properties?', yesNo(state.form.ownOtherProperties)]],
  },
  employment: {
    section: 'employment',
    rows: (ctx) => [
      [
        `Employment status (${entryName('employment', ctx.n)})`,
        text(employment(ctx)?.employmentStatus),
      ],
    ],
  },
  'employment-add': {
    section: 'employment',
    rows: (ctx) => {
      const entry = employment(ctx)
      const name = entryName('employment', ctx.n)
      // The questions as the screen asked them: 'Business name' for the self-employed (1541).
      const words = employerWording(entry?.employmentStatus ?? '', ctx.n)
      return [
        [`${words.occupation.label} (${name})`, text(entry?.occupation)],
        [`${words.employerName.label} (${name})`, text(entry?.employerName)],
        [`${words.employerTown.label} (${name})`, text(entry?.employerTown)],
      ]
    },
  },
  'employment-length': {
    section: 'employment',
    rows: (ctx) => [
      [
        `Time in ${entryName('employment', ctx.n)}`,
        duration(
          employment(ctx)?.yearsAtEmployer ?? null,
          employment(ctx)?.monthsAtEmployer ?? null,
        ),
      ],
    ],
  },
  'employment-income': {
    section: 'employment',
    rows: ({ state }) => [['Monthly income after tax', money(state.form.netMonthlyIncome)]],
  },
  'breathing-space': {
    section: 'circumstances',
    rows: ({ state }) => [
      ['In a breathing space or mental health crisis moratorium', yesNo(state.form.breathingSpace)],
      ['Discuss your financial circumstances with us', yesNo(state.discussFinancialCirumstances)],
      ['Support you need', state.additionalNeedsRequirementsStatement.trim() || 'None'],
    ],
  },
  'soft-search': {
    section: 'circumstances',
    rows: ({ state }) => [['Soft search', state.form.agreeSoftSearch ? 'You agree' : NOT_ANSWERED]],
  },
  'fair-processing-notice': {
    section: 'circumstances',
    rows: ({ state }) => [
      [
        'How we use your information',
        state.form.fairProcessingAcknowledged ? 'You have read it' : NOT_ANSWERED,
      ],
    ],
  },
  optins: {
    section: 'marketing',
    rows: ({ state, brand }) => [
      [`How you hear from ${brand.tradingName}`, channels(state.form, ourChannels)],
      ['How you hear from our partners', channels(state.form, partnerChannels)],
    ],
  },
  'joint-customer-details': {
    section: 'joint-about',
    rows: ({ state }) => {
      const joint = state.form.joint
      return [
        ['Their name', fullName(joint.title, joint.firstName, joint.lastName)],
        ['Their marital status', text(joint.maritalStatus)],
        ['Their driving licence', text(joint.drivingLicenceType)],
      ]
    },
  },
  'joint-date-of-birth': {
    section: 'joint-about',
    rows: ({ state }) => [['Their date of birth', formatDate(state.form.joint.dateOfBirth)]],
  },
  'joint-same-address': {
    section: 'joint-addresses',
    rows: ({ state }) => [
      ['Do they live at your address?', yesNo(state.form.joint.livesAtApplicantAddress)],
    ],
  },
  'joint-address': {
    section: 'joint-addresses',
    rows: (ctx) => [
      [capitalise(`their ${entryName('address', ctx.n)}`), addressLines(jointAddress(ctx))],
    ],
  },
  'joint-address-length': {
    section: 'joint-addresses',
    rows: (ctx) => [
      [
        `Time at their ${entryName('address', ctx.n)}`,
        duration(
          jointAddress(ctx)?.yearsAtAddress ?? null,
          jointAddress(ctx)?.monthsAtAddress ?? null,
        ),
      ],
    ],
  },
  'joint-residential-status': {
    section: 'joint-addresses',
    rows: (ctx) => [
      [
        `Residential status at their ${entryName('address', ctx.n)}`,
        text(jointAddress(ctx)?.residentialStatus),
      ],
    ],
  },
  'joint-customer-contact': {
    section: 'joint-about',
    rows: ({ state }) => [
      ['Their email address', text(state.form.joint.email)],
      ['Their phone number', text(state.form.joint.contactNumber)],
    ],
  },
  'joint-employment-add': {
    section: 'joint-employment',
    rows: ({ state }) => {
      const joint = state.form.joint
      const rows: [string, Answer][] = [['Their employment status', text(joint.employmentStatus)]]
      if (!hasEmployer(joint.employmentStatus)) return rows
      const words = employerWording(joint.employmentStatus, 1, 'joint')
      return [
        ...rows,
        [words.occupation.label, text(joint.occupation)],
        [words.employerName.label, text(joint.employerName)],
        [words.employerTown.label, text(joint.employerTown)],
      ]
    },
  },
  'joint-employment-length': {
    section: 'joint-employment',
    rows: ({ state }) => [
      [
        'Their time in this employment',
        duration(state.form.joint.yearsAtEmployer, state.form.joint.monthsAtEmployer),
      ],
    ],
  },
  'joint-employment-income': {
    section: 'joint-employment',
    rows: ({ state }) => [
      ['Their monthly income after tax', money(state.form.joint.netMonthlyIncome)],
    ],
  },
  'joint-optins': {
    section: 'joint-marketing',
    rows: ({ state, brand }) => [
      [`How they hear from ${brand.tradingName}`, channels(state.form.joint, ourChannels)],
      ['How they hear from our partners', channels(state.form.joint, partnerChannels)],
    ],
  },
}

function isWithoutAnswers(id: StepId): id is StepWithoutAnswers {
  return STEPS_WITHOUT_ANSWERS.includes(id)
}

/** The answers of every screen this applicant visited, by applicant and section, in order. */
export function checkYourAnswers(state: ApplicationState, brand: Brand): ApplicantAnswers[] {
  const rowsBySection = new Map<SectionId, AnswerRow[]>()
  for (const visit of journeyVisits({ state, brand })) {
    const { id } = visit.step
    if (isWithoutAnswers(id)) continue
    const described = STEP_ANSWERS[id]
    const rows = rowsBySection.get(described.section) ?? []
    for (const [question, answer] of described.rows({ state, brand, n: visit.n })) {
      rows.push({
        question,
        answer: Array.isArray(answer) ? answer : [answer],
        changeHref: changeHref(visit.path),
      })
    }
    rowsBySection.set(described.section, rows)
  }
  return APPLICANTS.map(([person, heading]) => ({
    heading,
    sections: SECTIONS.filter(([, owner]) => owner === person).flatMap(([id, , title]) => {
      const rows = rowsBySection.get(id)
      return rows && rows.length > 0 ? [{ title, rows }] : []
    }),
  })).filter((applicant) => applicant.sections.length > 0)
}
