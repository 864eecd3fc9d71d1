// The subject access export (UK GDPR Article 15, admins): everything held about the applicant, as a
// JSON file to send and as a page to print. Making it is audited, so it is made on request only.

import { useState } from 'react'
import { useSession } from '#app/session'
import { Notice } from '#components/notice/Notice'
import { SummaryList } from '#components/summary-list/SummaryList'
import { post } from '#lib/api'
import { saveFile } from '#lib/download'
import { formatDateTime } from '#lib/format-time'
import { formatCommission } from '#lib/money'
import type { DataExport } from '#lib/types'
import { DecisionFacts } from './TimelinePart'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export default function ExportPart() {
  const { detail, statusLabel } = useApplication()
  const { can } = useSession()
  const [exported, setExported] = useState<DataExport>()
  const [failed, setFailed] = useState(false)
  const [sending, setSending] = useState(false)
  const { application } = detail

  if (!can('export')) {
    return (
      <>
        <PartTitle title="Data export" />
        <h2>Data export</h2>
        <p>Only an administrator can export an applicant’s data.</p>
      </>
    )
  }

  async function make() {
    if (sending) return
    setSending(true)
    setFailed(false)
    try {
      setExported(
        await post<DataExport>(
          `/applications/${encodeURIComponent(application.applicationKey)}/data-export`,
        ),
      )
    } catch {
      setFailed(true)
    } finally {
      setSending(false)
    }
  }

  function download(data: DataExport) {
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
    saveFile(blob, `data-export-${application.reference}.json`)
  }

  return (
    <>
      <PartTitle title="Data export" />
      <h2>Data export</h2>
      {failed ? (
        <Notice kind="error">The export could not be made. Try again in a moment.</Notice>
      ) : null}
      {!exported ? (
        <>
          <p>
            Everything held about this applicant in this application, with the deliveries sent,
            notes, status changes and audit entries about it. Other applications are never added
            because they share an email address or phone number. Making the export is recorded in
            the audit log.
          </p>
          <button
            type="button"
            className="button"
            aria-disabled={sending || undefined}
            onClick={() => void make()}
          >
            Make the export
          </button>
        </>
      ) : (
        <ExportView
          data={exported}
          onDownload={() => download(exported)}
          statusLabel={statusLabel}
        />
      )}
    </>
  )
}

