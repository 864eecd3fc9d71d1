// What a delivery sends: the submitted application's payload as the submission route stored it, opened
// with the data keys when it was sealed, with the evidence record beside it under `evidence` (what each
// applicant was shown and agreed to; decision 1655). Read at every attempt rather than copied into the outbox, so the
// personal data lives in one place (and goes when retention deletes the application).

import type { Kysely } from 'kysely'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import { evidenceForLender } from '../evidence/evidence-repository'
import { findApplication } from '../repositories/application-repository'
import { ERASURE_KEY_PREFIX, erasureNoticeBody } from '../back-office/erasure-notice'
import { JOINT_CONFIRMED_KEY_PREFIX, jointConfirmedBody } from '../save-return/joint-confirmation'
import { OFFER_CHOSEN_KEY_PREFIX, offerChosenNoticeBody } from '../offers/offer-choice'

/**
 * The JSON text to send for a submission; undefined when there is no submitted application under that key
 * (nothing will ever be sendable). Throws when the payload cannot be read now (a data key missing), which
 * the worker treats as a failed attempt to try again.
 */
export type PayloadLoader = (
  db: Kysely<Tables>,
  submissionKey: string,
) => Promise<string | undefined>

export function submittedPayloadLoader(dataKeys: DataKeyring | undefined): PayloadLoader {
  return async (db, submissionKey) => {
    // An erased application's notice to the lenders that were sent it (back-office/erasure.ts).
    if (submissionKey.startsWith(ERASURE_KEY_PREFIX)) return erasureNoticeBody(db, submissionKey)
    // The applicant chose an offer on their own page (offers/offer-choice.ts, decision 2113).
    if (submissionKey.startsWith(OFFER_CHOSEN_KEY_PREFIX))
      return offerChosenNoticeBody(db, submissionKey)
    // The joint applicant's own confirmation (save-return/joint-confirmation.ts, decision 1823).
    if (submissionKey.startsWith(JOINT_CONFIRMED_KEY_PREFIX)) {
      return jointConfirmedBody(db, dataKeys, submissionKey)
    }
    const application = await findApplication(db, submissionKey, dataKeys)
    if (application === undefined || application.status !== 'submitted') return undefined
    const evidence = await evidenceForLender(db, submissionKey)
    return JSON.stringify({ ...application.payload, evidence })
  }
}
