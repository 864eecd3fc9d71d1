// Every migration, in order, by name. Names sort as they run, so a new one takes the next number.
// Kept in code rather than read from a folder so the list is fixed at build time and typed.

import type { Migration } from 'kysely'
import { createVehicles } from './0001-create-vehicles'
import { createApplicationsAndSubmissions } from './0002-create-applications-and-submissions'
import { createDeliveries } from './0003-create-deliveries'
import { createNeedsAttention } from './0004-create-needs-attention'
import { addSubmissionReference } from './0010-submission-reference'
import { createBackOffice } from './0020-create-back-office'
import { createEmails } from './0040-create-emails'
import { createEvidence } from './0041-create-evidence'
import { createSupport } from './0042-create-support'
import { createLenderDecisions } from './0043-create-lender-decisions'
import { createApplicationSecrets } from './0050-create-application-secrets'
import { createSaveAndReturn } from './0060-create-save-and-return'
import { addSealedEmailParams } from './0080-sealed-email-params'
import { addEmailsByTemplate } from './0090-emails-by-template'
import { createFunnelCounters } from './0120-create-funnel-counters'
import { createOfferChoices } from './0121-create-offer-choices'
import { createFollowUps } from './0122-create-follow-ups'
import { addPendingAuthenticator } from './0123-pending-authenticator'
import { addJointDisputes } from './0124-joint-disputes'

export const migrations: Record<string, Migration> = {
  '0001-create-vehicles': createVehicles,
  '0002-create-applications-and-submissions': createApplicationsAndSubmissions,
  '0003-create-deliveries': createDeliveries,
  '0004-create-needs-attention': createNeedsAttention,
  '0010-submission-reference': addSubmissionReference,
  '0020-create-back-office': createBackOffice,
  '0040-create-emails': createEmails,
  '0041-create-evidence': createEvidence,
  '0042-create-support': createSupport,
  '0043-create-lender-decisions': createLenderDecisions,
  '0050-create-application-secrets': createApplicationSecrets,
  '0060-create-save-and-return': createSaveAndReturn,
  '0080-sealed-email-params': addSealedEmailParams,
  '0090-emails-by-template': addEmailsByTemplate,
  '0120-create-funnel-counters': createFunnelCounters,
  '0121-create-offer-choices': createOfferChoices,
  '0122-create-follow-ups': createFollowUps,
  '0123-pending-authenticator': addPendingAuthenticator,
  '0124-joint-disputes': addJointDisputes,
}
