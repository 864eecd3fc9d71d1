// The joint applicant confirms their own part (decision 1823): after a joint submission they get their
// own link (the same kind as "continue your application", their own date of birth as the check); behind
// it, what was said about them, a way to correct it, the fair processing notice and their own marketing
// choices. Their confirmation is their own evidence, the lenders that were sent the application get a
// signed `application.joint-confirmed` event through the delivery outbox, and the broker an alert
// (`joint-confirmed`, or `joint-corrected` when they wrote corrections; no personal data). The back office
// shows the confirmation, what they wrote and their choices (jointConfirmationRecord).
//
// Decision 2127: the page also shows what they are applying for (amount, term, type, what it is secured
// on, the repossession warning of a homeowner loan), asks for their own soft-search agreement (required
// to confirm, recorded as their evidence), and lets them say "This is not right" instead: a dispute,
// stored sealed beside the corrections for the back office, with no event to the lenders.
// It stays whole, just over 500 lines: the link, the confirmation, the dispute and the back office's
// record of them read and write the same row and its sealed corrections.

import type { Kysely } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { isBrandId } from '@forecourt/domain/brands/brand-data'
import {
  CONSENT_CHANNELS,
  brandDisclosures,
  consentDisclosureId,
  type ConsentChannel,
  type DisclosureId,
} from '@forecourt/domain/brands/disclosures'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { openPayload, sealPayload, type DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import { brokerAlert } from '../email/enqueue'
import { activeMailConfig, type MailConfig } from '../email/mail-config'
import { enqueueEmails } from '../email/outbox'
import type { SealKey } from '../email/sealed-params'
import { enqueueDeliveries } from '../repositories/delivery-repository'
import { currentText, type CurrentText } from '../evidence/disclosure-hash'
import { appendEvidence, evidenceRow } from '../evidence/evidence-repository'
import { linkEmailRow } from './link-email'
import { emailSubject, issueLink, keyedHash } from './links'
import { stripUnsafeCharacters } from '@forecourt/domain/fields/text'

export const JOINT_CONFIRMED_KEY_PREFIX = 'joint-confirmed:'
export const JOINT_CONFIRMED_EVENT = 'application.joint-confirmed'
export const JOINT_CONFIRM_SCREEN = '/joint-confirm'

export function correctionsAad(applicationKey: string): string {
  return `forecourt/joint-corrections/${applicationKey}`
}

export function disputeAad(applicationKey: string): string {
  return `forecourt/joint-dispute/${applicationKey}`
}

/**
 * The joint applicant's own soft-search agreement (decision 2127); undefined for a brand without it,
 * whose page asks for none.
 */
export function jointSoftSearchText(brand: BrandId): CurrentText | undefined {
  return currentText(brand, 'joint-soft-search' satisfies DisclosureId)
}

/** The marketing channels the brand asks about, each with the text the joint applicant reads. */
export function jointMarketingTexts(
  brand: BrandId,
): { channel: ConsentChannel; text: CurrentText }[] {
  const ids = brandDisclosures[brand].ids
  return CONSENT_CHANNELS.flatMap((channel) => {
    // The joint applicant reads the words written for the person choosing for themselves.
    const id = consentDisclosureId(channel, 'main')
    const text = ids.includes(id) ? currentText(brand, id) : undefined
    return text === undefined ? [] : [{ channel, text }]
  })
}

export function fairProcessingText(brand: BrandId): CurrentText {
  const text = currentText(brand, 'fair-processing' satisfies DisclosureId)
  if (text === undefined) throw new TypeError(`the brand ${brand} has no fair processing notice`)
  return text
}

export interface JointSubmission {
  submissionKey: string
  brand: string
  payload: Readonly<Record<string, unknown>>
  now: Date
}

export interface JointLinkDeps {
  db: Kysely<Tables>
  sealKey: SealKey
  /** Told once the email is queued, so a sender in this process sends it at once. */
  onEmailQueued?: () => void
  /** Keys the hash of the address the link goes to, so a new link can be asked for it (decision 1921). */
  hashKey: Buffer
}

/**
 * The joint applicant's first link, after their joint submission is stored (decision 1823) or, when that
 * step never ran or failed, from the sweep (decision 1991). Only whoever stores the application's
 * `joint_confirmations` row issues it, in the same transaction: the submission's own step and the sweeps
 * of every instance may all try, and one link and one email come of it. False when another got there
 * first, or the payload has no joint applicant's email address or date of birth.
 */
export async function requestJointConfirmation(
  deps: JointLinkDeps,
  origin: string,
  submission: JointSubmission,
): Promise<boolean> {
  return issueJointConfirmLink(deps, origin, submission, { firstOnly: true })
}

/**
 * Stores a new joint-confirm link for the application (the earlier one stops working) and queues its
 * email in the same transaction (decision 1951), the link opening on `origin`. Used when the joint
 * applicant asks for a new link (decision 1921), and through requestJointConfirmation for the first.
 * False, with nothing stored or queued, when the payload has no joint applicant's email address or date
 * of birth, or (`firstOnly`) when the application's confirmation was already asked for.
 */
export async function issueJointConfirmLink(
  deps: JointLinkDeps,
  origin: string,
  submission: JointSubmission,
  options: { firstOnly?: boolean } = {},
): Promise<boolean> {
  const joint = submission.payload.JointApplicant
  if (typeof joint !== 'object' || joint === null || !isBrandId(submission.brand)) return false
  const { email, dateOfBirth, firstName, lastName } = joint as Record<string, unknown>
  if (typeof email !== 'string' || email === '') return false
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(dateOfBirth)) return false
  const name = [firstName, lastName].filter((part) => typeof part === 'string').join(' ')
  const issued = await deps.db.transaction().execute(async (trx) => {
    // A new link for the same application keeps the time it was first asked for: the back office's
    // "outstanding after 7 days" counts from there.
    const inserted = await trx
      .insertInto('joint_confirmations')
      .values({
        application_key: submission.submissionKey,
        brand: submission.brand,
        requested_at: submission.now.toISOString(),
        confirmed_at: null,
        corrections: null,
      })
      .onConflict((conflict) => conflict.column('application_key').doNothing())
      .executeTakeFirst()
    // The row is the claim (decision 1991): a second inserter waits for the first one's commit and then
    // inserts nothing, so it issues nothing either.
    if (options.firstOnly === true && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      return false
    }
    const link = await issueLink(trx, {
      purpose: 'joint-confirm',
      applicationKey: submission.submissionKey,
      brand: submission.brand,
      hasDateOfBirth: true,
      emailHash: keyedHash(deps.hashKey, 'email', emailSubject(email)),
      screen: JOINT_CONFIRM_SCREEN,
      now: submission.now,
    })
    await enqueueEmails(trx, [
      linkEmailRow({
        template: 'joint-confirm-link',
        link,
        brand: submission.brand,
        origin,
        to: { name, address: email },
        key: deps.sealKey,
        now: submission.now,
      }),
    ])
    return true
  })
  if (issued) deps.onEmailQueued?.()
  return issued
}

