// What the applicant's own page shows (decision 2113): each lender the application went to, with its latest
// word in plain English, and each offer with the lender's own figures and expiry, side by side; and the choice
// the applicant made, if any. Offers are personal: these are the figures the lender sent for this application,
// never a representative example.

import type { Kysely } from 'kysely'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import type { LenderDecision, Tables } from '../db/tables'
import {
  decisionsForApplication,
  latestPerLender,
  type DecisionRecord,
} from '../decisions/decision-repository'

import type {
  ApplicantOffer,
  ApplicantView,
  LenderState,
} from '@forecourt/domain/contract/applicant'

// The page's answer is declared once, in the applicant contract (decision 2166).
export type {
  ApplicantChoice,
  ApplicantLender,
  ApplicantOffer,
  ApplicantView,
  LenderState,
} from '@forecourt/domain/contract/applicant'

export const STATE_WORDS: Readonly<Record<LenderState, string>> = {
  considering: 'Considering your application',
  offer: 'Has made you an offer',
  'offer-with-conditions': 'Has made you an offer, with conditions',
  'offer-expired': 'Its offer has expired',
  'needs-documents': 'Needs documents from you',
  referred: 'Is taking a closer look',
  declined: 'Cannot offer you a loan',
  withdrawn: 'Has withdrawn',
  'paid-out': 'Has paid out your loan',
}

/** 'northbridge-motor-finance' → 'Northbridge Motor Finance': a destination's id as people read it. */
export function lenderName(lenderId: string): string {
  return lenderId
    .split(/[-_.]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
}

const OFFERS: readonly LenderDecision[] = ['approved', 'approved-with-conditions']

function stateOf(record: DecisionRecord | undefined, now: Date): LenderState {
  if (record === undefined) return 'considering'
  switch (record.decision) {
    case 'approved':
    case 'approved-with-conditions': {
      const expiresAt = record.offer?.expiresAt
      if (expiresAt !== undefined && Date.parse(expiresAt) <= now.getTime()) return 'offer-expired'
      return record.decision === 'approved' ? 'offer' : 'offer-with-conditions'
    }
    case 'more-information-needed':
      return 'needs-documents'
    case 'referred':
      return 'referred'
    case 'declined':
      return 'declined'
    case 'withdrawn':
      return 'withdrawn'
    case 'paid-out':
      return 'paid-out'
  }
}

function offerOf(record: DecisionRecord | undefined): ApplicantOffer | null {
  if (record === undefined || !OFFERS.includes(record.decision) || record.offer === null)
    return null
  const offer = record.offer
  return {
    decisionId: record.id,
    amount: offer.amount,
    termMonths: offer.termMonths,
    apr: offer.apr,
    monthlyPayment: offer.monthlyPayment,
    totalPayable: offer.totalPayable ?? null,
    totalCostOfCredit: offer.totalCostOfCredit ?? null,
    expiresAt: offer.expiresAt ?? null,
  }
}

/** The page's view of one application: `lenderIds`, the lenders it went to (its deliveries). */
export async function applicantView(
  db: Kysely<Tables>,
  applicationKey: string,
  now: Date,
): Promise<ApplicantView> {
  const deliveries = await db
    .selectFrom('deliveries')
    .select('destination_id')
    .where('submission_key', '=', applicationKey)
    .orderBy('created_at')
    .execute()
  const latest = latestPerLender(await decisionsForApplication(db, applicationKey))
  const lenderIds = [
    ...new Set([
      ...deliveries.map((row) => row.destination_id),
      ...latest.map((row) => row.lenderId),
    ]),
  ]
  const choice = await db
    .selectFrom('offer_choices')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  return {
    reference: applicationReference(applicationKey),
    lenders: lenderIds.map((lenderId) => {
      const record = latest.find((row) => row.lenderId === lenderId)
      const state = stateOf(record, now)
      return {
        lenderId,
        lenderName: lenderName(lenderId),
        state,
        stateText: STATE_WORDS[state],
        message: record?.message ?? null,
        offer: offerOf(record),
      }
    }),
    choice:
      choice === undefined
        ? null
        : {
            kind: choice.kind,
            lenderId: choice.lender_id,
            lenderName: choice.lender_id === null ? null : lenderName(choice.lender_id),
            chosenAt: choice.chosen_at,
          },
  }
}
