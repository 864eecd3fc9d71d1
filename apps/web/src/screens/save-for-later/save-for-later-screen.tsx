// /save?from=/contact: "Save and come back later" (docs/requirements.md#save-and-come-back-later). The
// applicant gives an email address (prefilled when known); the answers and a link go to the server, and
// the page says where the link went and until when it works. The answer is the same whoever the address
// belongs to: it is masked, and "if that address is right".
import { useState, type FormEvent } from 'react'
import { Link, useSearch } from 'wouter'
import { validateEmail } from '@forecourt/domain/fields/email'
import { formatExpiry, isReturnScreen } from '@forecourt/domain/save-return/save-return'
import { SAVE_RETURN_MESSAGES as M } from '@forecourt/domain/save-return/messages'
import { useBrand } from '#brand/use-brand'
import { EmailInput } from '#components/form/email-input/email-input'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { usePageTitle } from '#lib/use-page-title'
import { applicationStore, getApplication } from '#lib/session-store'
import { saveForLater, startSavedAnswersRefresh, type SavedForLater } from '#lib/save-return'

const FIELD = 'save-email'

export default function SaveForLaterScreen() {
  const brand = useBrand()
  const from = new URLSearchParams(useSearch()).get('from') ?? ''
  const screen = isReturnScreen(from) ? from : '/'
  const [email, setEmail] = useState(() => getApplication().form.email)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [pageError, setPageError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<SavedForLater | undefined>()

  usePageTitle(`${sent ? M.sentHeading : M.saveHeading} – ${brand.tradingName}`)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const invalid = validateEmail(email)
    setAttempt((count) => count + 1)
    if (invalid) {
      setFieldError(invalid.text)
      setPageError(undefined)
      return
    }
    setFieldError(undefined)
    setSending(true)
    const outcome = await saveForLater(getApplication(), brand, email.trim(), screen)
    setSending(false)
    if (outcome.kind === 'sent') {
      setPageError(undefined)
      setSent(outcome.sent)
      startSavedAnswersRefresh({
        getState: getApplication,
        subscribe: (listener) => applicationStore.subscribe(listener),
      })
      return
    }
    setPageError(
      outcome.status === 429 || outcome.status === 409
        ? (outcome.message ?? M.notSaved)
        : M.notSaved,
    )
  }

  if (sent) {
    return (
      <div>
        <ScreenHeading>{M.sentHeading}</ScreenHeading>
        <p>{M.sent(sent.maskedEmail)}</p>
        <p>{M.sentExpiry(formatExpiry(sent.expiresAt))}</p>
        <p>
          <Link href={screen}>{M.continueNow}</Link>
        </p>
      </div>
    )
  }

  const errors = [...(fieldError ? [{ id: FIELD, message: fieldError }] : [])]
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors} focusKey={attempt} />
      <ScreenHeading>{M.saveHeading}</ScreenHeading>
      <p>{M.saveIntro}</p>
      {pageError && (
        <p className="page-notice page-notice--error" role="alert">
          {pageError}
        </p>
      )}
      <EmailInput
        id={FIELD}
        name="email"
        label={M.emailLabel}
        hint={M.emailHint}
        value={email}
        onChange={setEmail}
        error={fieldError}
      />
      <div className="step-actions">
        <button type="submit" className="button" disabled={sending}>
          {M.saveSubmit}
        </button>
        <Link href={screen} className="button button--secondary">
          Back
        </Link>
      </div>
    </form>
  )
}