export interface JointConfirmation {
  applicationKey: string
  brand: BrandId
  corrections: string
  /** Every channel the brand asks about: true for yes. */
  marketing: Readonly<Partial<Record<ConsentChannel, boolean>>>
  now: Date
}

/** Their soft-search agreement, recorded with the confirmation when the brand asks for it. */
function softSearchEvidence(confirmation: JointConfirmation) {
  const text = jointSoftSearchText(confirmation.brand)
  return text === undefined
    ? []
    : [
        evidenceRow({
          applicationKey: confirmation.applicationKey,
          brand: confirmation.brand,
          applicant: 'joint',
          kind: 'agreed',
          disclosureId: text.id,
          version: text.version,
          textHash: text.hash,
          screen: JOINT_CONFIRM_SCREEN,
          at: confirmation.now,
          source: 'browser',
          clientItemId: `joint-confirm:${text.id}`,
        }),
      ]
}

/**
 * Records the confirmation, the corrections (sealed) and the consents (the notice, their soft-search
 * agreement, every marketing channel) as the joint applicant's own evidence, and queues the event to each
 * lender the application was sent to and the broker's alert, in one transaction. The route refuses a
 * confirmation without the soft-search agreement before this is called.
 */
export async function recordJointConfirmation(
  db: Kysely<Tables>,
  dataKeys: DataKeyring | undefined,
  confirmation: JointConfirmation,
  mail: MailConfig | undefined = activeMailConfig(),
): Promise<void> {
  const at = confirmation.now
  const notice = fairProcessingText(confirmation.brand)
  const rows = [
    evidenceRow({
      applicationKey: confirmation.applicationKey,
      brand: confirmation.brand,
      applicant: 'joint',
      kind: 'agreed',
      disclosureId: notice.id,
      version: notice.version,
      textHash: notice.hash,
      screen: JOINT_CONFIRM_SCREEN,
      at,
      source: 'browser',
      clientItemId: `joint-confirm:${notice.id}`,
    }),
    ...softSearchEvidence(confirmation),
    ...jointMarketingTexts(confirmation.brand).map(({ channel, text }) =>
      evidenceRow({
        applicationKey: confirmation.applicationKey,
        brand: confirmation.brand,
        applicant: 'joint',
        kind: confirmation.marketing[channel] === true ? 'agreed' : 'declined',
        disclosureId: text.id,
        version: text.version,
        textHash: text.hash,
        channel,
        screen: JOINT_CONFIRM_SCREEN,
        at,
        source: 'browser',
        clientItemId: `joint-confirm:${text.id}`,
      }),
    ),
  ]
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('joint_confirmations')
      .set({
        confirmed_at: at.toISOString(),
        corrections: JSON.stringify(
          sealPayload(
            // Shown to operators and sent to lenders: stripped of the characters that could reorder
            // or hide what was written (decision 2123), keeping its lines.
            { corrections: stripUnsafeCharacters(confirmation.corrections, { lineBreaks: true }) },
            dataKeys,
            correctionsAad(confirmation.applicationKey),
          ),
        ),
      })
      .where('application_key', '=', confirmation.applicationKey)
      .execute()
    await appendEvidence(trx, rows)
    const told = await trx
      .selectFrom('deliveries')
      .select('destination_id')
      .where('submission_key', '=', confirmation.applicationKey)
      .execute()
    await enqueueDeliveries(trx, {
      submissionKey: `${JOINT_CONFIRMED_KEY_PREFIX}${confirmation.applicationKey}`,
      brandId: confirmation.brand,
      now: at,
      destinationIds: told.map((row) => row.destination_id),
    })
    const alert = brokerAlert(
      {
        event: confirmation.corrections === '' ? 'joint-confirmed' : 'joint-corrected',
        brand: confirmation.brand,
        reference: applicationReference(confirmation.applicationKey),
        applicationKey: confirmation.applicationKey,
        dedupeId: confirmation.applicationKey,
        now: at,
      },
      mail,
    )
    if (alert !== undefined) await enqueueEmails(trx, [alert])
  })
}

