// No joint applicant is left without their link (decision 1991). The submission commits first and the
// joint applicant's link is issued just after, in a transaction of its own (decision 1823): a crash or a
// failure in between would leave a submitted joint application whose joint applicant never hears of it.
// The sweep closes that gap. The joint applicant's confirmation email, queued in the submission's own
// transaction exactly when the application is joint, says a link is owed; an application that has it and
// no `joint_confirmations` row a minute after it was submitted gets its link now, by the same function
// as the normal path and only by whoever stores that row. It runs beside every email sender (the server's
// and `npm run worker`'s): at start-up, then every minute.

import type { Kysely } from 'kysely'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { isBrandId } from '@forecourt/domain/brands/brand-data'
import { LINK_LIFETIME_DAYS } from '@forecourt/domain/save-return/save-return'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import type { DeliveryLogger } from '../delivery/worker'
import { JOINT_APPLICANT_CONFIRMATION } from '../email/enqueue'
import { findApplication } from '../repositories/application-repository'
import { startSchedule, type Schedule } from '../retention/retention-job'
import { requestJointConfirmation, type JointLinkDeps } from './joint-confirmation'

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * How long after a submission the sweep leaves its link to the submission's own step, which issues it
 * within moments: the sweep only picks up what that step did not do.
 */
export const JOINT_LINK_GRACE_MS = MINUTE_MS
export const JOINT_LINK_SWEEP_INTERVAL_MS = MINUTE_MS
/**
 * How far back the sweep looks: a link's lifetime. A joint applicant still without a link after that is
 * the broker's to contact; and applications from before joint applicants had links are not woken up.
 */
export const JOINT_LINK_LOOK_BACK_MS = LINK_LIFETIME_DAYS * DAY_MS

export interface JointLinkSweepDeps extends JointLinkDeps {
  dataKeys: DataKeyring | undefined
  /** The brand's own site, where the link opens: there is no request to take it from. */
  siteOrigin: (brand: BrandId) => string
  logger?: DeliveryLogger
}

export interface JointLinkSweepResult {
  /** Joint applications submitted in the window without a `joint_confirmations` row. */
  owed: number
  /** Links this sweep issued (the others: issued meanwhile by someone else, or nothing to send to). */
  issued: number
  /** Applications the sweep could not deal with (a database error, a payload it cannot open). */
  failed: number
}

/** The keys of joint applications submitted between the look-back and the grace period, still owed. */
export async function findOwedJointLinks(db: Kysely<Tables>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('emails')
    .innerJoin('applications', 'applications.application_key', 'emails.application_key')
    .leftJoin(
      'joint_confirmations',
      'joint_confirmations.application_key',
      'emails.application_key',
    )
    .select('applications.application_key')
    .where('emails.template', '=', JOINT_APPLICANT_CONFIRMATION)
    .where(
      'emails.created_at',
      '>=',
      new Date(now.getTime() - JOINT_LINK_LOOK_BACK_MS).toISOString(),
    )
    .where('emails.created_at', '<=', new Date(now.getTime() - JOINT_LINK_GRACE_MS).toISOString())
    .where('applications.status', '=', 'submitted')
    .where('joint_confirmations.application_key', 'is', null)
    .orderBy('emails.created_at')
    .execute()
  return rows.map((row) => row.application_key)
}

/**
 * One sweep: each owed link issued as the submission's own step issues it. Safe to run in several
 * processes at once: each link is issued only by whoever stores the application's `joint_confirmations`
 * row, in the transaction that stores it. Never throws for one application: it is counted and tried
 * again at the next sweep.
 */
export async function sweepJointLinks(
  deps: JointLinkSweepDeps,
  now: Date = new Date(),
): Promise<JointLinkSweepResult> {
  const owed = await findOwedJointLinks(deps.db, now)
  let issued = 0
  let failed = 0
  for (const applicationKey of owed) {
    try {
      const application = await findApplication(deps.db, applicationKey, deps.dataKeys)
      if (application?.status !== 'submitted' || !isBrandId(application.brand)) continue
      const done = await requestJointConfirmation(deps, deps.siteOrigin(application.brand), {
        submissionKey: application.applicationKey,
        brand: application.brand,
        payload: application.payload,
        now,
      })
      if (done) issued += 1
    } catch (error) {
      failed += 1
      // The error names no person: a key id, a constraint, a connection.
      deps.logger?.warn({ err: error }, 'joint link sweep could not issue a link')
    }
  }
  return { owed: owed.length, issued, failed }
}

/** Sweeps now, then every minute after each sweep ends, until stopped. Counts only in the log. */
export function startJointLinkSweep(
  deps: JointLinkSweepDeps,
  options: { intervalMs?: number; now?: () => Date } = {},
): Schedule {
  const { intervalMs = JOINT_LINK_SWEEP_INTERVAL_MS, now = () => new Date() } = options
  return startSchedule(
    async () => {
      try {
        const result = await sweepJointLinks(deps, now())
        if (result.issued > 0 || result.failed > 0) {
          deps.logger?.info({ ...result }, 'joint link sweep')
        }
      } catch (error) {
        deps.logger?.error({ err: error }, 'joint link sweep failed')
      }
    },
    { intervalMs },
  )
}
