import { Timeline } from '#components/timeline/Timeline'
import { formatDateTime } from '#lib/format-time'
import { formatCommission, formatPercent, formatPounds } from '#lib/money'
import type { LenderDecision } from '#lib/types'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

/** What happened to the application, newest first, with who and when. */
export function TimelinePart() {
  const { detail } = useApplication()
  return (
    <>
      <PartTitle title="Application timeline" />
      <h2>Timeline</h2>
      {detail.timeline.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <Timeline
          items={detail.timeline.map((entry, i) => ({
            key: `${entry.at}-${i}`,
            title: entry.text,
            by: entry.by,
            at: entry.at,
            description: entry.decision ? <DecisionFacts decision={entry.decision} /> : undefined,
          }))}
        />
      )}
    </>
  )
}

/** A lender's decision: its reference, when it decided, its note and the offer (staff only). */
export function DecisionFacts({ decision }: { decision: LenderDecision }) {
  const { offer } = decision
  return (
    <ul className="facts">
      <li>
        Lender’s reference <code>{decision.lenderReference}</code>, decided{' '}
        <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt)}</time>
      </li>
      {offer ? (
        <li>
          Offer: {formatPounds(offer.amount)} over {offer.termMonths} months at{' '}
          {formatPercent(offer.apr)} APR, {formatPounds(offer.monthlyPayment)} a month. Commission
          to the broker: {formatCommission(offer.commission)}.
        </li>
      ) : null}
      {decision.message ? <li>Lender’s note: {decision.message}</li> : null}
    </ul>
  )
}
