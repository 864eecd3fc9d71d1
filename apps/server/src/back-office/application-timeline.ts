// An application's story in the back office, newest first: started, saved and submitted, each delivery
// attempt, the lenders' decisions, the emails (what and where, never their content), the submissions kept
// for attention, the applicant's and the joint applicant's own words, and what operators and lenders did
// (from the audit log). Decision records: docs/decisions/1605-*, 1751-*, 1823-*, 2071-*, 2113-*.

import type { Selectable } from 'kysely'
import type { AuditRow, LenderDecision, Tables } from '../db/tables'
import type { DecisionRecord } from '../decisions/decision-repository'
import type { EmailSummary } from '../email/outbox'
import type { AttentionItem } from '../repositories/needs-attention-repository'
import type { JointConfirmationRecord } from '../save-return/joint-confirmation'
import type { ApplicationHeader } from './find-application'

export const LENDER_DECISION_LABELS: Readonly<Record<LenderDecision, string>> = {
  approved: 'Approved',
  'approved-with-conditions': 'Approved with conditions',
  referred: 'Referred',
  declined: 'Declined',
  'more-information-needed': 'More information needed',
  withdrawn: 'Withdrawn',
  'paid-out': 'Paid out',
}

export interface TimelineEntry {
  at: string
  type:
    | 'started'
    | 'saved'
    | 'submitted'
    | 'delivery-attempt'
    | 'operator'
    | 'decision'
    | 'email'
    | 'attention'
    /** The applicant's choice on their own page (decision 2113). */
    | 'applicant'
    /** The joint applicant's confirmation of their part, and their corrections (decision 1823). */
    | 'joint-applicant'
  text: string
  by: string | null
  /** A lender's decision: what it said, its reference, note and offer (staff only). */
  decision?: DecisionRecord
}

const ACTION_TEXT: Readonly<Record<string, (detail: Record<string, unknown>) => string>> = {
  'status.changed': (detail) => `Broker status set to ${String(detail.label ?? detail.to)}`,
  'note.added': () => 'Note added',
  'delivery.retried': (detail) => `Delivery to ${String(detail.destinationId)} retried`,
  'legal-hold.set': () => 'Legal hold set',
  'legal-hold.lifted': () => 'Legal hold lifted',
  'application.erased': () => 'Personal data erased',
  'application.data-exported': () => 'Applicant’s data exported',
  'consent.withdrawn': (detail) =>
    `Marketing consent withdrawn: ${String(detail.title ?? detail.disclosureId)}`,
  'commission.answered': (detail) => `Commission request answered for ${String(detail.lenderId)}`,
  'support-note.added': (detail) =>
    detail.step === 'outcome' ? 'Support outcome recorded' : 'Support adjustment recorded',
}

const EMAIL_NAMES: Readonly<Record<string, string>> = {
  'applicant-confirmation': 'Confirmation',
  'joint-applicant-confirmation': 'Confirmation',
  'decision-update': 'Decision update',
  'broker-alert': 'Alert',
  // The link emails (decision 1951): which link, never the link.
  'continue-link': 'Link to continue the application',
  'joint-confirm-link': 'Link to confirm their part',
}

const RECIPIENT_NAMES: Readonly<Record<string, string>> = {
  applicant: 'the applicant',
  'joint-applicant': 'the joint applicant',
  broker: 'the broker’s inbox',
}

/** What a message was and where it got to, in words: never its content. */
export function emailText(email: EmailSummary): string {
  const what = EMAIL_NAMES[email.template] ?? `Email (${email.template})`
  const to = RECIPIENT_NAMES[email.recipient] ?? email.recipient
  if (email.status === 'sent') return `${what} sent to ${to}`
  if (email.status === 'dead') return `${what} to ${to} could not be sent`
  const tries = email.attempts === 0 ? '' : ` (${email.attempts} attempts so far)`
  return `${what} to ${to} waiting to be sent${tries}`
}

/** What the timeline is made of, as the detail reads it. */
export interface TimelineSources {
  header: ApplicationHeader
  /** The key the erasure notice's deliveries are stored under. */
  noticeKey: string
  notes: readonly { created_at: string }[]
  changes: readonly { created_at: string }[]
  attempts: readonly Selectable<Tables['delivery_attempts']>[]
  decisions: readonly DecisionRecord[]
  emails: readonly EmailSummary[]
  attention: readonly AttentionItem[]
  choice: Pick<Selectable<Tables['offer_choices']>, 'kind' | 'lender_id' | 'chosen_at'> | undefined
  joint: JointConfirmationRecord | null
  audit: readonly AuditRow[]
  /** Each note's text by its id, opened. */
  noteTexts: ReadonlyMap<string, string>
  /** Who an operator or lender id is, in words. */
  email: (id: string | null) => string | null
}

