// One calculator for every representative example (docs/requirements.md#representative-examples: all figures are computed, never
// typed). Decision record 0201 explains the conventions: the APR is annual effective, a stated
// interest rate is nominal (monthly rate × 12), and fees are added to the loan.

import type { RepresentativeExampleTerms } from '../brands/brand'

export interface RepresentativeExample {
  /** The amount of credit: what the applicant receives. */
  amount: number
  termMonths: number
  /** The stated APR, in percent. */
  apr: number
  rateType: 'fixed' | 'variable'
  /** Annual interest rate (nominal, monthly rate × 12), in percent to 2 decimal places. */
  interestRate: number
  /** The monthly interest rate as a fraction (0.0141… for 1.41…%), unrounded. */
  monthlyRate: number
  productFee: number
  lendingFee: number
  /** Fees added to the loan: productFee + lendingFee. */
  fees: number
  /** What interest is charged on: amount + fees. */
  loanBalance: number
  monthlyPayment: number
  /** Total payable − amount: interest and fees together. */
  totalCostOfCredit: number
  totalPayable: number
  /** The APR the repayments actually give, in percent, unrounded. */
  computedApr: number
  securedOnProperty: boolean
}

/** One payment between lender and applicant, `month` months after the loan is drawn. */
export interface CashFlow {
  amount: number
  month: number
}

// 15 significant digits drop binary artefacts (1.005 × 100 = 100.49999…) before rounding.
function toPence(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15))) || 0
}

/** Rounds to whole pennies: 216.4488 → 216.45, 1.005 → 1.01. */
export function roundPennies(value: number): number {
  return toPence(value) / 100
}

/** Monthly rate from an annual effective rate in percent: (1 + APR)^(1/12) − 1. */
export function monthlyRateFromApr(aprPercent: number): number {
  return Math.pow(1 + aprPercent / 100, 1 / 12) - 1
}

/** Level monthly payment that repays `principal` over `termMonths` at `monthlyRate`, unrounded. */
export function levelMonthlyPayment(
  principal: number,
  monthlyRate: number,
  termMonths: number,
): number {
  if (monthlyRate === 0) return principal / termMonths
  return (principal * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -termMonths))
}

/**
 * The APR (annual effective, in percent, unrounded) that equates what the lender advances with
 * what the applicant repays, each discounted by (1 + APR)^(months / 12): the Consumer Credit
 * (Total Charge for Credit) rules' equation, with a month as one twelfth of a year.
 */
export function aprFromCashFlows(flows: {
  advances: readonly CashFlow[]
  repayments: readonly CashFlow[]
}): number {
  const all = [
    ...flows.advances.map((flow) => ({ amount: -flow.amount, month: flow.month })),
    ...flows.repayments,
  ]
  for (const flow of all) {
    if (!Number.isFinite(flow.amount) || !Number.isFinite(flow.month) || flow.month < 0) {
      throw new RangeError('every cash flow needs a finite amount and a month of 0 or more')
    }
  }
  const advanced = flows.advances.reduce((sum, flow) => sum + flow.amount, 0)
  const repaid = flows.repayments.reduce((sum, flow) => sum + flow.amount, 0)
  if (!(advanced > 0) || !(repaid > 0)) {
    throw new RangeError('an APR needs money advanced and money repaid')
  }
  // Net present value falls as the rate rises (repayments come after the advance), so bisection
  // between a rate that is clearly too low and one that is clearly too high always converges.
  const presentValue = (rate: number) =>
    all.reduce((sum, flow) => sum + flow.amount / Math.pow(1 + rate, flow.month / 12), 0)
  let low = -0.99
  let high = 1
  while (presentValue(high) > 0 && high < 1e6) high *= 2
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const middle = (low + high) / 2
    if (presentValue(middle) > 0) low = middle
    else high = middle
  }
  const apr = ((low + high) / 2) * 100
  // Bisection leaves a residue of about 1e-11 around an exact zero; no APR is stated that finely.
  return Math.abs(apr) < 1e-8 ? 0 : apr
}

