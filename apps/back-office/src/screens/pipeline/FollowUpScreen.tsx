// A caseworker's follow-up on a case (decision 2115): the day to come back to it and a note; it shows in the
// pipeline, overdue or due today first. A new one replaces the last.

import { useState, type FormEvent } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { Textarea } from '@forecourt/ui/textarea/textarea'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { ApiError, post } from '#lib/api'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export default function FollowUpScreen() {
  const { key = '' } = useParams<{ key: string }>()
  const [, navigate] = useLocation()
  const form = useFormErrors()
  const [dueOn, setDueOn] = useState('')
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  usePageTitle('Set a follow-up', form.errors.length > 0)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const errors = []
    if (!DAY.test(dueOn))
      errors.push({ id: 'due-on', message: 'Enter the day to follow up as a date, today or later' })
    if (note.trim() === '')
      errors.push({ id: 'note', message: 'Enter a note of up to 500 characters' })
    if (errors.length > 0) return form.show(errors)
    setSending(true)
    try {
      await post('POST /api/back-office/applications/:applicationKey/follow-up', {
        params: { applicationKey: key },
        body: { dueOn, note: note.trim() },
      })
      navigate('/pipeline')
    } catch (error) {
      form.show(
        error instanceof ApiError && error.fieldErrors.length > 0
          ? fromServer(error.fieldErrors, { dueOn: 'due-on', note: 'note' })
          : [{ id: 'due-on', message: 'The follow-up could not be saved: try again' }],
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Set a follow-up</PageHeading>
      <form noValidate onSubmit={(event) => void save(event)}>
        <TextInput
          id="due-on"
          label="Follow up on"
          type="date"
          hint="Today or later"
          value={dueOn}
          onChange={setDueOn}
          error={form.errorFor('due-on')}
        />
        <Textarea
          id="note"
          label="What to do"
          hint="Up to 500 characters, for example “Chase the payslips”"
          value={note}
          onChange={setNote}
          maxLength={500}
          rows={3}
          error={form.errorFor('note')}
        />
        <div className="button-group">
          <button type="submit" className="button">
            Save the follow-up
          </button>
          <Link href="/pipeline">Back to the pipeline</Link>
        </div>
      </form>
    </>
  )
}
