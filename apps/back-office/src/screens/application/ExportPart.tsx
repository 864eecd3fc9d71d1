// The subject access export (UK GDPR Article 15, admins): everything held about the applicant, as a
// JSON file to send and as a page to print. Making it is audited, so it is made on request only. The
// other applications that share the email address or phone number are offered, and one is added only
// when the admin ticks it: a shared detail is easy to borrow (decision 2042).

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useSession, useSignedIn } from '#app/session'
import { Checkboxes } from '@forecourt/ui/checkboxes/checkboxes'
import type { ChoiceOption as CheckboxOption } from '@forecourt/ui/field/field-props'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { SummaryList } from '#components/summary-list/SummaryList'
import { ApiError, get, post } from '#lib/api'
import { saveFile } from '#lib/download'
import { formatDate, formatDateTime } from '#lib/format-time'
import { formatCommission } from '#lib/money'
import type { DataExport, ExportCandidate, Named } from '#lib/types'
import { DecisionFacts } from './TimelinePart'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

const INCLUDE_ID = 'export-include'
const MAKE_ID = 'export-make'

export const CANDIDATES_LEGEND = 'Add other applications of this applicant'
export const CANDIDATES_HINT =
  'Each shares this application’s email address or phone number, which someone else may have used too. Tick only those you are sure are this applicant’s: everything held about them is added to the export. Nothing is added unless you tick it.'
export const NO_CANDIDATES =
  'No other application shares this applicant’s email address or phone number, so the export holds this application only.'
export const CANDIDATES_CHANGED =
  'The other applications have changed since you chose: choose again from the list as it is now'

type Candidates =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; list: ExportCandidate[] }

/** What a candidate shares with this application: 'Same phone number only', 'Strong match: …'. */
export function matchWords(candidate: Pick<ExportCandidate, 'matches' | 'strong'>): string {
  const { email, phone, dateOfBirth, name } = candidate.matches
  const same = [
    email ? 'email address' : undefined,
    phone ? 'phone number' : undefined,
    dateOfBirth ? 'date of birth' : undefined,
    name ? 'name' : undefined,
  ].filter((word) => word !== undefined)
  const words =
    same.length === 0
      ? 'found by the search index, though no detail is the same now'
      : same.length === 1
        ? `same ${same[0]} only`
        : `same ${same.slice(0, -1).join(', ')} and ${same.at(-1)}`
  return candidate.strong ? `Strong match: ${words}` : `${words[0]?.toUpperCase()}${words.slice(1)}`
}

/** A candidate as a box to tick: its reference, brand, kind and date, and what it shares. */
export function candidateOption(
  candidate: ExportCandidate,
  brands: readonly Named[],
): CheckboxOption {
  const brand = brands.find((each) => each.id === candidate.brand)?.name ?? candidate.brand
  const kind = candidate.kind === 'partial' ? 'partial (lead)' : 'submitted'
  return {
    value: candidate.applicationKey,
    label: `${candidate.reference}, ${brand}, ${kind}, started ${formatDate(candidate.createdAt)}`,
    hint: matchWords(candidate),
  }
}

async function lookUp(applicationKey: string): Promise<Candidates> {
  try {
    const { candidates } = await get(
      'GET /api/back-office/applications/:applicationKey/data-export/candidates',
      { params: { applicationKey } },
    )
    return { state: 'loaded', list: candidates }
  } catch {
    return { state: 'failed' }
  }
}

export default function ExportPart() {
  const { detail, statusLabel } = useApplication()
  const { can } = useSession()
  const session = useSignedIn()
  const [exported, setExported] = useState<DataExport>()
  const [candidates, setCandidates] = useState<Candidates>({ state: 'loading' })
  const [chosen, setChosen] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const form = useFormErrors()
  const { application } = detail
  const allowed = can('export')
  const { applicationKey } = application

  useEffect(() => {
    if (!allowed) return
    let live = true
    void lookUp(applicationKey).then((found) => live && setCandidates(found))
    return () => {
      live = false
    }
  }, [allowed, applicationKey])

  if (!allowed) {
    return (
      <>
        <PartTitle title="Data export" />
        <h2>Data export</h2>
        <p>Only an administrator can export an applicant’s data.</p>
      </>
    )
  }

  async function lookAgain(): Promise<Candidates> {
    setCandidates({ state: 'loading' })
    const found = await lookUp(applicationKey)
    setCandidates(found)
    return found
  }

  async function make(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    setSending(true)
    try {
      const made = await post('POST /api/back-office/applications/:applicationKey/data-export', {
        params: { applicationKey },
        body: { include: chosen },
      })
      form.clear()
      setExported(made)
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.some((each) => each.field === 'include')) {
        // A chosen application stopped being a candidate after the list was shown (erased, or its
        // details changed): the admin chooses again from the list as it is now.
        setChosen([])
        const found = await lookAgain()
        const boxes = found.state === 'loaded' && found.list.length > 0
        form.show([{ id: boxes ? INCLUDE_ID : MAKE_ID, message: CANDIDATES_CHANGED }])
      } else if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.show(fromServer(error.fieldErrors, { include: INCLUDE_ID }))
      } else {
        form.show([
          {
            id: MAKE_ID,
            message:
              (error instanceof ApiError && error.status === 409 && error.serverMessage) ||
              'The export could not be made: try again',
          },
        ])
      }
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
      <PartTitle title="Data export" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Data export</h2>
      {exported ? (
        <ExportView
          data={exported}
          onDownload={() => download(exported)}
          statusLabel={statusLabel}
        />
      ) : (
        <>
          <p>
            Everything held about this applicant in this application, with the deliveries sent,
            notes, status changes and audit entries about it, and the same for each other
            application you choose to add. Making the export is recorded in the audit log.
          </p>
          {candidates.state === 'loading' ? (
            <p className="loading" role="status">
              Looking for other applications with the same email address or phone number…
            </p>
          ) : candidates.state === 'failed' ? (
            <>
              <Notice kind="error">
                The other applications with the same email address or phone number could not be
                looked up. Try again in a moment.
              </Notice>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void lookAgain()}
              >
                Look again
              </button>
            </>
          ) : (
            <form noValidate onSubmit={(event) => void make(event)}>
              {candidates.list.length === 0 ? (
                <p>{NO_CANDIDATES}</p>
              ) : (
                <Checkboxes
                  id={INCLUDE_ID}
                  label={CANDIDATES_LEGEND}
                  hint={CANDIDATES_HINT}
                  options={candidates.list.map((each) => candidateOption(each, session.brands))}
                  values={chosen}
                  onChange={setChosen}
                  error={form.errorFor(INCLUDE_ID)}
                />
              )}
              <button
                id={MAKE_ID}
                type="submit"
                className="button"
                aria-disabled={sending || undefined}
              >
                Make the export
              </button>
            </form>
          )}
        </>
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
  // The button that made the export is gone: focus goes to what comes next, not to the page's top.
  const downloadButton = useRef<HTMLButtonElement>(null)
  useEffect(() => downloadButton.current?.focus(), [])
  const count = data.applications.length
  return (
    <div className="data-export">
      <Notice kind="success">
        The export is made: it holds {count === 1 ? '1 application' : `${count} applications`}.
      </Notice>
      <div className="button-group no-print">
        <button ref={downloadButton} type="button" className="button" onClick={onDownload}>
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
                  {entry.action} by {entry.operatorId === null ? 'Forecourt' : 'an operator'},{' '}
                  {formatDateTime(entry.at)}
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