/** APR for a single advance repaid by `termMonths` equal monthly payments, the first after a month. */
export function aprForLevelPayments(
  advanced: number,
  monthlyPayment: number,
  termMonths: number,
): number {
  return aprFromCashFlows({
    advances: [{ amount: advanced, month: 0 }],
    repayments: Array.from({ length: termMonths }, (_, i) => ({
      amount: monthlyPayment,
      month: i + 1,
    })),
  })
}

function requireNumber(name: string, value: number, rule: (value: number) => boolean): void {
  if (!Number.isFinite(value) || !rule(value)) {
    throw new RangeError(`representative example: ${name} ${String(value)} is not allowed`)
  }
}

/**
 * Every figure of a representative example from the brand's terms. With an interest rate, the
 * repayments come from it and `computedApr` shows whether the stated APR is right; without one,
 * the monthly rate comes from the stated APR.
 */
export function computeRepresentativeExample(
  terms: RepresentativeExampleTerms,
): RepresentativeExample {
  const productFee = terms.productFee ?? 0
  const lendingFee = terms.lendingFee ?? 0
  requireNumber('amount', terms.amount, (v) => v > 0)
  requireNumber('termMonths', terms.termMonths, (v) => Number.isInteger(v) && v > 0)
  requireNumber('apr', terms.apr, (v) => v >= 0)
  requireNumber('productFee', productFee, (v) => v >= 0)
  requireNumber('lendingFee', lendingFee, (v) => v >= 0)
  if (terms.interestRate !== undefined) {
    requireNumber('interestRate', terms.interestRate, (v) => v >= 0)
  }

  const monthlyRate =
    terms.interestRate === undefined ? monthlyRateFromApr(terms.apr) : terms.interestRate / 1200
  const feesPence = toPence(productFee) + toPence(lendingFee)
  const amountPence = toPence(terms.amount)
  const loanBalancePence = amountPence + feesPence
  const paymentPence = Math.round(
    levelMonthlyPayment(loanBalancePence, monthlyRate, terms.termMonths),
  )
  // Totals are whole pence multiplied out, so they are exactly the rounded payment × term.
  const totalPayablePence = paymentPence * terms.termMonths

  return {
    amount: amountPence / 100,
    termMonths: terms.termMonths,
    apr: terms.apr,
    rateType: terms.rateType,
    interestRate: roundPennies(monthlyRate * 1200),
    monthlyRate,
    productFee: toPence(productFee) / 100,
    lendingFee: toPence(lendingFee) / 100,
    fees: feesPence / 100,
    loanBalance: loanBalancePence / 100,
    monthlyPayment: paymentPence / 100,
    totalCostOfCredit: (totalPayablePence - amountPence) / 100,
    totalPayable: totalPayablePence / 100,
    computedApr: aprForLevelPayments(amountPence / 100, paymentPence / 100, terms.termMonths),
    securedOnProperty: terms.securedOnProperty,
  }
}

/** Decimal places a stated figure is given to (18.4 → 1, 19.56 → 2). */
export function decimalPlaces(value: number): number {
  const text = String(value)
  const point = text.indexOf('.')
  return point === -1 || text.includes('e') ? 0 : text.length - point - 1
}

export interface AprReconciliation {
  statedApr: number
  /** The calculator's APR, rounded to the stated APR's precision (at least one decimal place). */
  computedApr: number
  reconciles: boolean
}

/**
 * Whether the stated APR is what the calculator reproduces from the terms, compared at the
 * precision the APR is stated to and never coarser than one decimal place.
 */
export function reconcileApr(terms: RepresentativeExampleTerms): AprReconciliation {
  const places = Math.max(1, decimalPlaces(terms.apr))
  const scale = 10 ** places
  const example = computeRepresentativeExample(terms)
  const computed = Math.round(example.computedApr * scale)
  return {
    statedApr: terms.apr,
    computedApr: computed / scale || 0,
    reconciles: computed === Math.round(terms.apr * scale),
  }
}
