// The applicant's choice on their own page (decision 2113): one of the lenders' offers ("I'd like to go
// ahead"), or a call first. Recorded once per application, in one transaction with everything it causes:
// the evidence of what was shown and chosen (every lender's answer and figures, and when), the broker's alert,
// and, for an offer, a signed `application.offer-chosen` notice to every lender the application went to
// through the delivery outbox (so the others know too). Refused, changing nothing: an offer that is not one
// of this application's current offers, an offer that has expired, a second choice.

import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { activeMailConfig, type MailConfig } from '../email/mail-config'
import { brokerAlert } from '../email/enqueue'
import { enqueueEmails } from '../email/outbox'
import { newEvidenceId } from '../evidence/evidence-repository'
import { deliveryRowsFor } from '../repositories/rows'
import { applicantView, type ApplicantView } from './applicant-view'

export const OFFER_CHOSEN_KEY_PREFIX = 'offer-chosen:'
export const OFFER_CHOSEN_EVENT = 'application.offer-chosen'
/** The evidence record's disclosure id for a choice: what was shown is hashed with it. */
export const OFFER_CHOICE_DISCLOSURE = 'offer-choice'

export class ChoiceRefused extends Error {
  constructor(
    message: string,
    readonly why: 'unknown-offer' | 'expired' | 'already-chosen',
  ) {
    super(message)
  }
}

export const CHOICE_MESSAGES = {
  'unknown-offer': 'That offer is not one of the offers on this application.',
  expired: 'That offer has expired. Choose another offer, or ask us to call you.',
  'already-chosen': 'You have already made your choice. We will be in touch.',
} as const

export type Choice = { kind: 'offer'; decisionId: string } | { kind: 'call' }

export async function recordChoice(
  db: Kysely<Tables>,
  input: { applicationKey: string; brand: string; choice: Choice; now: Date },
  mail: MailConfig | undefined = activeMailConfig(),
): Promise<ApplicantView> {
  const { applicationKey, brand, choice, now } = input
  const at = now.toISOString()
  await db.transaction().execute(async (trx) => {
    const shown = await applicantView(trx, applicationKey, now)
    const lender =
      choice.kind === 'offer'
        ? shown.lenders.find((each) => each.offer?.decisionId === choice.decisionId)
        : undefined
    if (choice.kind === 'offer') {
      if (lender?.offer == null)
        throw new ChoiceRefused(CHOICE_MESSAGES['unknown-offer'], 'unknown-offer')
      if (lender.state === 'offer-expired')
        throw new ChoiceRefused(CHOICE_MESSAGES.expired, 'expired')
    }
    const shownText = JSON.stringify(shown.lenders)
    const inserted = await trx
      .insertInto('offer_choices')
      .values({
        application_key: applicationKey,
        brand,
        kind: choice.kind,
        decision_id: choice.kind === 'offer' ? choice.decisionId : null,
        lender_id: lender?.lenderId ?? null,
        figures: lender?.offer ? JSON.stringify(lender.offer) : null,
        shown: shownText,
        chosen_at: at,
      })
      .onConflict((conflict) => conflict.column('application_key').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      throw new ChoiceRefused(CHOICE_MESSAGES['already-chosen'], 'already-chosen')
    }
    await trx
      .insertInto('evidence')
      .values({
        id: newEvidenceId(now.getTime()),
        application_key: applicationKey,
        brand,
        applicant: 'main',
        kind: choice.kind === 'offer' ? 'agreed' : 'requested',
        disclosure_id: OFFER_CHOICE_DISCLOSURE,
        version: 1,
        text_hash: createHash('sha256').update(shownText, 'utf8').digest('hex'),
        channel: null,
        screen: '/application-status',
        at,
        source: 'browser',
        operator_id: null,
        detail: JSON.stringify(
          choice.kind === 'offer'
            ? { choice: 'offer', lenderId: lender?.lenderId, offer: lender?.offer }
            : { choice: 'call' },
        ),
        client_item_id: `offer-choice:${applicationKey}`,
      })
      .execute()
    const alert = brokerAlert(
      {
        event: choice.kind === 'offer' ? 'offer-chosen' : 'call-requested',
        brand,
        reference: shown.reference,
        applicationKey,
        dedupeId: applicationKey,
        now,
      },
      mail,
    )
    if (alert !== undefined) await enqueueEmails(trx, [alert])
    if (choice.kind === 'offer') {
      const notices = deliveryRowsFor(
        `${OFFER_CHOSEN_KEY_PREFIX}${applicationKey}`,
        brand,
        at,
        shown.lenders.map((each) => each.lenderId),
      )
      if (notices.length > 0) {
        await trx
          .insertInto('deliveries')
          .values(notices)
          .onConflict((conflict) =>
            conflict.columns(['submission_key', 'destination_id']).doNothing(),
          )
          .execute()
      }
    }
  })
  return applicantView(db, applicationKey, now)
}

/** The notice's body for an outbox key `offer-chosen:<key>`; undefined when no offer was chosen. */
export async function offerChosenNoticeBody(
  db: Kysely<Tables>,
  outboxKey: string,
): Promise<string | undefined> {
  const applicationKey = outboxKey.slice(OFFER_CHOSEN_KEY_PREFIX.length)
  const choice = await db
    .selectFrom('offer_choices')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (choice === undefined || choice.kind !== 'offer') return undefined
  const decision =
    choice.decision_id === null
      ? undefined
      : await db
          .selectFrom('lender_decisions')
          .select('lender_reference')
          .where('id', '=', choice.decision_id)
          .executeTakeFirst()
  return JSON.stringify({
    type: OFFER_CHOSEN_EVENT,
    timestamp: choice.chosen_at,
    data: {
      submissionKey: applicationKey,
      lenderId: choice.lender_id,
      lenderReference: decision?.lender_reference ?? null,
      chosenAt: choice.chosen_at,
    },
  })
}
