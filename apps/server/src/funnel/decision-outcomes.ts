// An application's first offer and its payout, counted for the funnel's conversion (decision 2112) under the
// day, brand and source it was submitted with: the same cohort as its 'submitted' count, so the rates compare
// like with like. Only the first approval (of any lender) counts as the application's offer, and only the
// first payout as its payout; when two lenders' words arrive together, the one stored first (by time, then
// id) is the one counted, whichever request looks.

import type { Kysely } from 'kysely'
import type { LenderDecision, Tables } from '../db/tables'
import type { FunnelCounters } from './funnel-counters'
import { outcomeKey } from './funnel-events'
import type { FunnelVocabulary } from './vocabulary'

const OFFERS: readonly LenderDecision[] = ['approved', 'approved-with-conditions']

export interface DecidedApplication {
  submissionKey: string
  brand: string
  /** ISO 8601, as stored. */
  submittedAt: string | null
  /** The payload's Attribution (opened): evsrc, evcmp … */
  attribution: unknown
}

export async function countDecisionOutcome(
  deps: { db: Kysely<Tables>; counters: FunnelCounters; vocabulary: FunnelVocabulary },
  application: DecidedApplication,
  decision: { id: string; decision: LenderDecision },
): Promise<void> {
  const kind = OFFERS.includes(decision.decision)
    ? 'offer'
    : decision.decision === 'paid-out'
      ? 'paid-out'
      : undefined
  if (kind === undefined || application.submittedAt === null) return
  const first = await deps.db
    .selectFrom('lender_decisions')
    .select('id')
    .where('submission_key', '=', application.submissionKey)
    .where('decision', 'in', kind === 'offer' ? OFFERS : ['paid-out'])
    .orderBy('received_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (first?.id !== decision.id) return
  await deps.counters.add(
    outcomeKey(
      kind,
      { ...application, submittedAt: new Date(application.submittedAt) },
      deps.vocabulary,
    ),
  )
}
