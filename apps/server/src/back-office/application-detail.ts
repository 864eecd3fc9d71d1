// Everything the back office's detail page shows of one application beside its answers: deliveries,
// notes, broker status and its history, the legal hold, the audit, the lenders' decisions, the emails, the
// evidence record (consents, commission requests, the support flag), the submissions kept for attention,
// the joint applicant's confirmation, and the timeline made of them (application-timeline.ts). Decision
// records: docs/decisions/1605-*, 1751-*, 1754-*, 1823-*.

import type { Kysely } from 'kysely'
import type { PayloadAnswerSection } from '@forecourt/domain/payload/payload-answers'
import { disclosureDefinition } from '@forecourt/domain/brands/disclosures'
import type { DataKeyring } from '../crypto/field-encryption'
import type { AttentionReason, AuditRow, BrokerStatus, DeliveryRow, Tables } from '../db/tables'
import {
  decisionsForApplication,
  latestPerLender,
  type DecisionRecord,
} from '../decisions/decision-repository'
import { emailsForApplication, type EmailSummary } from '../email/outbox'
import {
  commissionRequests,
  currentConsents,
  evidenceForApplication,
  type CommissionRequest,
  type ConsentState,
  type EvidenceRecord,
} from '../evidence/evidence-repository'
import { supportCase, type SupportCase } from '../evidence/support-repository'
import {
  findNeedsAttention,
  type AttentionItem,
  type FieldProblem,
} from '../repositories/needs-attention-repository'
import {
  jointConfirmationRecord,
  type JointConfirmationRecord,
} from '../save-return/joint-confirmation'
import { shownAnswers } from './answers'
import { applicationTimeline, type TimelineEntry } from './application-timeline'
import { openNoteText } from './case-records'
import { lenderActor } from './decision-status'
import { ERASURE_KEY_PREFIX } from './erasure-notice'
import type { ApplicationHeader } from './find-application'
import { operatorEmails } from './operator-emails'

type Db = Kysely<Tables>

export interface DeliveryView {
  id: string
  destinationId: string
  kind: 'application' | 'erasure-notice'
  status: DeliveryRow['status']
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
  updatedAt: string
}

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    destinationId: row.destination_id,
    kind: row.submission_key.startsWith(ERASURE_KEY_PREFIX) ? 'erasure-notice' : 'application',
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export interface EvidenceView extends EvidenceRecord {
  /** The text's name, for people reading the record (from the domain's disclosures). */
  title: string
  /** The operator who made an operator record, by email. */
  operator: string | null
}

export interface CommissionView {
  requestedAt: string
  answers: {
    at: string
    operator: string | null
    answer: CommissionRequest['answers'][number]['answer']
  }[]
}

export interface SupportView {
  reasons: SupportCase['reasons']
  flaggedAt: string
  notes: { id: string; step: 'adjustment' | 'outcome'; note: string; by: string; at: string }[]
}

export interface ApplicationEvidence {
  records: EvidenceView[]
  consents: (ConsentState & { title: string })[]
  /** The applicant's requests to be told the commission, each with its answers (CONC 4.5.4R). */
  commissionRequests: CommissionView[]
  /** The vulnerability flag with the adjustment and outcome notes; null when not flagged. */
  support: SupportView | null
}

export interface AttentionView {
  id: string
  reason: AttentionReason
  statusCode: number
  createdAt: string
  /** The refusal's problems (no value sent is in them). */
  errors: FieldProblem[]
  /** The kept body's answers, labelled as the stored application's are. */
  answers: PayloadAnswerSection[]
}

export interface ApplicationRecords {
  deliveries: DeliveryView[]
  notes: { id: string; text: string; by: string | null; at: string }[]
  statusHistory: { status: BrokerStatus; by: string | null; at: string }[]
  case: { brokerStatus: BrokerStatus; changedAt: string | null; changedBy: string | null }
  legalHold: { reason: string; setBy: string | null; setAt: string } | null
  timeline: TimelineEntry[]
  audit: AuditRow[]
  /** Every decision in the order it arrived, history included. */
  lenderDecisions: DecisionRecord[]
  /** Each lender's latest word. */
  latestDecisions: DecisionRecord[]
  emails: EmailSummary[]
  evidence: ApplicationEvidence
  needsAttention: AttentionView[]
  /** The joint applicant's confirmation; null when they were never asked. */
  jointConfirmation: JointConfirmationRecord | null
}

const title = (disclosureId: string) => disclosureDefinition(disclosureId)?.title ?? disclosureId

/** A record whose notes cannot be opened (no data key) still shows the rest. */
async function openSupportCase(
  db: Db,
  key: string,
  dataKeys: DataKeyring | undefined,
): Promise<SupportCase | undefined> {
  try {
    return await supportCase(db, key, dataKeys)
  } catch {
    const flag = await db
      .selectFrom('support_flags')
      .selectAll()
      .where('application_key', '=', key)
      .executeTakeFirst()
    if (flag === undefined) return undefined
    return {
      applicationKey: key,
      brand: flag.brand,
      reasons: JSON.parse(flag.reasons) as SupportCase['reasons'],
      flaggedAt: flag.flagged_at,
      notes: [],
    }
  }
}

