// The messages each cause queues, as outbox rows for the cause's own transaction (decision 1652): a
// submission (a confirmation to each applicant and an alert to the broker's inbox), an application that
// needs attention (an alert), a lender's decision that is relayed (an update to each applicant).

import type { BrandId } from '@forecourt/domain/brands/brand'
import { isBrandId } from '@forecourt/domain/brands/brand-data'
import type { LoanKind } from '@forecourt/domain/messages/what-happens-next'
import type { NewEmailRow } from '../db/tables'
import { activeMailConfig, DEFAULT_BROKER_HEAD_START_MINUTES, type MailConfig } from './mail-config'
import { emailRow } from './outbox'
import type { BrokerAlertEvent, RelayedDecision } from './templates'

function brokerInbox(brand: string, mail: MailConfig | undefined): string | undefined {
  return mail !== undefined && isBrandId(brand) ? mail.brokerInboxes[brand as BrandId] : undefined
}

function backOfficeLink(mail: MailConfig, applicationKey: string): string {
  return `${mail.backOfficeUrl}/applications/${applicationKey}`
}

/**
 * The joint applicant's confirmation of a submission. Queued in the submission's own transaction exactly
 * when the application is joint, it is also the durable record that the joint applicant is owed their
 * link: the sweep looks for it (decision 1991).
 */
export const JOINT_APPLICANT_CONFIRMATION = 'joint-applicant-confirmation'

export interface SubmissionEmailArgs {
  submissionKey: string
  brand: string
  reference: string
  /** A joint application with the joint applicant's email gets their own confirmation. */
  jointApplicant: boolean
  /** What the loan is secured on: the confirmations say so (and warn of a home's repossession). */
  loanKind: LoanKind
  now: Date
}

/** A submission's messages: each applicant's confirmation, and the broker's alert when it has an inbox. */
export function submissionEmails(
  args: SubmissionEmailArgs,
  mail: MailConfig | undefined = activeMailConfig(),
): NewEmailRow[] {
  const base = {
    brand: args.brand,
    applicationKey: args.submissionKey,
    params: {
      reference: args.reference,
      loanKind: args.loanKind,
      joint: args.jointApplicant ? 'yes' : 'no',
    },
    now: args.now,
  }
  const rows = [
    emailRow({
      ...base,
      template: 'applicant-confirmation',
      recipient: 'applicant',
      dedupeKey: `applicant-confirmation:${args.submissionKey}`,
    }),
  ]
  if (args.jointApplicant) {
    rows.push(
      emailRow({
        ...base,
        template: JOINT_APPLICANT_CONFIRMATION,
        recipient: 'joint-applicant',
        dedupeKey: `${JOINT_APPLICANT_CONFIRMATION}:${args.submissionKey}`,
      }),
    )
  }
  if (mail !== undefined && brokerInbox(args.brand, mail) !== undefined) {
    rows.push(
      emailRow({
        ...base,
        template: 'broker-alert',
        recipient: 'broker',
        params: {
          event: 'new-submission',
          reference: args.reference,
          at: args.now.toISOString(),
          link: backOfficeLink(mail, args.submissionKey),
        },
        dedupeKey: `broker-alert:new-submission:${args.submissionKey}`,
      }),
    )
  }
  return rows
}

export interface NeedsAttentionArgs {
  brand: string
  /** The application's reference, for people. */
  reference: string
  /** The key the back office finds it under. */
  applicationKey: string
  /** Unique per stored case (for example the needs-attention row's id): one alert per case. */
  caseId: string
  now: Date
}

/**
 * The broker's alert for an application needing attention; undefined when the brand has no inbox. Enqueue
 * it with enqueueEmails in the transaction that stores the case.
 */
export function needsAttentionAlert(
  args: NeedsAttentionArgs,
  mail: MailConfig | undefined = activeMailConfig(),
): NewEmailRow | undefined {
  return brokerAlert({ ...args, event: 'needs-attention', dedupeId: args.caseId }, mail)
}

export interface BrokerAlertArgs {
  event: BrokerAlertEvent
  brand: string
  reference: string
  applicationKey: string
  /** What makes this alert one of a kind (a case's id, an application's key): one alert per event and id. */
  dedupeId: string
  now: Date
  /** When the applicants are told of the same event, for an alert that comes first. */
  applicantsToldAt?: Date
}

/**
 * The broker's alert of an event about an application, with its link into the back office; undefined when
 * the brand has no inbox. Enqueue it with enqueueEmails in the transaction that records the event.
 */
export function brokerAlert(
  args: BrokerAlertArgs,
  mail: MailConfig | undefined = activeMailConfig(),
): NewEmailRow | undefined {
  if (mail === undefined || brokerInbox(args.brand, mail) === undefined) return undefined
  return emailRow({
    template: 'broker-alert',
    brand: args.brand,
    applicationKey: args.applicationKey,
    recipient: 'broker',
    params: {
      event: args.event,
      reference: args.reference,
      at: args.now.toISOString(),
      link: backOfficeLink(mail, args.applicationKey),
      ...(args.applicantsToldAt === undefined
        ? {}
        : { applicantsToldAt: args.applicantsToldAt.toISOString() }),
    },
    dedupeKey: `broker-alert:${args.event}:${args.dedupeId}`,
    now: args.now,
  })
}

export interface DecisionEmailArgs {
  decisionId: string
  submissionKey: string
  brand: string
  reference: string
  decision: RelayedDecision
  jointApplicant: boolean
  now: Date
}

/**
 * A relayed decision: the broker's alert at once (when the brand has an inbox), then each applicant's update
 * (what kind of decision, never its figures) after the broker's head start, so that the broker knows before
 * the applicant calls (decision 2133).
 */
export function decisionUpdateEmails(
  args: DecisionEmailArgs,
  mail: MailConfig | undefined = activeMailConfig(),
): NewEmailRow[] {
  const headStart = mail?.brokerHeadStartMinutes ?? DEFAULT_BROKER_HEAD_START_MINUTES
  const dueAt = new Date(args.now.getTime() + headStart * 60_000)
  const alert = brokerAlert(
    {
      event: 'decision-received',
      brand: args.brand,
      reference: args.reference,
      applicationKey: args.submissionKey,
      dedupeId: args.decisionId,
      now: args.now,
      applicantsToldAt: dueAt,
    },
    mail,
  )
  const recipients = args.jointApplicant
    ? (['applicant', 'joint-applicant'] as const)
    : (['applicant'] as const)
  const updates = recipients.map((recipient) =>
    emailRow({
      template: 'decision-update',
      brand: args.brand,
      applicationKey: args.submissionKey,
      recipient,
      params: { reference: args.reference, decision: args.decision },
      dedupeKey: `decision-update:${args.decisionId}:${recipient}`,
      now: args.now,
      dueAt,
    }),
  )
  return alert === undefined ? updates : [alert, ...updates]
}
