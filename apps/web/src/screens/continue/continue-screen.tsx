// /continue/{token}: the page a "Continue your application" link opens
// (docs/requirements.md#save-and-come-back-later). The token leaves the address bar at once (kept in this
// tab while the page needs it); nothing is shown before the date of birth, or the emailed code, is right; then the answers are
// put back into this tab's session and the applicant lands on the screen they left. A used, expired or
// void link says so and offers a new one; the link of an application sent since says it is with the broker
// (decision 2134). Decision 1821.
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import { SAVE_RETURN_MESSAGES as M } from '@forecourt/domain/save-return/messages'
import { restoreState } from '@forecourt/domain/state/restore-state'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { useBrand } from '#brand/use-brand'
import { DateOfBirth } from '#components/form/date-of-birth/date-of-birth'
import { ContactDetails } from '#components/contact-details/contact-details'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { InputField } from '#components/form/input-field'
import { NewLinkForm } from '#components/new-link-form/new-link-form'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { applicationStore, getApplication, setApplication } from '#lib/session-store'
import { usePageTitle } from '#lib/use-page-title'
import {
  checkResumeLink,
  forgetToken,
  keepToken,
  keptToken,
  openLink,
  startSavedAnswersRefresh,
  type LinkCheck,
} from '#lib/save-return'

const LOADING = 'Loading…'

type Phase =
  | { kind: 'loading' }
  | { kind: 'check'; check: LinkCheck }
  | { kind: 'expired' }
  | { kind: 'submitted'; reference: string }

export default function ContinueScreen() {
  const { token: fromAddress } = useParams<{ token?: string }>()
  const [, navigate] = useLocation()
  // Read once: forgetting it after use must not make the page ask again.
  const [token] = useState(() => fromAddress ?? keptToken() ?? '')
  // A page opened without a token (reloaded after it was used) has nothing to check.
  const [phase, setPhase] = useState<Phase>(() =>
    token === '' ? { kind: 'expired' } : { kind: 'loading' },
  )

  useEffect(() => {
    if (fromAddress !== undefined) {
      // The token is read once and taken out of the address bar, its history entry and any Referer.
      keepToken(fromAddress)
      navigate('/continue', { replace: true })
      return
    }
    if (token === '') return
    let current = true
    void openLink('/api/continue/open', token).then((outcome) => {
      if (!current) return
      setPhase(
        outcome.kind === 'check'
          ? { kind: 'check', check: outcome.check }
          : outcome.kind === 'submitted'
            ? outcome
            : { kind: 'expired' },
      )
    })
    return () => {
      current = false
    }
  }, [fromAddress, navigate, token])

  const brand = useBrand()
  const title =
    phase.kind === 'submitted'
      ? M.submittedHeading
      : phase.kind === 'expired'
        ? M.expiredHeading
        : phase.kind === 'check' && phase.check === 'code'
          ? M.checkHeadingCode
          : M.checkHeadingDateOfBirth
  usePageTitle(`${title} – ${brand.tradingName}`)

  if (phase.kind === 'loading') {
    return (
      <p className="loading" role="status">
        {LOADING}
      </p>
    )
  }
  if (phase.kind === 'expired') return <NewLinkForm url="/api/continue/new-link" token={token} />
  if (phase.kind === 'submitted') return <SentAlready reference={phase.reference} />
  return (
    <CheckForm
      token={token}
      check={phase.check}
      onExpired={() => setPhase({ kind: 'expired' })}
      onSent={(reference) => {
        forgetToken()
        setPhase({ kind: 'submitted', reference })
      }}
      onOpen={(state, screen) => {
        forgetToken()
        setApplication(state)
        startSavedAnswersRefresh({
          getState: getApplication,
          subscribe: (listener) => applicationStore.subscribe(listener),
        })
        navigate(screen, { replace: true })
      }}
    />
  )
}

/** The link's application was sent since: where it is, its reference and how to reach the broker. */
function SentAlready({ reference }: { reference: string }) {
  const brand = useBrand()
  return (
    <div>
      <ScreenHeading>{M.submittedHeading}</ScreenHeading>
      <p>{M.submittedBody(brand.tradingName, reference)}</p>
      <p>{M.submittedFollow}</p>
      <h2>Contact {brand.tradingName}</h2>
      <ContactDetails brand={brand} />
    </div>
  )
}

function CheckForm({
  token,
  check,
  onExpired,
  onSent,
  onOpen,
}: {
  token: string
  check: LinkCheck
  onExpired: () => void
  onSent: (reference: string) => void
  onOpen: (state: ApplicationState, screen: string) => void
}) {
  const [dateOfBirth, setDateOfBirth] = useState<DateParts>({ day: '', month: '', year: '' })
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const field = check === 'code' ? 'link-code' : 'link-date-of-birth'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    if (check === 'code' && code.trim() === '') return setError(M.codeRequired)
    if (
      check === 'date-of-birth' &&
      (dateOfBirth.day.trim() === '' ||
        dateOfBirth.month.trim() === '' ||
        dateOfBirth.year.trim() === '')
    ) {
      return setError(M.dateOfBirthRequired)
    }
    setSending(true)
    const outcome = await checkResumeLink<'POST /api/continue/check'>(
      '/api/continue/check',
      check === 'code' ? { token, code: code.trim() } : { token, dateOfBirth },
    )
    setSending(false)
    if (outcome.kind === 'expired') return onExpired()
    if (outcome.kind === 'submitted') return onSent(outcome.reference)
    if (outcome.kind === 'wrong') return setError(outcome.message)
    if (outcome.kind === 'error') return setError(M.checkFailed)
    const state = restoreState(JSON.stringify(outcome.answer.state))
    if (state === null) return onExpired()
    onOpen(state, outcome.answer.screen)
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      {check === 'code' ? (
        <>
          <ScreenHeading>{M.checkHeadingCode}</ScreenHeading>
          <InputField
            id={field}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            spellCheck={false}
            width={10}
            label={M.codeLabel}
            hint={M.codeHint}
            value={code}
            onChange={setCode}
            error={error}
          />
        </>
      ) : (
        <DateOfBirth
          id={field}
          name="dateOfBirth"
          label={M.checkHeadingDateOfBirth}
          legendAsHeading
          hint="For example, 27 03 1985"
          value={dateOfBirth}
          onChange={setDateOfBirth}
          error={error}
        />
      )}
      <div className="step-actions">
        <button type="submit" className="button" disabled={sending}>
          {M.checkSubmit}
        </button>
      </div>
    </form>
  )
}
