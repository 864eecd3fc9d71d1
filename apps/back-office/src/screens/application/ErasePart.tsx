// Erasure (UK GDPR Article 17, admins): every personal field goes, a tombstone stays, and each lender
// that received the application is told. A legal hold blocks it and says why; a reason and an explicit
// confirmation are required, because it cannot be undone.

import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { useSession } from '#app/session'
import { Checkboxes } from '@forecourt/ui/checkboxes/checkboxes'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Textarea } from '@forecourt/ui/textarea/textarea'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export const CONFIRM_ERASE =
  'I understand that the personal data will be erased and cannot be restored'

export function ErasePart() {
  const { detail, reload, flash, base } = useApplication()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const [reason, setReason] = useState('')
  const [confirmed, setConfirmed] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const form = useFormErrors()
  const { application } = detail

  if (!can('erase')) {
    return (
      <>
        <PartTitle title="Erase personal data" />
        <h2>Erase personal data</h2>
        <p>Only an administrator can erase personal data.</p>
      </>
    )
  }

  if (application.legalHold) {
    return (
      <>
        <PartTitle title="Erase personal data" />
        <h2>Erase personal data</h2>
        <Notice kind="warning">
          <p>
            This application is under a legal hold and cannot be erased:{' '}
            {application.legalHold.reason}
          </p>
        </Notice>
        <p>An administrator must lift the legal hold first.</p>
      </>
    )
  }

  async function erase(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const errors = [
      reason.trim() ? undefined : { id: 'erase-reason', message: 'Enter why the data is erased' },
      confirmed.length > 0
        ? undefined
        : {
            id: 'erase-confirm',
            message: 'Confirm that you understand the erasure cannot be undone',
          },
    ].filter((item) => item !== undefined)
    if (errors.length > 0) return form.show(errors)
    setSending(true)
    try {
      const answer = await post('POST /api/back-office/applications/:applicationKey/erase', {
        params: { applicationKey: application.applicationKey },
        body: { reason: reason.trim() },
      })
      await reload()
      flash(
        `The personal data was erased. ${answer.notices === 0 ? 'No lender had received it.' : `${answer.notices} lender${answer.notices === 1 ? ' is' : 's are'} being told.`}`,
      )
      navigate(base)
    } catch (error) {
      form.show(
        error instanceof ApiError && error.fieldErrors.length > 0
          ? fromServer(error.fieldErrors, { reason: 'erase-reason' })
          : [
              {
                id: 'erase-reason',
                message:
                  (error instanceof ApiError && error.serverMessage) ||
                  'The data could not be erased: try again',
              },
            ],
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <PartTitle title="Erase personal data" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Erase personal data</h2>
      <Notice kind="warning">
        <p>
          Every answer, note and saved draft of this application will be erased. The reference,
          brand and dates are kept with your reason. Each lender that received it is sent an erasure
          notice. This cannot be undone.
        </p>
      </Notice>
      <form noValidate onSubmit={(event) => void erase(event)}>
        <Textarea
          id="erase-reason"
          label="Why the data is erased"
          hint="For example, the applicant’s erasure request of 26 November 2026. Do not write personal data here."
          rows={3}
          maxLength={500}
          value={reason}
          onChange={setReason}
          error={form.errorFor('erase-reason')}
        />
        <Checkboxes
          id="erase-confirm"
          label="Confirm"
          options={[{ value: 'yes', label: CONFIRM_ERASE }]}
          values={confirmed}
          onChange={setConfirmed}
          error={form.errorFor('erase-confirm')}
        />
        <button
          type="submit"
          className="button button--warning"
          aria-disabled={sending || undefined}
        >
          Erase personal data
        </button>
      </form>
    </>
  )
}
