import { expect, test } from 'vitest'
import { offerFigures, statedAprOf } from './offer'

test("the specification's representative example: £7,500 over 48 months at 18.4% APR is £216.45 a month", () => {
  expect(offerFigures(7500, 48, 18.4)).toEqual({
    amount: 7500,
    termMonths: 48,
    apr: 18.4,
    monthlyPayment: 216.45,
    totalPayable: 10389.6,
    totalCostOfCredit: 2889.6,
  })
})

test.each([
  // amount, months, APR, monthly, total payable: worked separately (Python's decimal arithmetic) with the
  // monthly rate (1 + APR)^(1/12) − 1, and the payment rounded half up to the penny
  [10000, 60, 9.9, 209.91, 12594.6],
  [5000, 36, 16.9, 175.09, 6303.24],
  [25000, 120, 12.9, 361.5, 43380],
])(
  '£%s over %s months at %s%% APR is £%s a month, £%s in all',
  (amount, months, apr, monthly, total) => {
    const figures = offerFigures(amount, months, apr)
    expect(figures.monthlyPayment).toBe(monthly)
    expect(figures.totalPayable).toBe(total)
    expect(figures.totalCostOfCredit).toBe(Math.round((total - amount) * 100) / 100)
  },
)

test('the rounded payments give back the stated APR to one decimal place, across the bands', () => {
  for (const amount of [1000, 2500, 7500, 12345, 40000, 150000]) {
    for (const months of [12, 24, 36, 48, 60, 120, 300]) {
      for (const apr of [2.9, 4.9, 8.9, 12.9, 18.4, 24.9, 29.9]) {
        const figures = offerFigures(amount, months, apr)
        expect(statedAprOf(figures), `${amount} ${months} ${apr}`).toBe(apr)
        expect(figures.totalPayable).toBe(Math.round(figures.monthlyPayment * months * 100) / 100)
      }
    }
  }
})

test('refuses figures no lender could offer', () => {
  expect(() => offerFigures(0, 48, 10)).toThrow(RangeError)
  expect(() => offerFigures(5000, 0, 10)).toThrow(RangeError)
  expect(() => offerFigures(5000, 12.5, 10)).toThrow(RangeError)
  expect(() => offerFigures(5000, 12, -1)).toThrow(RangeError)
  // Interest-free credit is not a product of these lenders: its pennies would not add up to the amount.
  expect(() => offerFigures(5000, 12, 0)).toThrow(RangeError)
})
