// A representative example, every figure computed by the domain calculator from the brand's terms
// (docs/requirements.md#brands: "computed, never typed").

import { Fragment, useId } from 'react'
import type { RepresentativeExampleTerms } from '@forecourt/domain/brands/brand'
import { formatPounds } from '@forecourt/domain/finance/money'
import { formatNumber } from '@forecourt/domain/format/en-gb'
import {
  computeRepresentativeExample,
  type RepresentativeExample as Example,
} from '@forecourt/domain/finance/representative-example'

// Without Intl: the start page would pay for its locale data (format/en-gb.ts).
const percentFormat = { maximumFractionDigits: 2 }

export function formatPercent(value: number): string {
  return `${formatNumber(value, percentFormat)}%`
}

const pounds = (value: number) => formatPounds(value, { pence: true })

function figuresOf(example: Example): [string, string][] {
  const rows: [string, string][] = [
    ['Amount of credit', formatPounds(example.amount)],
    ['Duration of the agreement', `${example.termMonths} months`],
    ['Monthly payment', pounds(example.monthlyPayment)],
    ['Annual interest rate', `${formatPercent(example.interestRate)} (${example.rateType})`],
  ]
  if (example.productFee > 0) rows.push(['Product fee', formatPounds(example.productFee)])
  if (example.lendingFee > 0) rows.push(['Lending fee', formatPounds(example.lendingFee)])
  rows.push(
    ['Total cost of credit', pounds(example.totalCostOfCredit)],
    ['Total amount payable', pounds(example.totalPayable)],
    ['Representative APR', `${formatPercent(example.apr)} APR (${example.rateType})`],
  )
  return rows
}

export function RepresentativeExample({ terms }: { terms: RepresentativeExampleTerms }) {
  const headingId = useId()
  const example = computeRepresentativeExample(terms)
  return (
    <section className="representative-example" aria-labelledby={headingId}>
      <h2 id={headingId}>Representative example</h2>
      <dl className="figures">
        {figuresOf(example).map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {example.fees > 0 && (
        <p>
          Fees are added to the loan and repaid with it; the total cost of credit includes them.
        </p>
      )}
      {/* REPOSSESSION_WARNING (messages/what-happens-next.ts) written out: importing that module would
          give the start page a chunk of its own, over its size budget. A test holds the two the same. */}
      {example.securedOnProperty && (
        <p className="warning">
          Your home may be repossessed if you do not keep up repayments on a mortgage or any other
          debt secured on it.
        </p>
      )}
    </section>
  )
}

/** The introductory modal's one-sentence example (docs/requirements.md#introductory-modal). */
export function exampleSentence(terms: RepresentativeExampleTerms): string {
  const example = computeRepresentativeExample(terms)
  return (
    `Representative example: borrow ${formatPounds(example.amount)} over ${example.termMonths} ` +
    `months at a representative APR of ${formatPercent(example.apr)} (${example.rateType}), ` +
    `${pounds(example.monthlyPayment)} a month, total cost of credit ` +
    `${pounds(example.totalCostOfCredit)}, total payable ${pounds(example.totalPayable)}.`
  )
}
