// How a simulated lender decides on an application: its hard rules first (what it lends on, age, income, amount,
// loan-to-value), each with the reason a real lender gives, then a roll that stands for the credit search,
// the same for the same application and lender every time, so a demonstration or a test can be repeated.

import { createHash } from 'node:crypto'
import type { LenderDecisionBody } from '@forecourt/domain/contract/lender'
import type { LenderRules, LoanKind } from './lenders'
import { offerFigures } from './offer'

export type SimulatedDecision =
  'approved' | 'approved-with-conditions' | 'more-information-needed' | 'declined' | 'paid-out'

/** What the simulator posts: the body the contract defines for a lender's decision (decision 2173). */
export type DecisionBody = LenderDecisionBody & { decision: SimulatedDecision }

/** What the simulator reads of a delivered application (the submission payload; docs/lenders.md). */
export interface ApplicationFacts {
  submissionKey: string
  loanKind: LoanKind
  amount: number
  termMonths: number
  ages: number[]
  netMonthlyIncome: number
  propertyValue?: number
  mortgageBalance?: number
}

const DAY_MS = 24 * 60 * 60 * 1000

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/** Whole years from a payload date of birth ('1990-04-12T00:00:00.000') to `now`. */
export function ageOn(dateOfBirth: unknown, now: Date): number | undefined {
  if (typeof dateOfBirth !== 'string') return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  let age = now.getUTCFullYear() - year
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day))
    age -= 1
  return age
}

/** The facts of a delivered payload, or why it cannot be read. */
export function factsOf(payload: unknown, now: Date): ApplicationFacts | { problem: string } {
  const body = record(payload)
  if (typeof body.submissionKey !== 'string') return { problem: 'no submissionKey' }
  const joint = body.isJointApplication === true ? record(body.JointApplicant) : undefined
  const ages = [ageOn(body.dateOfBirth, now), ...(joint ? [ageOn(joint.dateOfBirth, now)] : [])]
  if (ages.some((age) => age === undefined)) return { problem: 'no readable date of birth' }
  const securedOnProperty = typeof body.propertyValue === 'number'
  return {
    submissionKey: body.submissionKey,
    loanKind: securedOnProperty ? 'property' : 'vehicle',
    amount: numberOr(body.loanAmount, 6500),
    termMonths: Math.round(numberOr(body.term, 48)),
    ages: ages as number[],
    netMonthlyIncome:
      numberOr(body.netMonthlyIncome, 0) + (joint ? numberOr(joint.netMonthlyIncome, 0) : 0),
    ...(securedOnProperty
      ? {
          propertyValue: body.propertyValue as number,
          mortgageBalance: numberOr(body.mortgageBalance, 0),
        }
      : {}),
  }
}

/** A number in [0, 1) fixed by the application and the lender: the simulated credit search's outcome. */
export function rollFor(submissionKey: string, lenderId: string, purpose = 'decision'): number {
  const digest = createHash('sha256').update(`${purpose}:${lenderId}:${submissionKey}`).digest()
  return digest.readUInt32BE(0) / 2 ** 32
}

export function lenderReferenceFor(lender: LenderRules, submissionKey: string): string {
  const prefix = lender.id
    .split('-')
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
  const digest = createHash('sha256')
    .update(`${lender.id}:${submissionKey}`)
    .digest('hex')
    .slice(0, 8)
    .toUpperCase()
  return `${prefix}-${digest}`
}

export function aprFor(lender: LenderRules, amount: number, termMonths: number): number {
  const band =
    lender.aprBands.find(
      (candidate) => amount <= candidate.maxAmount && termMonths <= candidate.maxTermMonths,
    ) ?? lender.aprBands[lender.aprBands.length - 1]
  if (band === undefined) throw new Error(`${lender.id} has no APR band`)
  return band.apr
}

/** The reason a lender's hard rules refuse the application, or undefined when they allow it. */
export function refusalOf(lender: LenderRules, facts: ApplicationFacts): string | undefined {
  if (!lender.lends.includes(facts.loanKind)) {
    return facts.loanKind === 'property'
      ? 'We do not offer loans secured on property.'
      : 'We only offer loans secured on property.'
  }
  if (facts.ages.some((age) => age < lender.minAge || age > lender.maxAge)) {
    return `Applicants must be aged ${lender.minAge} to ${lender.maxAge}.`
  }
  if (facts.netMonthlyIncome < lender.minNetMonthlyIncome) {
    return 'The income given is below our minimum for this loan.'
  }
  if (facts.amount < lender.minAmount || facts.amount > lender.maxAmount) {
    return `We lend from £${lender.minAmount.toLocaleString('en-GB')} to £${lender.maxAmount.toLocaleString('en-GB')}.`
  }
  if (facts.termMonths > lender.maxTermMonths)
    return `Our longest term is ${lender.maxTermMonths} months.`
  if (facts.loanKind === 'property' && lender.maxLoanToValue !== undefined) {
    const value = facts.propertyValue ?? 0
    const loanToValue =
      value > 0 ? ((facts.mortgageBalance ?? 0) + facts.amount) / value : Number.POSITIVE_INFINITY
    if (loanToValue > lender.maxLoanToValue) {
      return `The loan and mortgage together would be more than ${Math.round(lender.maxLoanToValue * 100)}% of the property's value.`
    }
  }
  return undefined
}

/** The lender's decision on an application, as it would post it back. */
export function decide(lender: LenderRules, facts: ApplicationFacts, now: Date): DecisionBody {
  const base = {
    submissionKey: facts.submissionKey,
    lenderReference: lenderReferenceFor(lender, facts.submissionKey),
    decidedAt: now.toISOString(),
  }
  const refusal = refusalOf(lender, facts)
  if (refusal !== undefined) return { ...base, decision: 'declined', message: refusal }
  const roll = rollFor(facts.submissionKey, lender.id)
  if (roll < lender.declineShare) {
    return {
      ...base,
      decision: 'declined',
      message: 'We cannot offer a loan after our credit search.',
    }
  }
  if (roll < lender.declineShare + lender.referralShare) {
    return { ...base, decision: 'more-information-needed', message: lender.referralMessage }
  }
  const offer = {
    ...offerFigures(facts.amount, facts.termMonths, aprFor(lender, facts.amount, facts.termMonths)),
    expiresAt: new Date(now.getTime() + lender.offerValidDays * DAY_MS).toISOString(),
    commission: lender.commission,
  }
  const withConditions =
    rollFor(facts.submissionKey, lender.id, 'conditions') < lender.conditionsShare
  return withConditions
    ? { ...base, decision: 'approved-with-conditions', offer, message: lender.conditionsMessage }
    : { ...base, decision: 'approved', offer }
}
