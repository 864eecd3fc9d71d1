// Consumer Duty outcome figures (decision 1658): per brand and calendar month (London), counts only, no
// personal data: applications started, submitted, decided, approved, declined and paid out; each lender's
// approval rate; the time from submission to the first decision (median and 90th percentile); and the
// same split by the vulnerability flag. Worked out from the tables in one read each, then in memory.

import { londonClock } from '@forecourt/domain/format/london-time'
import type { Kysely } from 'kysely'
import type { LenderDecision, Tables } from '../db/tables'

export interface DecisionTimes {
  /** Decided applications the times are taken over. */
  count: number
  /** Minutes, the middle value (the mean of the two middle ones for an even count); null with none. */
  medianMinutes: number | null
  /** Minutes, nearest rank: the smallest time at or above 90 % of the times; null with none. */
  p90Minutes: number | null
}

export interface CohortFigures {
  /** Applications submitted in the month (the cohort the rest is about). */
  submitted: number
  /** …of which some lender has decided (any decision). */
  decided: number
  /** …of which a lender's current decision is an approval (with or without conditions) or a payout. */
  approved: number
  /** …of which every lender that answered has declined. */
  declined: number
  /** …of which a lender has paid out. */
  paidOut: number
  timeToFirstDecision: DecisionTimes
}

export interface MonthFigures extends CohortFigures {
  brand: string
  /** YYYY-MM, London time. */
  month: string
  /** Applications first saved in the month (partial or submitted). */
  started: number
  byVulnerability: { flagged: CohortFigures; notFlagged: CohortFigures }
}

export interface LenderFigures {
  brand: string
  month: string
  lenderId: string
  /** Cohort applications this lender has a current decision on. */
  decided: number
  approved: number
  declined: number
  /** approved / (approved + declined), to four places; null when neither. */
  approvalRate: number | null
  /** Cohort applications this lender has paid out, and the commission they earned the broker, in pounds. */
  paidOut: number
  commission: number
}

export interface OutcomeFigures {
  months: MonthFigures[]
  lenders: LenderFigures[]
}

/** The calendar month in London (YYYY-MM) of an ISO time. */
export function londonMonth(iso: string): string {
  const { year, month } = londonClock(new Date(iso))
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

const APPROVING: ReadonlySet<LenderDecision> = new Set([
  'approved',
  'approved-with-conditions',
  'paid-out',
])

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function nearestRank(values: readonly number[], percentile: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)]!
}

interface Submitted {
  key: string
  brand: string
  month: string
  submittedAt: number
  flagged: boolean
}

interface DecisionFacts {
  /** Minutes from submission to the first decision received. */
  firstMinutes: number | null
  /** Each lender's latest current decision. */
  latest: Map<string, LenderDecision>
  /** Each lender's latest offer (from an approval or the payout itself), for its commission. */
  offers: Map<
    string,
    { amount: number; commission: { kind: 'amount' | 'percentage'; value: number } }
  >
}

/** The broker's commission on an offer, in pounds: an amount as given, or a percentage of the credit. */
export function commissionOf(offer: {
  amount: number
  commission: { kind: 'amount' | 'percentage'; value: number }
}): number {
  const pounds =
    offer.commission.kind === 'amount'
      ? offer.commission.value
      : (offer.amount * offer.commission.value) / 100
  return Math.round(pounds * 100) / 100
}

function cohort(members: readonly Submitted[], facts: Map<string, DecisionFacts>): CohortFigures {
  const times: number[] = []
  let decided = 0
  let approved = 0
  let declined = 0
  let paidOut = 0
  for (const member of members) {
    const fact = facts.get(member.key)
    if (fact === undefined) continue
    decided += 1
    if (fact.firstMinutes !== null) times.push(fact.firstMinutes)
    const words = [...fact.latest.values()]
    if (words.some((word) => APPROVING.has(word))) approved += 1
    if (words.length > 0 && words.every((word) => word === 'declined')) declined += 1
    if (words.includes('paid-out')) paidOut += 1
  }
  return {
    submitted: members.length,
    decided,
    approved,
    declined,
    paidOut,
    timeToFirstDecision: {
      count: times.length,
      medianMinutes: median(times),
      p90Minutes: nearestRank(times, 90),
    },
  }
}

