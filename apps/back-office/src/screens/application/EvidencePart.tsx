// The evidence of what each applicant was shown and agreed to, as recorded and never changed: the
// marketing consents as they stand, the commission requests with their answers, the vulnerability flag
// with the adjustment and outcome, and every record. Caseworkers and admins add records: a consent
// withdrawn on the applicant's request, an answer to "How much commission will you receive?", a
// support note. One error summary serves the page's three forms.
// It stays whole, just over 500 lines: the three forms share that summary and the form state behind it.

import { useState, type FormEvent } from 'react'
import { useSession } from '#app/session'
import { Badge } from '#components/badge/Badge'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Radios } from '@forecourt/ui/radios/radios'
import { Select } from '@forecourt/ui/select/select'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { Textarea } from '@forecourt/ui/textarea/textarea'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import type { BackOfficeBody } from '@forecourt/domain/contract/back-office-requests'
import { formatDateTime } from '#lib/format-time'
import { formatCommission } from '#lib/money'
import type { Consent, Evidence, EvidenceRecord } from '#lib/types'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export const SUPPORT_NOTE_MAX_LENGTH = 2000

const KIND_WORDS: Record<string, string> = {
  shown: 'Shown',
  agreed: 'Agreed',
  declined: 'Declined',
  requested: 'Asked',
  answered: 'Answered',
  withdrawn: 'Withdrawn',
}

const STATE_COLOURS = { agreed: 'green', declined: 'grey', withdrawn: 'orange' } as const

const REASONS: Record<string, string> = {
  'discuss-financial-circumstances': 'Asked to discuss their financial circumstances',
  'additional-needs': 'Wrote about additional needs',
}

const applicantWords = (applicant: 'main' | 'joint') =>
  applicant === 'joint' ? 'Joint applicant' : 'Applicant'

function recordedBy(record: EvidenceRecord): string {
  if (record.source === 'operator') return record.operator ?? 'An operator'
  return record.source === 'browser' ? 'The form (reported by the page)' : 'The submission'
}

/** A number typed as people type money or rates: "£1,250.50", "3.5%". */
function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[£%,\s]/g, '')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined
  return Number(cleaned)
}