function openAttention(db: Db, key: string, dataKeys: DataKeyring | undefined) {
  return findNeedsAttention(db, key, dataKeys).catch((): AttentionItem[] => [])
}

export async function applicationRecords(
  db: Db,
  header: ApplicationHeader,
  dataKeys: DataKeyring | undefined,
): Promise<ApplicationRecords> {
  const key = header.applicationKey
  const noticeKey = `${ERASURE_KEY_PREFIX}${key}`
  const [
    deliveries,
    attempts,
    notes,
    changes,
    kase,
    hold,
    audit,
    decisions,
    emails,
    evidence,
    consents,
    commission,
    support,
    attention,
  ] = await Promise.all([
    db
      .selectFrom('deliveries')
      .selectAll()
      .where('submission_key', 'in', [key, noticeKey])
      .orderBy('created_at')
      .orderBy('destination_id')
      .execute(),
    db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('submission_key', 'in', [key, noticeKey])
      .execute(),
    db
      .selectFrom('notes')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('status_changes')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('application_cases')
      .selectAll()
      .where('application_key', '=', key)
      .executeTakeFirst(),
    db
      .selectFrom('legal_holds')
      .selectAll()
      .where('application_key', '=', key)
      .where('lifted_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .selectAll()
      .where('application_key', '=', key)
      .orderBy('seq', 'desc')
      .limit(500)
      .execute(),
    decisionsForApplication(db, key),
    emailsForApplication(db, key),
    evidenceForApplication(db, key),
    currentConsents(db, key),
    commissionRequests(db, { applicationKey: key }),
    openSupportCase(db, key, dataKeys),
    openAttention(db, key, dataKeys),
  ])
  const [joint, choice] = await Promise.all([
    jointConfirmationRecord(db, dataKeys, key, evidence),
    db
      .selectFrom('offer_choices')
      .select(['kind', 'lender_id', 'chosen_at'])
      .where('application_key', '=', key)
      .executeTakeFirst(),
  ])
  const emailsOf = await operatorEmails(db, [
    ...notes.map((note) => note.operator_id),
    ...changes.map((change) => change.operator_id),
    ...audit.map((row) => row.operator_id),
    ...evidence.map((record) => record.operatorId),
    ...commission.flatMap((request) => request.answers.map((answer) => answer.operatorId)),
    ...(support?.notes.map((note) => note.operatorId) ?? []),
    kase?.status_changed_by ?? null,
    hold?.set_by ?? null,
  ])
  // An operator by email; a lender that moved the status by its name (decision 1751).
  const email = (id: string | null) =>
    id === null ? null : (lenderActor(id) ?? emailsOf.get(id) ?? id)
  // "Note added" says what the note said: the same reader sees the notes themselves.
  const noteTexts = new Map(notes.map((note) => [note.id, openNoteText(note, dataKeys)]))
  const timeline = applicationTimeline({
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
  })

  return {
    deliveries: deliveries.map(deliveryView),
    notes: notes.map((note) => ({
      id: note.id,
      text: noteTexts.get(note.id) ?? '',
      by: email(note.operator_id),
      at: note.created_at,
    })),
    statusHistory: changes.map((change) => ({
      status: change.broker_status,
      by: email(change.operator_id),
      at: change.created_at,
    })),
    case: {
      brokerStatus: kase?.broker_status ?? 'new',
      changedAt: kase?.status_changed_at ?? null,
      changedBy: email(kase?.status_changed_by ?? null),
    },
    legalHold:
      hold === undefined
        ? null
        : { reason: hold.reason, setBy: email(hold.set_by), setAt: hold.set_at },
    timeline,
    audit,
    lenderDecisions: decisions,
    latestDecisions: latestPerLender(decisions),
    emails,
    evidence: {
      records: evidence.map((record) => ({
        ...record,
        title: title(record.disclosureId),
        operator: email(record.operatorId),
      })),
      consents: consents.map((consent) => ({ ...consent, title: title(consent.disclosureId) })),
      commissionRequests: commission.map((request) => ({
        requestedAt: request.requestedAt,
        answers: request.answers.map((answer) => ({
          at: answer.at,
          operator: email(answer.operatorId),
          answer: answer.answer,
        })),
      })),
      support:
        support === undefined
          ? null
          : {
              reasons: support.reasons,
              flaggedAt: support.flaggedAt,
              notes: support.notes.map((note) => ({
                id: note.id,
                step: note.step,
                note: note.note,
                by: email(note.operatorId) ?? note.operatorId,
                at: note.at,
              })),
            },
    },
    needsAttention: attention.map((item) => ({
      id: item.id,
      reason: item.reason,
      statusCode: item.statusCode,
      createdAt: item.createdAt,
      errors: item.errors,
      answers: shownAnswers(item.body),
    })),
    jointConfirmation: joint,
  }
}
