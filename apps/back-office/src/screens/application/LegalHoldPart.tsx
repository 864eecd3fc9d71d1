// A legal hold (admins): while set, the application cannot be erased, and the reason says why.

import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { useSession } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Textarea } from '@forecourt/ui/textarea/textarea'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { ApiError, post } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export function LegalHoldPart() {
  const { detail, reload, flash, base } = useApplication()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const [reason, setReason] = useState('')
  const [sending, setSending] = useState(false)
  const form = useFormErrors()
  const { application } = detail
  const hold = application.legalHold
  const params = { applicationKey: application.applicationKey }

  if (!can('legal-hold')) {
    return (
      <>
        <PartTitle title="Legal hold" />
        <h2>Legal hold</h2>
        <p>Only an administrator can set or lift a legal hold.</p>
      </>
    )
  }

  async function act(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    if (!hold && !reason.trim())
      return form.show([{ id: 'hold-reason', message: 'Enter why the data must be kept' }])
    setSending(true)
    try {
      if (hold)
        await post('POST /api/back-office/applications/:applicationKey/legal-hold/lift', { params })
      else {
        await post('POST /api/back-office/applications/:applicationKey/legal-hold', {
          params,
          body: { reason: reason.trim() },
        })
      }
      await reload()
      flash(
        hold
          ? 'The legal hold was lifted.'
          : 'The legal hold was set: the application cannot be erased.',
      )
      navigate(base)
    } catch (error) {
      form.show(
        error instanceof ApiError && error.fieldErrors.length > 0
          ? fromServer(error.fieldErrors, { reason: 'hold-reason' })
          : [
              {
                id: hold ? 'lift-hold' : 'hold-reason',
                message:
                  (error instanceof ApiError && error.serverMessage) ||
                  'That did not work: try again',
              },
            ],
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <PartTitle title="Legal hold" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Legal hold</h2>
      {hold ? (
        <>
          <p>
            Set by {hold.setBy} on {formatDateTime(hold.setAt)}. Reason: {hold.reason}
          </p>
          <p>While the hold is set, the application’s personal data cannot be erased.</p>
          <form noValidate onSubmit={(event) => void act(event)}>
            <button
              id="lift-hold"
              type="submit"
              className="button button--warning"
              aria-disabled={sending || undefined}
            >
              Lift legal hold
            </button>
          </form>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void act(event)}>
          <p>
            A legal hold stops anyone erasing the application’s personal data until it is lifted.
          </p>
          <Textarea
            id="hold-reason"
            label="Why the data must be kept"
            hint="For example, a court order or a complaint to the Financial Ombudsman Service. Do not write personal data here."
            rows={3}
            maxLength={500}
            value={reason}
            onChange={setReason}
            error={form.errorFor('hold-reason')}
          />
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Set legal hold
          </button>
        </form>
      )}
    </>
  )
}
