// The simulated lenders' rules, read from a small JSON file (apps/lender-sim/lenders.json by default) and checked
// whole, so a mistake in the file is named at start-up rather than found in a decision.

import { readFileSync } from 'node:fs'

export type LoanKind = 'vehicle' | 'property'

export interface AprBand {
  /** The band applies to amounts up to this (pounds) … */
  maxAmount: number
  /** … and terms up to this many months. */
  maxTermMonths: number
  apr: number
}

export interface LenderRules {
  id: string
  name: string
  lends: LoanKind[]
  minAge: number
  maxAge: number
  minNetMonthlyIncome: number
  minAmount: number
  maxAmount: number
  maxTermMonths: number
  /** For loans secured on property: (mortgage balance + loan) ÷ property value may not exceed this. */
  maxLoanToValue?: number
  /** Ordered: the first band whose amount and term both cover the loan sets its APR. */
  aprBands: AprBand[]
  /** Shares of the applications that pass the rules which are declined on credit score, referred for
   * documents, or approved with conditions; the rest are approved outright. */
  declineShare: number
  referralShare: number
  conditionsShare: number
  referralMessage: string
  conditionsMessage: string
  commission: { kind: 'amount' | 'percentage'; value: number }
  offerValidDays: number
  /** Share of chosen offers that go on to be paid out. */
  payoutShare: number
}

const ID = /^[A-Za-z0-9._-]{1,64}$/
const share = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1
const positive = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

/** Every problem of one lender's rules, each named. */
export function problemsOf(lender: Record<string, unknown>, index: number): string[] {
  const at = (field: string) => `lenders[${index}].${field}`
  const problems: string[] = []
  if (typeof lender.id !== 'string' || !ID.test(lender.id))
    problems.push(`${at('id')}: letters, digits, . _ -`)
  if (typeof lender.name !== 'string' || lender.name.trim() === '')
    problems.push(`${at('name')}: required`)
  const lends = lender.lends
  if (
    !Array.isArray(lends) ||
    lends.length === 0 ||
    !lends.every((kind) => kind === 'vehicle' || kind === 'property')
  ) {
    problems.push(`${at('lends')}: a list of "vehicle" and/or "property"`)
  }
  for (const field of [
    'minAge',
    'maxAge',
    'minNetMonthlyIncome',
    'minAmount',
    'maxAmount',
    'maxTermMonths',
    'offerValidDays',
  ]) {
    if (!positive(lender[field])) problems.push(`${at(field)}: a positive number`)
  }
  if ((lender.minAge as number) > (lender.maxAge as number))
    problems.push(`${at('minAge')}: above maxAge`)
  if ((lender.minAmount as number) > (lender.maxAmount as number))
    problems.push(`${at('minAmount')}: above maxAmount`)
  if (
    lender.maxLoanToValue !== undefined &&
    !(share(lender.maxLoanToValue) && (lender.maxLoanToValue as number) > 0)
  ) {
    problems.push(`${at('maxLoanToValue')}: a share between 0 and 1`)
  }
  for (const field of ['declineShare', 'referralShare', 'conditionsShare', 'payoutShare']) {
    if (!share(lender[field])) problems.push(`${at(field)}: a share between 0 and 1`)
  }
  if ((lender.declineShare as number) + (lender.referralShare as number) > 1) {
    problems.push(`${at('declineShare')} + referralShare: more than 1`)
  }
  for (const field of ['referralMessage', 'conditionsMessage']) {
    const text = lender[field]
    if (typeof text !== 'string' || text.trim() === '' || text.length > 500)
      problems.push(`${at(field)}: 1 to 500 characters`)
  }
  const commission = lender.commission as Record<string, unknown> | undefined
  if (
    typeof commission !== 'object' ||
    commission === null ||
    (commission.kind !== 'amount' && commission.kind !== 'percentage') ||
    !(typeof commission.value === 'number' && commission.value >= 0)
  ) {
    problems.push(`${at('commission')}: { "kind": "amount" | "percentage", "value": 0 or more }`)
  }
  const bands = lender.aprBands
  if (!Array.isArray(bands) || bands.length === 0)
    problems.push(`${at('aprBands')}: at least one band`)
  else {
    bands.forEach((band: Record<string, unknown>, bandIndex) => {
      if (
        !positive(band.maxAmount) ||
        !positive(band.maxTermMonths) ||
        !positive(band.apr) ||
        (band.apr as number) > 100
      ) {
        problems.push(
          `${at(`aprBands[${bandIndex}]`)}: maxAmount, maxTermMonths and an APR above 0 and at most 100`,
        )
      }
    })
  }
  return problems
}

export function parseLenders(text: string, source: string): LenderRules[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`)
  }
  const lenders = (parsed as { lenders?: unknown }).lenders
  if (!Array.isArray(lenders) || lenders.length === 0)
    throw new Error(`${source}: needs "lenders", a non-empty list`)
  const problems = lenders.flatMap((lender, index) =>
    typeof lender === 'object' && lender !== null
      ? problemsOf(lender as Record<string, unknown>, index)
      : [`lenders[${index}]: an object`],
  )
  const ids = lenders.map((lender) => (lender as { id?: unknown }).id)
  if (new Set(ids).size !== ids.length) problems.push('lenders: each id once')
  if (problems.length > 0) throw new Error(`${source}:\n  ${problems.join('\n  ')}`)
  return lenders as LenderRules[]
}

export function readLenders(path: string): LenderRules[] {
  return parseLenders(readFileSync(path, 'utf8'), path)
}