export default function EvidencePart() {
  const { detail, reload } = useApplication()
  const { can } = useSession()
  const form = useFormErrors()
  const [done, setDone] = useState<string>()
  const [sending, setSending] = useState(false)
  const evidence: Evidence = detail.evidence ?? {
    records: [],
    consents: [],
    commissionRequests: [],
    support: null,
  }
  const { application } = detail
  const params = { applicationKey: application.applicationKey }
  const mayAdd = can('evidence') && application.erased === null

  /** Sends one form; its fields' server errors land on its inputs. */
  async function send(call: () => Promise<unknown>, ids: Record<string, string>, said: string) {
    if (sending) return false
    setSending(true)
    setDone(undefined)
    try {
      await call()
      form.clear()
      await reload()
      setDone(said)
      return true
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.show(fromServer(error.fieldErrors, ids))
      } else {
        const first = Object.values(ids)[0] ?? ''
        const message =
          error instanceof ApiError && error.status === 409 && error.serverMessage
            ? error.serverMessage
            : 'It could not be recorded: try again'
        form.show([{ id: first, message }])
      }
      return false
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <PartTitle title="Application evidence" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Evidence</h2>
      <p>
        What each applicant was shown and agreed to, with the time our server received it. Records
        are never changed: a withdrawal or an answer is a record of its own.
      </p>
      {done ? <Notice kind="success">{done}</Notice> : null}

      <SupportSection
        evidence={evidence}
        form={form}
        mayAdd={mayAdd}
        onSend={(body) =>
          send(
            () => post(`${ROUTE}/support-notes`, { params, body }),
            { step: 'support-step', note: 'support-note' },
            'The note was recorded.',
          )
        }
      />
      <ConsentSection
        consents={evidence.consents}
        form={form}
        mayAdd={mayAdd}
        onSend={(body) =>
          send(
            () => post(`${ROUTE}/consent-withdrawals`, { params, body }),
            { applicant: 'withdraw-consent', channel: 'withdraw-consent' },
            'The withdrawal was recorded.',
          )
        }
      />
      <CommissionSection
        evidence={evidence}
        lenders={detail.lenders ?? []}
        form={form}
        mayAdd={mayAdd && application.kind !== 'refused'}
        onSend={(body) =>
          send(
            () => post(`${ROUTE}/commission-answers`, { params, body }),
            { lenderId: 'commission-lender', kind: 'commission-kind', value: 'commission-value' },
            'The answer was recorded.',
          )
        }
      />

      <h3>Every record</h3>
      {evidence.records.length === 0 ? (
        <p>There are no records.</p>
      ) : (
        <table className="table table--stack">
          <caption>Evidence records, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Text</th>
              <th scope="col">Record</th>
              <th scope="col">Version and hash</th>
              <th scope="col">Where</th>
              <th scope="col">Recorded by</th>
            </tr>
          </thead>
          <tbody>
            {evidence.records.map((record) => (
              <tr key={record.id}>
                <td data-label="When">
                  <time dateTime={record.at}>{formatDateTime(record.at)}</time>
                </td>
                <td data-label="Who">{applicantWords(record.applicant)}</td>
                <th scope="row" data-label="Text">
                  {record.title} <span className="secondary-text">({record.disclosureId})</span>
                </th>
                <td data-label="Record">
                  {KIND_WORDS[record.kind] ?? record.kind}
                  {record.kind === 'answered' && isAnswer(record.detail)
                    ? `: ${formatCommission(record.detail)} from ${record.detail.lenderId}`
                    : ''}
                </td>
                <td data-label="Version and hash">
                  Version {record.version}, <code className="hash">{record.textHash}</code>
                </td>
                <td data-label="Where">
                  {record.screen ?? (record.channel ? `By ${record.channel}` : '–')}
                </td>
                <td data-label="Recorded by">{recordedBy(record)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

function isAnswer(
  detail: unknown,
): detail is { lenderId: string; kind: 'amount' | 'percentage'; value: number } {
  return typeof detail === 'object' && detail !== null && 'lenderId' in detail && 'value' in detail
}

type Form = ReturnType<typeof useFormErrors>
const ROUTE = 'POST /api/back-office/applications/:applicationKey'
type SupportStep = BackOfficeBody<`${typeof ROUTE}/support-notes`>['step']
type CommissionKind = BackOfficeBody<`${typeof ROUTE}/commission-answers`>['kind']

function SupportSection({
  evidence,
  form,
  mayAdd,
  onSend,
}: {
  evidence: Evidence
  form: Form
  mayAdd: boolean
  onSend: (body: BackOfficeBody<`${typeof ROUTE}/support-notes`>) => Promise<boolean | undefined>
}) {
  const [step, setStep] = useState<SupportStep | ''>('')
  const [note, setNote] = useState('')
  const support = evidence.support
  if (support === null) return null

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = []
    if (!step) {
      errors.push({
        id: 'support-step',
        message: 'Choose whether this is an adjustment or an outcome',
      })
    }
    if (!note.trim()) errors.push({ id: 'support-note', message: 'Enter the note' })
    if (errors.length > 0 || step === '') return form.show(errors)
    if (await onSend({ step, note: note.trim() })) {
      setStep('')
      setNote('')
    }
  }

  return (
    <section aria-labelledby="support-heading">
      <h3 id="support-heading">
        Support needs <Badge colour="purple">Flagged</Badge>
      </h3>
      <p>
        Flagged <time dateTime={support.flaggedAt}>{formatDateTime(support.flaggedAt)}</time>:{' '}
        {support.reasons.map((reason) => REASONS[reason] ?? reason).join('; ')}. The applicant’s own
        words are in the answers. Record what was done to help (the adjustment) and how it turned
        out (the outcome).
      </p>
      {support.notes.length === 0 ? (
        <p>No adjustment or outcome is recorded yet.</p>
      ) : (
        <ol className="notes" aria-label="Support notes, oldest first">
          {support.notes.map((entry) => (
            <li className="notes__item" key={entry.id}>
              <p>
                <strong>{entry.step === 'outcome' ? 'Outcome' : 'Adjustment'}:</strong> {entry.note}
              </p>
              <p className="secondary-text">
                {entry.by}, <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {mayAdd ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Radios
            id="support-step"
            label="What are you recording?"
            small
            options={[
              { value: 'adjustment', label: 'An adjustment made for the applicant' },
              { value: 'outcome', label: 'The outcome' },
            ]}
            value={step}
            onChange={(value) => setStep(value as SupportStep)}
            error={form.errorFor('support-step')}
          />
          <Textarea
            id="support-note"
            label="Support note"
            hint="Kept sealed: it may be about the applicant’s health or money troubles."
            rows={3}
            maxLength={SUPPORT_NOTE_MAX_LENGTH}
            value={note}
            onChange={setNote}
            error={form.errorFor('support-note')}
          />
          <button type="submit" className="button">
            Record the note
          </button>
        </form>
      ) : null}
    </section>
  )
}

function ConsentSection({
  consents,
  form,
  mayAdd,
  onSend,
}: {
  consents: Consent[]
  form: Form
  mayAdd: boolean
  onSend: (
    body: BackOfficeBody<`${typeof ROUTE}/consent-withdrawals`>,
  ) => Promise<boolean | undefined>
}) {
  const [chosen, setChosen] = useState('')
  const agreed = consents.filter((consent) => consent.state === 'agreed')

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!chosen) {
      return form.show([
        { id: 'withdraw-consent', message: 'Choose the consent the applicant withdrew' },
      ])
    }
    const [applicant = '', channel = ''] = chosen.split(':')
    // The choices are the consents on record, whose applicant is main or joint.
    if (await onSend({ applicant: applicant as Consent['applicant'], channel })) setChosen('')
  }

  return (
    <section aria-labelledby="consents-heading">
      <h3 id="consents-heading">Marketing consents</h3>
      {consents.length === 0 ? (
        <p>No marketing consent is on record.</p>
      ) : (
        <table className="table table--stack">
          <caption>Marketing consent per channel, as it stands now</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Consent</th>
              <th scope="col">Answer</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {consents.map((consent) => (
              <tr key={`${consent.applicant}:${consent.channel}`}>
                <td data-label="Who">{applicantWords(consent.applicant)}</td>
                <th scope="row" data-label="Consent">
                  {consent.title}
                </th>
                <td data-label="Answer">
                  <Badge colour={STATE_COLOURS[consent.state]}>
                    {KIND_WORDS[consent.state] ?? consent.state}
                  </Badge>
                </td>
                <td data-label="Since">
                  <time dateTime={consent.at}>{formatDateTime(consent.at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayAdd && agreed.length > 0 ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Radios
            id="withdraw-consent"
            label="Record a withdrawal"
            hint="Only when the applicant has asked. The agreement stays on record; the withdrawal is added after it."
            small
            options={agreed.map((consent) => ({
              value: `${consent.applicant}:${consent.channel}`,
              label: `${applicantWords(consent.applicant)}: ${consent.title}`,
            }))}
            value={chosen}
            onChange={setChosen}
            error={form.errorFor('withdraw-consent')}
          />
          <button type="submit" className="button">
            Record the withdrawal
          </button>
        </form>
      ) : null}
    </section>
  )
}

function CommissionSection({
  evidence,
  lenders,
  form,
  mayAdd,
  onSend,
}: {
  evidence: Evidence
  lenders: string[]
  form: Form
  mayAdd: boolean
  onSend: (
    body: BackOfficeBody<`${typeof ROUTE}/commission-answers`>,
  ) => Promise<boolean | undefined>
}) {
  const [lenderId, setLenderId] = useState('')
  const [kind, setKind] = useState<CommissionKind | ''>('')
  const [value, setValue] = useState('')
  const requests = evidence.commissionRequests

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = []
    if (!lenderId) {
      errors.push({ id: 'commission-lender', message: 'Choose a lender on this brand’s panel' })
    }
    if (!kind) {
      errors.push({
        id: 'commission-kind',
        message: 'Choose whether the commission is an amount or a percentage',
      })
    }
    const number = parseNumber(value)
    if (number === undefined) {
      errors.push({
        id: 'commission-value',
        message: 'Enter the commission as a number, such as 412.50 or 3.5',
      })
    }
    if (errors.length > 0 || number === undefined || kind === '') return form.show(errors)
    if (await onSend({ lenderId, kind, value: number })) {
      setLenderId('')
      setKind('')
      setValue('')
    }
  }

  return (
    <section aria-labelledby="commission-heading" id="commission">
      <h3 id="commission-heading">Commission</h3>
      {requests.length === 0 ? (
        <p>The applicant has not asked how much commission we receive.</p>
      ) : (
        <ul className="facts">
          {requests.map((request) => (
            <li key={request.requestedAt}>
              Asked{' '}
              <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt)}</time>
              {request.answers.length === 0 ? (
                <>
                  {' '}
                  <Badge colour="orange">Waiting for an answer</Badge>
                </>
              ) : (
                <ul>
                  {request.answers.map((answer) => (
                    <li key={answer.at + answer.answer.lenderId}>
                      {answer.answer.lenderId}: {formatCommission(answer.answer)}, told by{' '}
                      {answer.operator ?? 'an operator'} on {formatDateTime(answer.at)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayAdd ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <h4>Record an answer</h4>
          <p className="hint">
            What you told the applicant the broker receives from one lender. An applicant who asked
            on the telephone is recorded as asking too.
          </p>
          <Select
            id="commission-lender"
            label="Lender"
            emptyLabel="Choose a lender"
            options={lenders.map((lender) => ({ value: lender, label: lender }))}
            value={lenderId}
            onChange={setLenderId}
            error={form.errorFor('commission-lender')}
          />
          <Radios
            id="commission-kind"
            label="The commission is"
            small
            options={[
              { value: 'amount', label: 'An amount in pounds' },
              { value: 'percentage', label: 'A percentage of the amount borrowed' },
            ]}
            value={kind}
            onChange={(value) => setKind(value as CommissionKind)}
            error={form.errorFor('commission-kind')}
          />
          <TextInput
            id="commission-value"
            label="Commission"
            hint="In pounds (412.50) or as a percentage (3.5)"
            inputMode="decimal"
            autoComplete="off"
            width={10}
            value={value}
            onChange={setValue}
            error={form.errorFor('commission-value')}
          />
          <button type="submit" className="button">
            Record the answer
          </button>
        </form>
      ) : null}
    </section>
  )
}
