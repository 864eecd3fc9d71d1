// Money and rates as the back office shows them: pounds with pence, percentages as given.

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

export function formatPounds(value: number): string {
  return POUNDS.format(value)
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: 4 })}%`
}

/** A commission as the lender or the operator gave it: an amount in pounds or a percentage. */
export function formatCommission(commission: { kind: 'amount' | 'percentage'; value: number }) {
  return commission.kind === 'amount'
    ? formatPounds(commission.value)
    : `${formatPercent(commission.value)} of the amount borrowed`
}
