// The applicant's link to their own page (decision 2113): issued once the submission is stored, and again
// when they ask for a new one. A save-and-return link of its own purpose (`status`): one use, 7 days, the date
// of birth as its check, its email queued in the same transaction with the token sealed (decisions 1821, 1951).

import type { Kysely } from 'kysely'
import { isBrandId } from '@forecourt/domain/brands/brand-data'
import type { Tables } from '../db/tables'
import { enqueueEmails } from '../email/outbox'
import type { SealKey } from '../email/sealed-params'
import { linkEmailRow } from '../save-return/link-email'
import { emailSubject, issueLink, keyedHash } from '../save-return/links'

export interface StatusLinkDeps {
  db: Kysely<Tables>
  sealKey: SealKey
  hashKey: Buffer
  onEmailQueued?: () => void
}

export interface SubmittedApplication {
  submissionKey: string
  brand: string
  /** The opened payload: the applicant's email, name and date of birth. */
  payload: Record<string, unknown>
  now: Date
}

/** Issues a status link and queues its email; false (nothing stored) without an address or a date of birth. */
export async function issueStatusLink(
  deps: StatusLinkDeps,
  origin: string,
  application: SubmittedApplication,
): Promise<boolean> {
  const { email, dateOfBirth, firstName, lastName } = application.payload
  if (!isBrandId(application.brand) || typeof email !== 'string' || email === '') return false
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(dateOfBirth)) return false
  const name = [firstName, lastName].filter((part) => typeof part === 'string').join(' ')
  await deps.db.transaction().execute(async (trx) => {
    const link = await issueLink(trx, {
      purpose: 'status',
      applicationKey: application.submissionKey,
      brand: application.brand,
      hasDateOfBirth: true,
      emailHash: keyedHash(deps.hashKey, 'email', emailSubject(email)),
      screen: null,
      now: application.now,
    })
    await enqueueEmails(trx, [
      linkEmailRow({
        template: 'status-link',
        link,
        brand: application.brand,
        origin,
        to: { name, address: email },
        key: deps.sealKey,
        now: application.now,
      }),
    ])
  })
  deps.onEmailQueued?.()
  return true
}

export interface StatusLinkAtSend {
  /** The applicant's own page, with a fresh one-time token. */
  href: string
  expiresAt: string
}

/**
 * A status link made as the applicant's confirmation or update is sent (decision 2113): the token exists
 * only in the message being sent and, hashed, in its link row, so no outbox row ever holds a working link.
 * Each message gets a new link, the earlier one stopping (only the newest email is any use). Undefined for
 * an application that is not submitted (or no longer here).
 */
export async function statusLinkForMessage(
  db: Kysely<Tables>,
  args: {
    applicationKey: string
    brand: string
    origin: string
    recipientAddress: string
    hashKey: Buffer
    now: Date
  },
): Promise<StatusLinkAtSend | undefined> {
  return db.transaction().execute(async (trx) => {
    // A write to the application's row first, changing nothing: two messages sent at once (an update per
    // lender's answer) take their links one after the other, so the second sees and stops the first. Without
    // it, on PostgreSQL each saw only the older links and both new ones stayed working.
    const application = await trx
      .updateTable('applications')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('application_key', '=', args.applicationKey)
      .returning('status')
      .executeTakeFirst()
    if (application?.status !== 'submitted') return undefined
    const link = await issueLink(trx, {
      purpose: 'status',
      applicationKey: args.applicationKey,
      brand: args.brand,
      hasDateOfBirth: true,
      emailHash: keyedHash(args.hashKey, 'email', emailSubject(args.recipientAddress)),
      screen: null,
      now: args.now,
    })
    return { href: `${args.origin}/application-status/${link.token}`, expiresAt: link.expiresAt }
  })
}
