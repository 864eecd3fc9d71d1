// The broker's pipeline (decision 2115): every submitted application of the operator's brands in the stage it
// has reached, from what is already recorded (the lenders' latest words, the applicant's choice on their own
// page, the broker's status), how long it has been there, and the caseworker's follow-up with its day.
// Counts and references only: a case is opened in the application's own page.

import type { Kysely } from 'kysely'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { decryptJson, encryptJson, type DataKeyring } from '../crypto/field-encryption'
import type { BrokerStatus, LenderDecision, Tables } from '../db/tables'
import { londonDay } from '../funnel/funnel-events'

export const PIPELINE_STAGES = [
  'new',
  'with-lenders',
  'offers-in',
  'offer-chosen',
  'documents',
  'signed',
  'paid-out',
  'not-taken-up',
  'declined-by-all',
] as const
export type PipelineStage = (typeof PIPELINE_STAGES)[number]

export const STAGE_LABELS: Readonly<Record<PipelineStage, string>> = {
  new: 'New',
  'with-lenders': 'With lenders',
  'offers-in': 'Offers in',
  'offer-chosen': 'Offer chosen',
  documents: 'Documents',
  signed: 'Signed',
  'paid-out': 'Paid out',
  'not-taken-up': 'Not taken up',
  'declined-by-all': 'Declined by all',
}

export interface CaseFacts {
  brokerStatus: BrokerStatus
  /** Each lender's latest current decision, and the lenders the application went to. */
  latest: ReadonlyArray<{ decision: LenderDecision; offerOpen: boolean }>
  lenders: number
  chosenOffer: boolean
}

/** The stage a case has reached: the furthest thing recorded about it. */
export function stageOf(facts: CaseFacts): PipelineStage {
  const words = facts.latest.map((each) => each.decision)
  if (facts.brokerStatus === 'paid_out' || words.includes('paid-out')) return 'paid-out'
  if (facts.brokerStatus === 'closed' || facts.brokerStatus === 'withdrawn') return 'not-taken-up'
  if (facts.brokerStatus === 'signed') return 'signed'
  if (facts.chosenOffer) return 'offer-chosen'
  if (
    facts.lenders > 0 &&
    words.length >= facts.lenders &&
    words.every((word) => word === 'declined')
  ) {
    return 'declined-by-all'
  }
  if (words.includes('more-information-needed')) return 'documents'
  if (facts.latest.some((each) => each.offerOpen)) return 'offers-in'
  if (facts.lenders > 0 || words.length > 0) return 'with-lenders'
  return 'new'
}

export interface FollowUp {
  dueOn: string
  note: string
  overdue: boolean
  dueToday: boolean
}

export interface PipelineCase {
  applicationKey: string
  reference: string
  brand: string
  stage: PipelineStage
  /** When the case's latest recorded step happened (ISO 8601). */
  since: string
  /** Whole days since then. */
  ageDays: number
  followUp: FollowUp | null
}

export interface Pipeline {
  stages: Array<{ id: PipelineStage; label: string; count: number; cases: PipelineCase[] }>
  dueToday: number
  overdue: number
}

const DAY_MS = 24 * 60 * 60 * 1000
const followUpAad = (key: string) => `forecourt/follow-up/${key}`

export function sealFollowUpNote(
  key: string,
  note: string,
  dataKeys: DataKeyring | undefined,
): string {
  const current = dataKeys?.current
  if (current === undefined) return JSON.stringify({ clear: note })
  return JSON.stringify({ sealed: encryptJson(note, current, followUpAad(key)) })
}

export function openFollowUpNote(
  key: string,
  stored: string,
  dataKeys: DataKeyring | undefined,
): string {
  const parsed = JSON.parse(stored) as { clear?: string; sealed?: unknown }
  if (parsed.clear !== undefined) return parsed.clear
  if (dataKeys === undefined) return '(sealed: the data key is not configured)'
  return decryptJson(parsed.sealed, dataKeys, followUpAad(key)) as string
}

