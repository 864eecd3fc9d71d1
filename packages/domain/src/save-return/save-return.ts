// Save and come back later (docs/requirements.md#save-and-come-back-later) and the joint applicant's own
// confirmation: the small rules the browser and the server both apply (which screen a link may return to,
// how an address is shown, how long a link lives); the texts are in messages.ts.

import { formatPounds } from '../finance/money'
import { formatLongDateUtc, MONTH_NAMES } from '../format/en-gb'
import { londonClock } from '../format/london-time'
import { describeMonths } from '../histories/histories'
import { HOMEOWNER_LOAN_WARNING } from '../journey/options'
import { stepList } from '../journey/step-list'
import { payloadAddressLines } from '../payload/payload-answers'

/** A link works for 7 days from the moment it is sent. */
export const LINK_LIFETIME_DAYS = 7
/** The fifth wrong date of birth (or code) voids the link. */
export const MAX_FAILED_CHECKS = 5
/** Links asked for in an hour, per address and per client, before the request is refused. */
export const LINK_REQUESTS_PER_HOUR = { perAddress: 5, perClient: 20 } as const
/** The code sent instead of a date of birth when none was given yet. */
export const CODE_LENGTH = 6

/** The journey's question screens a link may return to: '/contact', '/address/2', … */
const SCREEN_PATTERNS = stepList
  .filter((step) => step.id !== 'submit')
  .map((step) => new RegExp(`^${step.path.replace('{n}', '[1-9][0-9]?')}$`))

export function isReturnScreen(path: string): boolean {
  return SCREEN_PATTERNS.some((pattern) => pattern.test(path))
}

/** 'jo.bloggs@example.com' → 'j…@example.com': enough to recognise, not enough to learn. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '…'
  return `${email.slice(0, 1)}…${email.slice(at)}`
}

/** '3 December 2026 at 2:05pm' (UK time). */
export function formatExpiry(iso: string): string {
  const { year, month, day, hour, minute } = londonClock(new Date(iso))
  const clockHour = hour % 12 === 0 ? 12 : hour % 12
  const period = hour < 12 ? 'am' : 'pm'
  return `${day} ${MONTH_NAMES[month - 1]} ${year} at ${clockHour}:${String(minute).padStart(2, '0')}${period}`
}

/** Day, month and year as typed → 'YYYY-MM-DD', or undefined when they are not a plausible date. */
export function datePartsToKey(parts: {
  day: string
  month: string
  year: string
}): string | undefined {
  const day = parts.day.trim()
  const month = parts.month.trim()
  const year = parts.year.trim()
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return undefined
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

export interface DetailRow {
  label: string
  value: string
}

/**
 * What the application says about the joint applicant, in the order they are asked for, for the joint
 * applicant to check: name, date of birth, contact, employment and income. Missing answers are left out.
 */
export function jointApplicantDetails(joint: Readonly<Record<string, unknown>>): DetailRow[] {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : undefined
  const rows: (DetailRow | undefined)[] = []
  const add = (label: string, value: string | undefined) =>
    rows.push(value === undefined ? undefined : { label, value })
  add(
    'Name',
    [text(joint.title), text(joint.firstName), text(joint.lastName)].filter(Boolean).join(' ') ||
      undefined,
  )
  const dob = text(joint.dateOfBirth)
  add(
    'Date of birth',
    dob && /^\d{4}-\d{2}-\d{2}/.test(dob)
      ? formatLongDateUtc(new Date(`${dob.slice(0, 10)}T00:00:00Z`))
      : undefined,
  )
  add('Email address', text(joint.email))
  add('Phone number', text(joint.contactNumber))
  add('Employment status', text(joint.employmentStatus))
  add('Occupation', text(joint.occupation))
  add(
    'Employer',
    [text(joint.employerName), text(joint.Town)].filter(Boolean).join(', ') || undefined,
  )
  const years = typeof joint.yearsAtEmployer === 'number' ? joint.yearsAtEmployer : undefined
  const months = typeof joint.monthsAtEmployer === 'number' ? joint.monthsAtEmployer : undefined
  if (years !== undefined || months !== undefined) {
    const parts = [
      years ? `${years} ${years === 1 ? 'year' : 'years'}` : '',
      months ? `${months} ${months === 1 ? 'month' : 'months'}` : '',
    ].filter(Boolean)
    add('Time with this employer', parts.length > 0 ? parts.join(' and ') : 'Less than a month')
  }
  add(
    'Monthly income after tax',
    typeof joint.netMonthlyIncome === 'number' ? formatPounds(joint.netMonthlyIncome) : undefined,
  )
  return rows.filter((row): row is DetailRow => row !== undefined)
}

/** The joint applicant's corrections: free text, at most this long. */
export const MAX_CORRECTIONS_LENGTH = 1000

/** What the joint applicant says is not right, when they do not confirm: at most this long. */
export const MAX_DISPUTE_LENGTH = 1000

export interface JointLoanSummary {
  /** Amount, term, type of loan and what it is secured on; missing answers are left out. */
  rows: DetailRow[]
  /** The warning the applicant read where they chose a homeowner loan; null for any other loan. */
  warning: string | null
}

/**
 * What the joint applicant is applying for, from the submitted payload (decision 2127): the amount, the
 * term, the type of loan and what it is secured on (the property's address, or the vehicle), with the
 * repossession warning of a homeowner loan in the words the applicant read.
 */
export function jointLoanSummary(payload: Readonly<Record<string, unknown>>): JointLoanSummary {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  const rows: DetailRow[] = []
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined) rows.push({ label, value })
  }
  const amount = typeof payload.loanAmount === 'number' ? payload.loanAmount : undefined
  add(
    'Amount to borrow',
    amount === undefined
      ? undefined
      : payload.loanAmountUnknown === true
        ? `Not decided yet (the lenders are given ${formatPounds(amount)} as a starting figure)`
        : formatPounds(amount),
  )
  add('Loan term', typeof payload.term === 'number' ? describeMonths(payload.term) : undefined)
  const property = payload.loanPurposeType === 'property'
  const vehicle = payload.loanPurposeType === 'vehicle'
  add('Type of loan', property ? 'Homeowner loan' : vehicle ? 'Vehicle finance' : undefined)
  if (property) {
    const security = payload.securityAddress
    const lines =
      typeof security === 'object' && security !== null
        ? payloadAddressLines(security as Record<string, unknown>)
        : []
    add('Secured on', lines.length > 0 ? `The property at ${lines.join(', ')}` : 'A property')
  } else if (vehicle) {
    const name = [text(payload.make), text(payload.model)].filter(Boolean).join(' ')
    const registration = text(payload.vrm)
    add(
      'Secured on',
      name === '' && registration === undefined
        ? 'The vehicle being bought (not chosen yet)'
        : `The vehicle: ${[name, registration && `registration ${registration}`].filter(Boolean).join(', ')}`,
    )
  }
  return { rows, warning: property ? HOMEOWNER_LOAN_WARNING : null }
}