/**
 * The figures per brand and month, between two months inclusive (YYYY-MM, London), optionally for one
 * brand. Months without any application are left out.
 */
export async function outcomeFigures(
  db: Kysely<Tables>,
  filter: {
    from?: string
    to?: string
    brand?: string
    /** Only these brands (a back-office operator's scope). */
    brands?: readonly string[]
  } = {},
): Promise<OutcomeFigures> {
  if (filter.brands !== undefined && filter.brands.length === 0) return { months: [], lenders: [] }
  const inRange = (month: string) =>
    (filter.from === undefined || month >= filter.from) &&
    (filter.to === undefined || month <= filter.to)
  let applicationsQuery = db
    .selectFrom('applications')
    .select(['application_key', 'brand', 'status', 'created_at', 'submitted_at'])
  if (filter.brand !== undefined) {
    applicationsQuery = applicationsQuery.where('brand', '=', filter.brand)
  }
  if (filter.brands !== undefined) {
    applicationsQuery = applicationsQuery.where('brand', 'in', [...filter.brands])
  }
  const applications = await applicationsQuery.execute()
  const flagged = new Set(
    (await db.selectFrom('support_flags').select('application_key').execute()).map(
      (row) => row.application_key,
    ),
  )
  const decisions = await db
    .selectFrom('lender_decisions')
    .select([
      'submission_key',
      'lender_id',
      'decision',
      'decided_at',
      'received_at',
      'current',
      'offer',
    ])
    .orderBy('received_at')
    .execute()

  const started = new Map<string, number>()
  const submitted: Submitted[] = []
  for (const row of applications) {
    const startMonth = londonMonth(row.created_at)
    if (inRange(startMonth)) {
      const key = `${row.brand}|${startMonth}`
      started.set(key, (started.get(key) ?? 0) + 1)
    }
    if (row.status === 'submitted' && row.submitted_at !== null) {
      const month = londonMonth(row.submitted_at)
      if (inRange(month)) {
        submitted.push({
          key: row.application_key,
          brand: row.brand,
          month,
          submittedAt: Date.parse(row.submitted_at),
          flagged: flagged.has(row.application_key),
        })
      }
    }
  }

  const bySubmission = new Map(submitted.map((member) => [member.key, member]))
  const facts = new Map<string, DecisionFacts>()
  const latestAt = new Map<string, string>()
  for (const decision of decisions) {
    const member = bySubmission.get(decision.submission_key)
    if (member === undefined) continue
    let fact = facts.get(member.key)
    if (fact === undefined) {
      fact = {
        firstMinutes: (Date.parse(decision.received_at) - member.submittedAt) / 60_000,
        latest: new Map(),
        offers: new Map(),
      }
      facts.set(member.key, fact)
    }
    if (decision.current !== 1) continue
    if (decision.offer !== null) {
      const offer = JSON.parse(decision.offer) as {
        amount?: unknown
        commission?: { kind?: unknown; value?: unknown }
      }
      const kind = offer.commission?.kind
      if (
        typeof offer.amount === 'number' &&
        (kind === 'amount' || kind === 'percentage') &&
        typeof offer.commission?.value === 'number'
      ) {
        fact.offers.set(decision.lender_id, {
          amount: offer.amount,
          commission: { kind, value: offer.commission.value },
        })
      }
    }
    const lenderKey = `${member.key}|${decision.lender_id}`
    const seen = latestAt.get(lenderKey)
    if (seen === undefined || decision.decided_at >= seen) {
      latestAt.set(lenderKey, decision.decided_at)
      fact.latest.set(decision.lender_id, decision.decision)
    }
  }

  const groups = new Map<string, Submitted[]>()
  for (const key of started.keys()) groups.set(key, [])
  for (const member of submitted) {
    const key = `${member.brand}|${member.month}`
    groups.set(key, [...(groups.get(key) ?? []), member])
  }

  const months: MonthFigures[] = []
  const lenders: LenderFigures[] = []
  for (const [key, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [brand = '', month = ''] = key.split('|')
    months.push({
      brand,
      month,
      started: started.get(key) ?? 0,
      ...cohort(members, facts),
      byVulnerability: {
        flagged: cohort(
          members.filter((member) => member.flagged),
          facts,
        ),
        notFlagged: cohort(
          members.filter((member) => !member.flagged),
          facts,
        ),
      },
    })
    const perLender = new Map<
      string,
      { decided: number; approved: number; declined: number; paidOut: number; commission: number }
    >()
    for (const member of members) {
      const fact = facts.get(member.key)
      for (const [lenderId, word] of fact?.latest ?? []) {
        const counts = perLender.get(lenderId) ?? {
          decided: 0,
          approved: 0,
          declined: 0,
          paidOut: 0,
          commission: 0,
        }
        counts.decided += 1
        if (APPROVING.has(word)) counts.approved += 1
        if (word === 'declined') counts.declined += 1
        if (word === 'paid-out') {
          counts.paidOut += 1
          const offer = fact?.offers.get(lenderId)
          if (offer !== undefined) {
            counts.commission = Math.round((counts.commission + commissionOf(offer)) * 100) / 100
          }
        }
        perLender.set(lenderId, counts)
      }
    }
    for (const [lenderId, counts] of [...perLender].sort(([a], [b]) => a.localeCompare(b))) {
      const judged = counts.approved + counts.declined
      lenders.push({
        brand,
        month,
        lenderId,
        ...counts,
        approvalRate:
          judged === 0 ? null : Math.round((counts.approved / judged) * 10_000) / 10_000,
      })
    }
  }
  return { months, lenders }
}

const MONTH_COLUMNS = [
  'brand',
  'month',
  'started',
  'submitted',
  'decided',
  'approved',
  'declined',
  'paid_out',
  'first_decision_median_minutes',
  'first_decision_p90_minutes',
  'flagged_submitted',
  'flagged_decided',
  'flagged_approved',
  'flagged_declined',
  'flagged_paid_out',
  'flagged_first_decision_median_minutes',
  'flagged_first_decision_p90_minutes',
  'not_flagged_submitted',
  'not_flagged_decided',
  'not_flagged_approved',
  'not_flagged_declined',
  'not_flagged_paid_out',
  'not_flagged_first_decision_median_minutes',
  'not_flagged_first_decision_p90_minutes',
] as const

function cohortCells(figures: CohortFigures): (number | null)[] {
  return [
    figures.submitted,
    figures.decided,
    figures.approved,
    figures.declined,
    figures.paidOut,
    figures.timeToFirstDecision.medianMinutes,
    figures.timeToFirstDecision.p90Minutes,
  ]
}

function csvLine(cells: readonly (string | number | null)[]): string {
  return cells
    .map((cell) => {
      const text = cell === null ? '' : String(cell)
      return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
    })
    .join(',')
}

/** The month figures as CSV (one row per brand and month), for the back office's export. */
export function monthFiguresCsv(figures: OutcomeFigures): string {
  const lines = [csvLine(MONTH_COLUMNS)]
  for (const row of figures.months) {
    lines.push(
      csvLine([
        row.brand,
        row.month,
        row.started,
        ...cohortCells(row),
        ...cohortCells(row.byVulnerability.flagged),
        ...cohortCells(row.byVulnerability.notFlagged),
      ]),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

/** Each lender's approval rate per brand and month as CSV. */
export function lenderFiguresCsv(figures: OutcomeFigures): string {
  const lines = [
    csvLine([
      'brand',
      'month',
      'lender',
      'decided',
      'approved',
      'declined',
      'approval_rate',
      'paid_out',
      'commission_gbp',
    ]),
  ]
  for (const row of figures.lenders) {
    lines.push(
      csvLine([
        row.brand,
        row.month,
        row.lenderId,
        row.decided,
        row.approved,
        row.declined,
        row.approvalRate,
        row.paidOut,
        row.commission.toFixed(2),
      ]),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
