// The broker's status of the application (new, contacted, with lender, …), with who set it and when.

import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { useSession, useSignedIn } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Radios } from '@forecourt/ui/radios/radios'
import { useFormErrors } from '#components/form/use-form-errors'
import { post } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export function StatusPart() {
  const { detail, reload, flash, statusLabel, base } = useApplication()
  const session = useSignedIn()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const { application, statusHistory } = detail
  const [status, setStatus] = useState(application.brokerStatus)
  const [sending, setSending] = useState(false)
  const form = useFormErrors()

  if (!can('status') || application.erased) {
    return (
      <>
        <PartTitle title="Change status" />
        <h2>Change status</h2>
        <p>You cannot change the status of this application.</p>
      </>
    )
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    if (!status) return form.show([{ id: 'status', message: 'Choose the status' }])
    if (status === application.brokerStatus) {
      navigate(base)
      return
    }
    setSending(true)
    try {
      await post('POST /api/back-office/applications/:applicationKey/status', {
        params: { applicationKey: application.applicationKey },
        body: { status },
      })
      await reload()
      flash(`The status is now ${statusLabel(status)}.`)
      navigate(base)
    } catch {
      form.show([{ id: 'status', message: 'The status could not be saved: try again' }])
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <PartTitle title="Change status" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Change status</h2>
      {application.brokerStatusChangedAt ? (
        <p>
          Set to {statusLabel(application.brokerStatus)} by{' '}
          {application.brokerStatusChangedBy ?? 'Forecourt'} on{' '}
          {formatDateTime(application.brokerStatusChangedAt)}.
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void save(event)}>
        <Radios
          id="status"
          label="The broker’s status"
          options={session.brokerStatuses.map((s) => ({ value: s.id, label: s.label }))}
          value={status}
          onChange={setStatus}
          error={form.errorFor('status')}
        />
        <div className="button-group">
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Save status
          </button>
        </div>
      </form>
      {statusHistory.length > 0 ? (
        <table className="table table--stack">
          <caption>Earlier statuses, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Set by</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {statusHistory.map((change, i) => (
              <tr key={`${change.at}-${i}`}>
                <td data-label="Status">{statusLabel(change.status)}</td>
                <td data-label="Set by">{change.by}</td>
                <td data-label="When">{formatDateTime(change.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  )
}
