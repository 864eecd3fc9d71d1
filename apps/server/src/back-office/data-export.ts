// A subject access request (UK GDPR Article 15): everything held about the applicant of one
// application. Other applications are never merged in automatically (decision 2042): those that share
// the email address or phone number (of the operator's brands, found through the search index) are
// candidates, each said to match strongly when the email address and the date of birth are both the
// same, and the export holds the application and the candidates the admin chose. Each with its answers, the payload as stored (opened),
// its deliveries, notes, status history, the evidence of what they were shown and agreed to, the
// vulnerability flag and its notes, the lenders' decisions, the emails sent about it (what and when,
// never their text), the submissions kept for attention and the audit entries about it. Decision
// records: docs/decisions/1610-*, 1752-*.

import type { Kysely } from 'kysely'
import { payloadApplicantName } from '@forecourt/domain/payload/payload-answers'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { answersOf } from './answers'
import { applicationRecords } from './application-detail'
import { findVisible, visiblePayload } from './find-application'
import { hashTerm, normaliseEmailTerm, normalisePhoneTerm } from './search-index'

interface SubjectInput {
  applicationKey: string
  brands: readonly string[] | 'all'
  dataKeys: DataKeyring | undefined
  searchIndexKey: Buffer
}

/** A candidate application: which of the subject's identifiers it shares, never its own details. */
export interface SubjectCandidate {
  applicationKey: string
  reference: string
  brand: string
  kind: string
  createdAt: string
  matches: { email: boolean; phone: boolean; dateOfBirth: boolean; name: boolean }
  /** The email address and the date of birth are both the same. */
  strong: boolean
}

/** Thrown when the admin chose an application that is not one of the candidates. */
export class NotACandidate extends Error {}

async function subjectOf(db: Kysely<Tables>, input: SubjectInput) {
  const first = await findVisible(db, input.applicationKey, input.brands)
  if (first === undefined || first.state === 'erased') {
    throw new Error('The application to export is not stored')
  }
  return (await visiblePayload(db, first, input.dataKeys)) ?? {}
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/** The other applications of the operator's brands that share the subject's email address or phone. */
export async function subjectCandidates(
  db: Kysely<Tables>,
  input: SubjectInput,
): Promise<SubjectCandidate[]> {
  const payload = await subjectOf(db, input)
  const email = typeof payload.email === 'string' ? normaliseEmailTerm(payload.email) : ''
  const phone =
    typeof payload.contactNumber === 'string' ? normalisePhoneTerm(payload.contactNumber) : ''
  const hashes = [
    ...(email === '' ? [] : [hashTerm(input.searchIndexKey, 'email', email)]),
    ...(phone === '' ? [] : [hashTerm(input.searchIndexKey, 'phone', phone)]),
  ]
  const matches =
    hashes.length === 0
      ? []
      : await db
          .selectFrom('application_index')
          .select('application_key')
          .distinct()
          .where('hash', 'in', hashes)
          .execute()
  const keys = [...new Set(matches.map((row) => row.application_key))].filter(
    (key) => key !== input.applicationKey,
  )
  const name = textOf(payloadApplicantName(payload))
  const dateOfBirth = textOf(payload.dateOfBirth)
  const candidates: SubjectCandidate[] = []
  for (const key of keys) {
    const found = await findVisible(db, key, input.brands)
    if (found === undefined || found.state === 'erased') continue
    const other = (await visiblePayload(db, found, input.dataKeys)) ?? {}
    const otherEmail = typeof other.email === 'string' ? normaliseEmailTerm(other.email) : ''
    const otherPhone =
      typeof other.contactNumber === 'string' ? normalisePhoneTerm(other.contactNumber) : ''
    const same = {
      email: email !== '' && otherEmail === email,
      phone: phone !== '' && otherPhone === phone,
      dateOfBirth: dateOfBirth !== '' && textOf(other.dateOfBirth) === dateOfBirth,
      name: name !== '' && textOf(payloadApplicantName(other)) === name,
    }
    candidates.push({
      applicationKey: key,
      reference: applicationReference(key),
      brand: found.header.brand,
      kind: found.header.kind,
      createdAt: found.header.createdAt,
      matches: same,
      strong: same.email && same.dateOfBirth,
    })
  }
  return candidates.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

export async function subjectAccessExport(
  db: Kysely<Tables>,
  input: SubjectInput & {
    /** The candidates the admin chose to add (subjectCandidates); any other key is refused. */
    include: readonly string[]
  },
) {
  const { dataKeys } = input
  const payload = await subjectOf(db, input)
  const candidates = new Set(
    input.include.length === 0
      ? []
      : (await subjectCandidates(db, input)).map((candidate) => candidate.applicationKey),
  )
  for (const key of input.include) {
    if (!candidates.has(key)) throw new NotACandidate(key)
  }
  const keys = [...new Set([input.applicationKey, ...input.include])]
  const applications = []
  for (const key of keys) {
    const found = await findVisible(db, key, input.brands)
    if (found === undefined || found.state === 'erased') continue
    const opened = await visiblePayload(db, found, dataKeys)
    const records = await applicationRecords(db, found.header, dataKeys)
    applications.push({
      applicationKey: key,
      reference: applicationReference(key),
      brand: found.header.brand,
      kind: found.header.kind,
      createdAt: found.header.createdAt,
      submittedAt: found.header.submittedAt,
      updatedAt: found.header.updatedAt,
      answers: answersOf(opened, records.jointConfirmation),
      payload: opened ?? null,
      deliveries: records.deliveries,
      notes: records.notes,
      statusHistory: records.statusHistory,
      evidence: records.evidence,
      lenderDecisions: records.lenderDecisions,
      emails: records.emails.map((email) => ({
        template: email.template,
        recipient: email.recipient,
        status: email.status,
        createdAt: email.createdAt,
        sentAt: email.sentAt,
      })),
      needsAttention: records.needsAttention,
      audit: records.audit.map((row) => ({
        seq: Number(row.seq),
        at: row.at,
        action: row.action,
        operatorId: row.operator_id,
        detail: JSON.parse(row.detail) as unknown,
      })),
    })
  }
  return {
    subject: {
      name: payloadApplicantName(payload) ?? null,
      email: typeof payload.email === 'string' ? payload.email : null,
      phone: typeof payload.contactNumber === 'string' ? payload.contactNumber : null,
    },
    applications,
  }
}
