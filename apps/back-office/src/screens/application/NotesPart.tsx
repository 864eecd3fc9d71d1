// The broker's notes on the application, newest first; caseworkers and admins add one.

import { useState, type FormEvent } from 'react'
import { useSession } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Textarea } from '@forecourt/ui/textarea/textarea'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, post } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

export const NOTE_MAX_LENGTH = 2000

export function NotesPart() {
  const { detail, reload } = useApplication()
  const { can } = useSession()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [added, setAdded] = useState(false)
  const form = useFormErrors()
  const erased = detail.application.erased !== null

  async function add(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    setAdded(false)
    if (!text.trim()) return form.show([{ id: 'note', message: 'Enter the note' }])
    setSending(true)
    try {
      await post('POST /api/back-office/applications/:applicationKey/notes', {
        params: { applicationKey: detail.application.applicationKey },
        body: { text: text.trim() },
      })
      form.clear()
      setText('')
      await reload()
      setAdded(true)
    } catch (error) {
      form.show(
        error instanceof ApiError && error.fieldErrors.length > 0
          ? fromServer(error.fieldErrors, { text: 'note' })
          : [{ id: 'note', message: 'The note could not be saved: try again' }],
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <PartTitle title="Application notes" hasErrors={form.errors.length > 0} />
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <h2>Notes</h2>
      {added ? <Notice kind="success">The note was added.</Notice> : null}
      {can('notes') && !erased ? (
        <form noValidate onSubmit={(event) => void add(event)}>
          <Textarea
            id="note"
            label="Add a note"
            hint="What was said or done. The applicant never sees notes."
            rows={4}
            maxLength={NOTE_MAX_LENGTH}
            value={text}
            onChange={setText}
            error={form.errorFor('note')}
          />
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Add note
          </button>
        </form>
      ) : null}
      {detail.notes.length === 0 ? (
        <p>There are no notes.</p>
      ) : (
        <ol className="notes" aria-label="Notes, newest first">
          {detail.notes.map((note) => (
            <li className="notes__item" key={note.id}>
              <p className="notes__text">{note.text}</p>
              <p className="secondary-text">
                {note.by}, <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