function ExportView({
  data,
  onDownload,
  statusLabel,
}: {
  data: DataExport
  onDownload: () => void
  statusLabel: (id: string) => string
}) {
  return (
    <div className="data-export">
      <div className="button-group no-print">
        <button type="button" className="button" onClick={onDownload}>
          Download as JSON
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <SummaryList
        rows={[
          { key: 'Name', value: [data.subject.name ?? 'Not given'] },
          { key: 'Email address', value: [data.subject.email ?? 'Not given'] },
          { key: 'Phone number', value: [data.subject.phone ?? 'Not given'] },
          { key: 'Made by', value: [data.generatedBy] },
          { key: 'Made on', value: [formatDateTime(data.generatedAt)] },
          { key: 'Applications', value: [String(data.applications.length)] },
        ]}
      />
      {data.applications.map((application) => (
        <section
          key={application.applicationKey}
          aria-labelledby={`export-${application.applicationKey}`}
        >
          <h3 id={`export-${application.applicationKey}`}>
            Application <code>{application.reference}</code>
          </h3>
          <SummaryList
            rows={[
              { key: 'Brand', value: [application.brand] },
              {
                key: 'Kind',
                value: [application.kind === 'partial' ? 'Partial (lead)' : 'Submitted'],
              },
              { key: 'Started', value: [formatDateTime(application.createdAt)] },
              {
                key: 'Submitted',
                value: [
                  application.submittedAt
                    ? formatDateTime(application.submittedAt)
                    : 'Not submitted',
                ],
              },
              { key: 'Last activity', value: [formatDateTime(application.updatedAt)] },
            ]}
          />
          {application.answers.map((section) => (
            <div key={section.title}>
              <h4>{section.title}</h4>
              <SummaryList
                rows={section.rows.map((row) => ({ key: row.label, value: row.value }))}
              />
            </div>
          ))}
          <h4>Deliveries</h4>
          {application.deliveries.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {application.deliveries.map((delivery) => (
                <li key={delivery.id}>
                  {delivery.kind === 'erasure-notice' ? 'Erasure notice' : 'Application'} to{' '}
                  {delivery.destinationId}: {delivery.status}
                  {delivery.deliveredAt
                    ? `, delivered ${formatDateTime(delivery.deliveredAt)}`
                    : ''}
                </li>
              ))}
            </ul>
          )}
          <h4>Notes</h4>
          {application.notes.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {application.notes.map((note) => (
                <li key={note.id}>
                  {note.text} ({note.by}, {formatDateTime(note.at)})
                </li>
              ))}
            </ul>
          )}
          <h4>Status changes</h4>
          {application.statusHistory.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {application.statusHistory.map((change, i) => (
                <li key={i}>
                  {statusLabel(change.status)} ({change.by}, {formatDateTime(change.at)})
                </li>
              ))}
            </ul>
          )}
          <ExportEvidence application={application} />
          <h4>Audit entries</h4>
          {application.audit.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {application.audit.map((entry) => (
                <li key={entry.seq}>
                  {entry.action} by {entry.operatorEmail ?? 'Forecourt'}, {formatDateTime(entry.at)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  )
}

const RECORD_WORDS: Record<string, string> = {
  shown: 'shown',
  agreed: 'agreed',
  declined: 'declined',
  requested: 'asked how much commission we receive',
  answered: 'told the commission',
  withdrawn: 'withdrawn',
}

/** What the applicant was shown and agreed to, decisions, emails and kept submissions, for printing. */
function ExportEvidence({ application }: { application: DataExport['applications'][number] }) {
  const evidence = application.evidence
  const decisions = application.lenderDecisions ?? []
  const emails = application.emails ?? []
  const kept = application.needsAttention ?? []
  return (
    <>
      <h4>What they were shown and agreed to</h4>
      {!evidence || evidence.records.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {evidence.records.map((record) => (
            <li key={record.id}>
              {record.applicant === 'joint' ? 'Joint applicant: ' : ''}
              {record.title} (version {record.version}): {RECORD_WORDS[record.kind] ?? record.kind}
              {record.kind === 'answered' &&
              typeof record.detail === 'object' &&
              record.detail !== null &&
              'value' in record.detail
                ? `, ${formatCommission(record.detail as { kind: 'amount' | 'percentage'; value: number })}`
                : ''}
              , {formatDateTime(record.at)}
            </li>
          ))}
        </ul>
      )}
      {evidence?.support ? (
        <>
          <h4>Support needs</h4>
          <ul>
            {evidence.support.notes.length === 0 ? (
              <li>Flagged {formatDateTime(evidence.support.flaggedAt)}; nothing recorded yet.</li>
            ) : (
              evidence.support.notes.map((note) => (
                <li key={note.id}>
                  {note.step === 'outcome' ? 'Outcome' : 'Adjustment'}: {note.note} ({note.by},{' '}
                  {formatDateTime(note.at)})
                </li>
              ))
            )}
          </ul>
        </>
      ) : null}
      <h4>Lenders’ decisions</h4>
      {decisions.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {decisions.map((decision) => (
            <li key={decision.id}>
              {decision.lenderId}: {decision.decision}
              <DecisionFacts decision={decision} />
            </li>
          ))}
        </ul>
      )}
      <h4>Emails sent about it</h4>
      {emails.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {emails.map((email, i) => (
            <li key={i}>
              {email.template} to the {email.recipient}: {email.status}
              {email.sentAt ? `, ${formatDateTime(email.sentAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {kept.length > 0 ? (
        <>
          <h4>Submissions kept for attention</h4>
          <ul>
            {kept.map((item) => (
              <li key={item.id}>
                {item.reason === 'conflict' ? 'A different submission' : 'A refused submission'},{' '}
                {formatDateTime(item.createdAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
