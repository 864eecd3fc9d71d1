// The figures of a personal offer, from the amount, the term and the APR: a level monthly payment that repays
// the amount at the APR's monthly rate ((1 + APR)^(1/12) − 1, the annual effective rate of the Consumer Credit
// (Total Charge for Credit) rules), rounded to the penny, then what the applicant repays over the term and what
// the credit costs. The same arithmetic as the brands' representative examples (domain/finance).

import {
  aprForLevelPayments,
  levelMonthlyPayment,
  monthlyRateFromApr,
  roundPennies,
} from '@forecourt/domain/finance/representative-example'

export interface OfferFigures {
  amount: number
  termMonths: number
  /** Annual percentage rate, as stated (one decimal place). */
  apr: number
  monthlyPayment: number
  totalPayable: number
  totalCostOfCredit: number
}

export function offerFigures(amount: number, termMonths: number, apr: number): OfferFigures {
  if (!(amount > 0) || !Number.isInteger(termMonths) || termMonths <= 0 || !(apr > 0)) {
    throw new RangeError(`no offer for ${amount} over ${termMonths} months at ${apr}%`)
  }
  const monthlyPayment = roundPennies(
    levelMonthlyPayment(amount, monthlyRateFromApr(apr), termMonths),
  )
  const totalPayable = roundPennies(monthlyPayment * termMonths)
  return {
    amount,
    termMonths,
    apr,
    monthlyPayment,
    totalPayable,
    totalCostOfCredit: roundPennies(totalPayable - amount),
  }
}

/** The APR the rounded payments really give, to one decimal place: it must be the APR the offer states. */
export function statedAprOf(figures: OfferFigures): number {
  return (
    Math.round(
      aprForLevelPayments(figures.amount, figures.monthlyPayment, figures.termMonths) * 10,
    ) / 10
  )
}
