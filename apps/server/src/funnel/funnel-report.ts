// The funnel page's figures, from the counters alone (decision 2112): the journey's steps in order with the
// people who saw each and answered it, the drop-off between; the five questions whose validation errors most
// often meet the people who see them (per 100 viewers); conversion from starting to submitting, to an offer
// and to a payout; and the same conversion by source.

import { sql, type Kysely } from 'kysely'
import { stepList } from '@forecourt/domain/journey/step-list'
import { messageText, type MessageKey } from '@forecourt/domain/messages/messages'
import type { Tables } from '../db/tables'
import { NO_STEP } from './funnel-events'

export interface FunnelFilter {
  /** London days, YYYY-MM-DD, both included. */
  from: string
  to: string
  /** The brands to add up ('all' for an operator of every brand). */
  brands: readonly string[] | 'all'
  source?: string
  campaign?: string
}

export interface FunnelStepRow {
  step: string
  title: string
  viewed: number
  completed: number
  /** Of those who saw the step, how many did not answer it. */
  dropOff: number
  errors: number
}

export interface FunnelErrorRow {
  step: string
  title: string
  messageKey: string
  message: string
  count: number
  /** Errors per 100 people who saw the step, one decimal place. */
  per100Viewers: number
}

export interface Conversion {
  started: number
  submitted: number
  offers: number
  paidOut: number
}

export interface FunnelReport {
  steps: FunnelStepRow[]
  topErrors: FunnelErrorRow[]
  conversion: Conversion
  bySource: Array<Conversion & { source: string }>
  /** The sources and campaigns that have counts in the period, for the filters. */
  sources: string[]
  campaigns: string[]
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10

export async function funnelReport(
  db: Kysely<Tables>,
  filter: FunnelFilter,
): Promise<FunnelReport> {
  let query = db
    .selectFrom('funnel_counters')
    .select([
      'step',
      'kind',
      'message_key',
      'source',
      'campaign',
      sql<number | string>`sum(count)`.as('total'),
    ])
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
  if (filter.brands !== 'all') {
    if (filter.brands.length === 0) return emptyReport()
    query = query.where('brand', 'in', filter.brands)
  }
  const rows = await query.groupBy(['step', 'kind', 'message_key', 'source', 'campaign']).execute()
  const sources = [...new Set(rows.map((row) => row.source))].sort()
  const campaigns = [...new Set(rows.map((row) => row.campaign))].sort()
  const chosen = rows
    .filter((row) => filter.source === undefined || row.source === filter.source)
    .filter((row) => filter.campaign === undefined || row.campaign === filter.campaign)
    .map((row) => ({ ...row, total: Number(row.total) }))

  const sum = (match: (row: (typeof chosen)[number]) => boolean) =>
    chosen.filter(match).reduce((total, row) => total + row.total, 0)

  const steps: FunnelStepRow[] = stepList.map((step) => {
    const viewed = sum((row) => row.step === step.id && row.kind === 'viewed')
    const completed = sum((row) => row.step === step.id && row.kind === 'completed')
    return {
      step: step.id,
      title: step.title,
      viewed,
      completed,
      dropOff: Math.max(0, viewed - completed),
      errors: sum((row) => row.step === step.id && row.kind === 'validation-error'),
    }
  })
  const viewersOf = new Map(steps.map((step) => [step.step, step.viewed]))
  const titleOf = new Map(steps.map((step) => [step.step, step.title]))
  const errorCounts = new Map<string, FunnelErrorRow>()
  for (const row of chosen.filter((each) => each.kind === 'validation-error')) {
    const id = `${row.step}\u0000${row.message_key}`
    const entry = errorCounts.get(id)
    if (entry !== undefined) entry.count += row.total
    else {
      errorCounts.set(id, {
        step: row.step,
        title: titleOf.get(row.step) ?? row.step,
        messageKey: row.message_key,
        message: messageText(row.message_key as MessageKey, {
          label: 'answer',
          min: '…',
          max: '…',
        }),
        count: row.total,
        per100Viewers: 0,
      })
    }
  }
  const topErrors = [...errorCounts.values()]
    .map((entry) => {
      const viewers = viewersOf.get(entry.step) ?? 0
      return {
        ...entry,
        per100Viewers: viewers > 0 ? oneDecimal((entry.count * 100) / viewers) : 0,
      }
    })
    .sort(
      (a, b) =>
        b.per100Viewers - a.per100Viewers || b.count - a.count || a.step.localeCompare(b.step),
    )
    .slice(0, 5)

  const conversionOf = (match: (row: (typeof chosen)[number]) => boolean): Conversion => ({
    started: sum((row) => match(row) && row.kind === 'started' && row.step === NO_STEP),
    submitted: sum((row) => match(row) && row.kind === 'submitted'),
    offers: sum((row) => match(row) && row.kind === 'offer'),
    paidOut: sum((row) => match(row) && row.kind === 'paid-out'),
  })
  return {
    steps,
    topErrors,
    conversion: conversionOf(() => true),
    bySource: [...new Set(chosen.map((row) => row.source))]
      .sort()
      .map((source) => ({ source, ...conversionOf((row) => row.source === source) })),
    sources,
    campaigns,
  }
}

function emptyReport(): FunnelReport {
  return {
    steps: stepList.map((step) => ({
      step: step.id,
      title: step.title,
      viewed: 0,
      completed: 0,
      dropOff: 0,
      errors: 0,
    })),
    topErrors: [],
    conversion: { started: 0, submitted: 0, offers: 0, paidOut: 0 },
    bySource: [],
    sources: [],
    campaigns: [],
  }
}

const csvCell = (value: string | number) => {
  const text = String(value)
  // A cell a spreadsheet would run as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The CSV of one of the page's tables, the same rows and figures as on the page. */
export function funnelCsv(report: FunnelReport, table: 'steps' | 'errors' | 'sources'): string {
  const lines: Array<Array<string | number>> =
    table === 'steps'
      ? [
          ['step', 'question', 'saw it', 'answered it', 'left here', 'validation errors'],
          ...report.steps.map((row) => [
            row.step,
            row.title,
            row.viewed,
            row.completed,
            row.dropOff,
            row.errors,
          ]),
        ]
      : table === 'errors'
        ? [
            ['step', 'question', 'message', 'errors', 'errors per 100 who saw it'],
            ...report.topErrors.map((row) => [
              row.step,
              row.title,
              row.message,
              row.count,
              row.per100Viewers,
            ]),
          ]
        : [
            ['source', 'started', 'submitted', 'offers', 'paid out'],
            ...report.bySource.map((row) => [
              row.source,
              row.started,
              row.submitted,
              row.offers,
              row.paidOut,
            ]),
          ]
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`
}