export function applicationTimeline({
  header,
  noticeKey,
  notes,
  changes,
  attempts,
  decisions,
  emails,
  attention,
  choice,
  joint,
  audit,
  noteTexts,
  email,
}: TimelineSources): TimelineEntry[] {
  const timeline: TimelineEntry[] = []
  if (header.kind !== 'refused') {
    timeline.push({ at: header.createdAt, type: 'started', text: 'Application started', by: null })
  }
  // A note or a status moves updated_at too (decision 2071): that instant is the broker's, not a save.
  const brokerActivity = new Set([
    ...notes.map((note) => note.created_at),
    ...changes.map((change) => change.created_at),
  ])
  if (
    header.kind === 'partial' &&
    header.updatedAt !== header.createdAt &&
    !brokerActivity.has(header.updatedAt)
  ) {
    timeline.push({ at: header.updatedAt, type: 'saved', text: 'Answers last saved', by: null })
  }
  if (header.submittedAt !== null) {
    timeline.push({ at: header.submittedAt, type: 'submitted', text: 'Submitted', by: null })
  }
  for (const attempt of attempts) {
    const answer =
      attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'no answer')
    const then =
      attempt.outcome === 'delivered'
        ? 'delivered'
        : attempt.outcome === 'dead'
          ? 'no further attempts'
          : 'will retry'
    const what = attempt.submission_key === noticeKey ? 'Erasure notice' : 'Delivery'
    timeline.push({
      at: attempt.created_at,
      type: 'delivery-attempt',
      text: `${what} attempt ${attempt.attempt} to ${attempt.destination_id}: ${answer}, ${then}`,
      by: null,
    })
  }
  for (const decision of decisions) {
    timeline.push({
      at: decision.receivedAt,
      type: 'decision',
      text: `${LENDER_DECISION_LABELS[decision.decision]} by ${decision.lenderId}${
        decision.current ? '' : ' (arrived after a later decision: kept as history)'
      }`,
      by: `${decision.lenderId} (lender)`,
      decision,
    })
  }
  for (const sent of emails) {
    timeline.push({
      at: sent.sentAt ?? sent.createdAt,
      type: 'email',
      text: emailText(sent),
      by: null,
    })
  }
  for (const item of attention) {
    timeline.push({
      at: item.createdAt,
      type: 'attention',
      text:
        item.reason === 'conflict'
          ? 'A different submission under this reference was kept for attention'
          : `Submission refused and kept for attention (${item.errors.length} ${
              item.errors.length === 1 ? 'problem' : 'problems'
            })`,
      by: null,
    })
  }
  if (choice !== undefined) {
    timeline.push({
      at: choice.chosen_at,
      type: 'applicant',
      text:
        choice.kind === 'offer'
          ? `Applicant chose the offer from ${choice.lender_id ?? 'a lender'}`
          : 'Applicant asked to be called before choosing an offer',
      by: 'the applicant',
    })
  }
  // What the joint applicant wrote, as they wrote it: the same reader sees the payload it corrects.
  if (joint?.confirmedAt != null) {
    timeline.push({
      at: joint.confirmedAt,
      type: 'joint-applicant',
      text: 'Joint applicant confirmed',
      by: 'the joint applicant',
    })
    if (joint.corrections !== null && joint.corrections !== '') {
      timeline.push({
        at: joint.confirmedAt,
        type: 'joint-applicant',
        text: `Joint applicant corrected: ${joint.corrections}`,
        by: 'the joint applicant',
      })
    }
  }
  if (joint?.disputedAt != null) {
    timeline.push({
      at: joint.disputedAt,
      type: 'joint-applicant',
      text: `Joint applicant said this is not right: ${joint.dispute ?? ''}`,
      by: 'the joint applicant',
    })
  }
  // "Note added" says what the note said: the same reader sees the notes themselves.
  for (const row of audit) {
    const describe = ACTION_TEXT[row.action]
    if (describe === undefined) continue
    const detail = JSON.parse(row.detail) as Record<string, unknown>
    const noteText = row.action === 'note.added' ? noteTexts.get(String(detail.noteId)) : undefined
    timeline.push({
      at: row.at,
      type: 'operator',
      text: noteText === undefined ? describe(detail) : `${describe(detail)}: ${noteText}`,
      by:
        row.operator_id === null && detail.actor === 'lender'
          ? `${String(detail.lenderId)} (lender)`
          : email(row.operator_id),
    })
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  return timeline
}
