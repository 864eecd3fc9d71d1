// The page a used, expired or void link shows, on `/continue` and on `/joint-confirm` alike: "This link has
// expired", and a form that sends a new link to the address the old one went to
// (docs/requirements.md#save-and-come-back-later; decisions 1821, 1921). The answer is the server's, and
// the same whatever the address, so the page never says whether it was the right one.
import { useState, type FormEvent, type ReactNode } from 'react'
import { validateEmail } from '@forecourt/domain/fields/email'
import { SAVE_RETURN_MESSAGES as M } from '@forecourt/domain/save-return/messages'
import type { ApiUrl } from '#lib/api'
import { requestNewLink, type NewLinkRoute } from '#lib/save-return'
import { EmailInput } from '../form/email-input/email-input'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { ScreenHeading } from '../screen-heading/screen-heading'

export function NewLinkForm({
  url,
  token,
  children,
}: {
  /** The route that renews this kind of link. */
  url: ApiUrl<NewLinkRoute>
  token: string
  /** Shown below the form: what else the person can do. */
  children?: ReactNode
}) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [answer, setAnswer] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const field = 'new-link-email'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    const invalid = validateEmail(email)
    if (invalid) return setError(invalid.text)
    setError(undefined)
    setSending(true)
    const outcome = await requestNewLink(url, token, email.trim())
    setSending(false)
    if (outcome.kind === 'requested') return setAnswer(outcome.message)
    setError(outcome.message ?? M.checkFailed)
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      <ScreenHeading>{M.expiredHeading}</ScreenHeading>
      <p>{M.expiredBody}</p>
      <div role="status">{answer && <p className="page-notice">{answer}</p>}</div>
      <EmailInput
        id={field}
        name="email"
        label={M.emailLabel}
        value={email}
        onChange={setEmail}
        error={error}
      />
      <div className="step-actions">
        <button type="submit" className="button" disabled={sending}>
          {M.newLinkSubmit}
        </button>
      </div>
      {children}
    </form>
  )
}