/** The pipeline of `brands` ('all': every brand) at `now`; each stage lists up to `perStage` cases, most urgent first. */
export async function pipeline(
  db: Kysely<Tables>,
  brands: readonly string[] | 'all',
  now: Date,
  dataKeys: DataKeyring | undefined,
  perStage = 50,
): Promise<Pipeline> {
  let query = db
    .selectFrom('applications')
    .leftJoin(
      'application_cases',
      'application_cases.application_key',
      'applications.application_key',
    )
    .leftJoin('offer_choices', 'offer_choices.application_key', 'applications.application_key')
    .leftJoin('follow_ups', 'follow_ups.application_key', 'applications.application_key')
    .select([
      'applications.application_key as key',
      'applications.brand as brand',
      'applications.submitted_at as submittedAt',
      'application_cases.broker_status as brokerStatus',
      'application_cases.status_changed_at as statusChangedAt',
      'offer_choices.kind as choice',
      'offer_choices.chosen_at as chosenAt',
      'follow_ups.due_on as dueOn',
      'follow_ups.note as note',
    ])
    .where('applications.status', '=', 'submitted')
  if (brands !== 'all') {
    if (brands.length === 0) return { stages: emptyStages(), dueToday: 0, overdue: 0 }
    query = query.where('applications.brand', 'in', brands)
  }
  const rows = await query.execute()
  const keys = rows.map((row) => row.key)
  const decisions =
    keys.length === 0
      ? []
      : await chunked(keys, (part) =>
          db
            .selectFrom('lender_decisions')
            .select([
              'submission_key',
              'lender_id',
              'decision',
              'decided_at',
              'received_at',
              'offer',
            ])
            .where('submission_key', 'in', part)
            .where('current', '=', 1)
            .execute(),
        )
  const deliveries =
    keys.length === 0
      ? []
      : await chunked(keys, (part) =>
          db
            .selectFrom('deliveries')
            .select(['submission_key', 'destination_id'])
            .where('submission_key', 'in', part)
            .execute(),
        )
  const today = londonDay(now)
  const cases: PipelineCase[] = rows.map((row) => {
    const mine = decisions.filter((each) => each.submission_key === row.key)
    const latestByLender = new Map<string, (typeof mine)[number]>()
    for (const each of mine) {
      const seen = latestByLender.get(each.lender_id)
      if (seen === undefined || each.decided_at >= seen.decided_at)
        latestByLender.set(each.lender_id, each)
    }
    const latest = [...latestByLender.values()].map((each) => {
      const offer = each.offer === null ? null : (JSON.parse(each.offer) as { expiresAt?: string })
      const approved = each.decision === 'approved' || each.decision === 'approved-with-conditions'
      const open =
        approved && (offer?.expiresAt === undefined || Date.parse(offer.expiresAt) > now.getTime())
      return { decision: each.decision, offerOpen: open, receivedAt: each.received_at }
    })
    const lenders = new Set(
      deliveries
        .filter((each) => each.submission_key === row.key)
        .map((each) => each.destination_id),
    ).size
    const stage = stageOf({
      brokerStatus: row.brokerStatus ?? 'new',
      latest,
      lenders,
      chosenOffer: row.choice === 'offer',
    })
    const moments = [
      row.submittedAt,
      row.statusChangedAt,
      row.chosenAt,
      ...latest.map((each) => each.receivedAt),
    ]
      .filter((moment): moment is string => typeof moment === 'string')
      .sort()
    const since = moments[moments.length - 1] ?? now.toISOString()
    return {
      applicationKey: row.key,
      reference: applicationReference(row.key),
      brand: row.brand,
      stage,
      since,
      ageDays: Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS)),
      followUp:
        row.dueOn === null || row.dueOn === undefined || row.note === null || row.note === undefined
          ? null
          : {
              dueOn: row.dueOn,
              note: openFollowUpNote(row.key, row.note, dataKeys),
              overdue: row.dueOn < today,
              dueToday: row.dueOn === today,
            },
    }
  })
  const urgency = (each: PipelineCase) =>
    each.followUp?.overdue ? 0 : each.followUp?.dueToday ? 1 : 2
  return {
    stages: PIPELINE_STAGES.map((id) => {
      const inStage = cases
        .filter((each) => each.stage === id)
        .sort((a, b) => urgency(a) - urgency(b) || a.since.localeCompare(b.since))
      return {
        id,
        label: STAGE_LABELS[id],
        count: inStage.length,
        cases: inStage.slice(0, perStage),
      }
    }),
    dueToday: cases.filter((each) => each.followUp?.dueToday).length,
    overdue: cases.filter((each) => each.followUp?.overdue).length,
  }
}

function emptyStages(): Pipeline['stages'] {
  return PIPELINE_STAGES.map((id) => ({ id, label: STAGE_LABELS[id], count: 0, cases: [] }))
}

/** Runs a query over the keys in parts, so a long list never exceeds a database's parameter limit. */
async function chunked<T>(
  keys: readonly string[],
  run: (part: string[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = []
  for (let start = 0; start < keys.length; start += 500)
    out.push(...(await run(keys.slice(start, start + 500))))
  return out
}