export interface JointDispute {
  applicationKey: string
  brand: BrandId
  /** What they say is not right, as written. */
  dispute: string
  now: Date
}

/**
 * Records the joint applicant's "This is not right" (decision 2127): when, and what they wrote, sealed
 * like the corrections, with the broker's alert (`joint-disputed`, no personal data) in the same
 * transaction. It confirms nothing, records no agreement and tells no lender; a later dispute replaces an
 * earlier one and is alerted again.
 */
export async function recordJointDispute(
  db: Kysely<Tables>,
  dataKeys: DataKeyring | undefined,
  dispute: JointDispute,
  mail: MailConfig | undefined = activeMailConfig(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('joint_confirmations')
      .set({
        disputed_at: dispute.now.toISOString(),
        dispute: JSON.stringify(
          sealPayload({ dispute: dispute.dispute }, dataKeys, disputeAad(dispute.applicationKey)),
        ),
      })
      .where('application_key', '=', dispute.applicationKey)
      .execute()
    const alert = brokerAlert(
      {
        event: 'joint-disputed',
        brand: dispute.brand,
        reference: applicationReference(dispute.applicationKey),
        applicationKey: dispute.applicationKey,
        dedupeId: `${dispute.applicationKey}:${dispute.now.toISOString()}`,
        now: dispute.now,
      },
      mail,
    )
    if (alert !== undefined) await enqueueEmails(trx, [alert])
  })
}

/** The event's body for an outbox key `joint-confirmed:<key>`; undefined when there is none. */
export async function jointConfirmedBody(
  db: Kysely<Tables>,
  dataKeys: DataKeyring | undefined,
  outboxKey: string,
): Promise<string | undefined> {
  const applicationKey = outboxKey.slice(JOINT_CONFIRMED_KEY_PREFIX.length)
  const row = await db
    .selectFrom('joint_confirmations')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row?.confirmed_at == null || row.corrections === null) return undefined
  const { corrections } = openPayload(
    JSON.parse(row.corrections) as Record<string, unknown>,
    dataKeys,
    correctionsAad(applicationKey),
  )
  const records = await db
    .selectFrom('evidence')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .where('applicant', '=', 'joint')
    .where('screen', '=', JOINT_CONFIRM_SCREEN)
    .orderBy('at')
    .orderBy('id')
    .execute()
  return JSON.stringify({
    type: JOINT_CONFIRMED_EVENT,
    timestamp: row.confirmed_at,
    data: {
      submissionKey: applicationKey,
      reference: applicationReference(applicationKey),
      confirmedAt: row.confirmed_at,
      corrections: typeof corrections === 'string' ? corrections : '',
      evidence: records.map((record) => ({
        kind: record.kind,
        disclosureId: record.disclosure_id,
        version: record.version,
        textHash: record.text_hash,
        channel: record.channel,
        at: record.at,
      })),
    },
  })
}

