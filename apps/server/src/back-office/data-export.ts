// A subject access request (UK GDPR Article 15): everything held about the applicant of one
// application. Their other applications are found through the search index by the same email address
// or phone number (of the operator's brands), each with its answers, the payload as stored (opened),
// its deliveries, notes, status history, the evidence of what they were shown and agreed to, the
// vulnerability flag and its notes, the lenders' decisions, the emails sent about it (what and when,
// never their text), the submissions kept for attention and the audit entries about it. Decision
// records: docs/decisions/1610-*, 1752-*.

import type { Kysely } from 'kysely'
import { payloadApplicantName } from '@forecourt/domain/payload/payload-answers'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Tables } from '../db/tables'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { answersOf, applicationRecords, findVisible, visiblePayload } from './applications'
import { hashTerm, normaliseEmailTerm, normalisePhoneTerm } from './search-index'

export async function subjectAccessExport(
  db: Kysely<Tables>,
  input: {
    applicationKey: string
    brands: readonly string[] | 'all'
    dataKeys: DataKeyring | undefined
    searchIndexKey: Buffer
  },
) {
  const { dataKeys } = input
  const first = await findVisible(db, input.applicationKey, input.brands)
  if (first === undefined || first.state === 'erased') {
    throw new Error('The application to export is not stored')
  }
  const payload = (await visiblePayload(db, first, dataKeys)) ?? {}
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
  const keys = [...new Set([input.applicationKey, ...matches.map((row) => row.application_key)])]
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
      answers: answersOf(opened),
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