/** What the back office shows of the joint applicant's confirmation. */
export interface JointConfirmationRecord {
  requestedAt: string
  confirmedAt: string | null
  /**
   * What they wrote to correct what was said about them, as given ('' for nothing); null before they
   * confirm. Sealed with the data key: without it, a line that says so.
   */
  corrections: string | null
  /** Their own marketing choice per channel they were asked about when confirming; null before. */
  marketing: Partial<Record<ConsentChannel, boolean>> | null
  /** When they last said "This is not right" (decision 2127); null when they have not. */
  disputedAt: string | null
  /** What they said is not right, as given; null when they have not said so. */
  dispute: string | null
}

export const SEALED_CORRECTIONS = '(sealed: the data key is not configured)'

/**
 * The joint applicant's confirmation for the back office, or null when they were never asked. Their
 * choices are the evidence recorded on the confirmation screen (decision 1823), passed in by a caller
 * that has read the application's evidence already.
 */
export async function jointConfirmationRecord(
  db: Kysely<Tables>,
  dataKeys: DataKeyring | undefined,
  applicationKey: string,
  evidence: readonly {
    applicant: string
    screen: string | null
    channel: string | null
    kind: string
  }[] = [],
): Promise<JointConfirmationRecord | null> {
  const row = await db
    .selectFrom('joint_confirmations')
    .selectAll()
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row === undefined) return null
  const disputed = {
    disputedAt: row.disputed_at,
    dispute: openSealed(row.dispute, 'dispute', dataKeys, disputeAad(applicationKey)),
  }
  if (row.confirmed_at === null) {
    return {
      requestedAt: row.requested_at,
      confirmedAt: null,
      corrections: null,
      marketing: null,
      ...disputed,
    }
  }
  let corrections = ''
  if (row.corrections !== null) {
    try {
      const opened = openPayload(
        JSON.parse(row.corrections) as Record<string, unknown>,
        dataKeys,
        correctionsAad(applicationKey),
      )
      corrections = typeof opened.corrections === 'string' ? opened.corrections : ''
    } catch {
      // A data key missing: the rest of the application still shows.
      corrections = SEALED_CORRECTIONS
    }
  }
  const marketing: Partial<Record<ConsentChannel, boolean>> = {}
  for (const record of evidence) {
    if (record.applicant !== 'joint' || record.screen !== JOINT_CONFIRM_SCREEN) continue
    const channel = CONSENT_CHANNELS.find((each) => each === record.channel)
    if (channel !== undefined) marketing[channel] = record.kind === 'agreed'
  }
  return {
    requestedAt: row.requested_at,
    confirmedAt: row.confirmed_at,
    corrections,
    marketing,
    ...disputed,
  }
}

/** A sealed text opened; SEALED_CORRECTIONS' line when the data key is missing, null when there is none. */
function openSealed(
  sealed: string | null,
  field: string,
  dataKeys: DataKeyring | undefined,
  aad: string,
): string | null {
  if (sealed === null) return null
  try {
    const value = openPayload(JSON.parse(sealed) as Record<string, unknown>, dataKeys, aad)[field]
    return typeof value === 'string' ? value : ''
  } catch {
    return SEALED_CORRECTIONS
  }
}

export interface JointConfirmationStatus {
  requestedAt: string
  confirmedAt: string | null
  /** Not confirmed within the link's 7 days. */
  outstanding: boolean
}

export async function jointConfirmationStatus(
  db: Kysely<Tables>,
  applicationKey: string,
  now: Date,
): Promise<JointConfirmationStatus | null> {
  const row = await db
    .selectFrom('joint_confirmations')
    .select(['requested_at', 'confirmed_at'])
    .where('application_key', '=', applicationKey)
    .executeTakeFirst()
  if (row === undefined) return null
  const sevenDays = 7 * 24 * 60 * 60 * 1000
  return {
    requestedAt: row.requested_at,
    confirmedAt: row.confirmed_at,
    outstanding:
      row.confirmed_at === null && now.getTime() - Date.parse(row.requested_at) > sevenDays,
  }
}
