// /joint-confirm/{token}: the joint applicant's own link (decision 1823,
// docs/requirements.md#the-joint-applicant-confirms-their-own-part). The token leaves the address bar at
// once; their date of birth opens what the applicant said about them, a box for corrections, the fair
// processing notice and their own marketing choices per channel; "Confirm" records them as their own. A
// used or expired link offers a new one by email (decision 1921).
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import { MAX_CORRECTIONS_LENGTH, type DetailRow } from '@forecourt/domain/save-return/save-return'
import {
  JOINT_CONFIRM_MESSAGES as J,
  SAVE_RETURN_MESSAGES as M,
} from '@forecourt/domain/save-return/messages'
import { useBrand } from '#brand/use-brand'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { DateOfBirth } from '#components/form/date-of-birth/date-of-birth'
import { ErrorSummary } from '#components/form/error-summary/error-summary'
import { NewLinkForm } from '#components/new-link-form/new-link-form'
import { Textarea } from '#components/form/textarea/textarea'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { usePageTitle } from '#lib/use-page-title'
import { checkLink, forgetToken, keepToken, keptToken, openLink } from '#lib/save-return'

interface JointView {
  reference: string
  applicantName: string
  details: DetailRow[]
  notice: { id: string; version: number; text: string }
  marketing: { channel: string; text: string }[]
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'check' }
  | { kind: 'view'; view: JointView; dateOfBirth: DateParts }
  | { kind: 'confirmed'; reference: string }
  | { kind: 'expired' }

export default function JointConfirmScreen() {
  const { token: fromAddress } = useParams<{ token?: string }>()
  const [, navigate] = useLocation()
  // Read once: forgetting it after use must not make the page ask again.
  const [token] = useState(() => fromAddress ?? keptToken() ?? '')
  // A page opened without a token (reloaded after it was used) has nothing to check.
  const [phase, setPhase] = useState<Phase>(() =>
    token === '' ? { kind: 'expired' } : { kind: 'loading' },
  )
  const brand = useBrand()

  useEffect(() => {
    if (fromAddress !== undefined) {
      keepToken(fromAddress)
      navigate('/joint-confirm', { replace: true })
      return
    }
    if (token === '') return
    let current = true
    void openLink('/api/joint-confirmation/open', token).then((outcome) => {
      if (current) setPhase(outcome.kind === 'check' ? { kind: 'check' } : { kind: 'expired' })
    })
    return () => {
      current = false
    }
  }, [fromAddress, navigate, token])

  const title =
    phase.kind === 'expired'
      ? M.expiredHeading
      : phase.kind === 'view'
        ? J.heading
        : phase.kind === 'confirmed'
          ? J.confirmedHeading
          : J.checkHeading
  usePageTitle(`${title} – ${brand.tradingName}`)

  switch (phase.kind) {
    case 'loading':
      return (
        <p className="loading" role="status">
          Loading…
        </p>
      )
    case 'expired':
      return <JointExpired token={token} />
    case 'check':
      return (
        <DateOfBirthCheck
          token={token}
          onExpired={() => setPhase({ kind: 'expired' })}
          onOpen={(view, dateOfBirth) => setPhase({ kind: 'view', view, dateOfBirth })}
        />
      )
    case 'view':
      return (
        <ConfirmForm
          token={token}
          view={phase.view}
          dateOfBirth={phase.dateOfBirth}
          onExpired={() => setPhase({ kind: 'expired' })}
          onConfirmed={(reference) => {
            forgetToken()
            setPhase({ kind: 'confirmed', reference })
          }}
        />
      )
    case 'confirmed':
      return (
        <div>
          <ScreenHeading>{J.confirmedHeading}</ScreenHeading>
          <p>{J.confirmed(phase.reference)}</p>
        </div>
      )
  }
}

/**
 * A new link goes to the address the old one went to, while their part is still to confirm (decision 1921);
 * the broker's details stay for anyone whose address has changed or whose part is already confirmed.
 */
function JointExpired({ token }: { token: string }) {
  const brand = useBrand()
  return (
    <NewLinkForm url="/api/joint-confirmation/new-link" token={token}>
      <p>{J.expiredContact(brand.tradingName, brand.contact.email, brand.contact.phone)}</p>
    </NewLinkForm>
  )
}

function DateOfBirthCheck({
  token,
  onExpired,
  onOpen,
}: {
  token: string
  onExpired: () => void
  onOpen: (view: JointView, dateOfBirth: DateParts) => void
}) {
  const [dateOfBirth, setDateOfBirth] = useState<DateParts>({ day: '', month: '', year: '' })
  const [error, setError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const field = 'joint-date-of-birth-check'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    if (Object.values(dateOfBirth).some((part) => part.trim() === '')) {
      return setError(M.dateOfBirthRequired)
    }
    setSending(true)
    const outcome = await checkLink<JointView>('/api/joint-confirmation/check', {
      token,
      dateOfBirth,
    })
    setSending(false)
    if (outcome.kind === 'expired') return onExpired()
    if (outcome.kind === 'wrong') return setError(outcome.message)
    if (outcome.kind === 'error') return setError(M.checkFailed)
    onOpen(outcome.answer, dateOfBirth)
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      <DateOfBirth
        id={field}
        name="dateOfBirth"
        label={J.checkHeading}
        legendAsHeading
        hint="For example, 27 03 1985"
        value={dateOfBirth}
        onChange={setDateOfBirth}
        error={error}
      />
      <div className="step-actions">
        <button type="submit" className="button" disabled={sending}>
          {M.checkSubmit}
        </button>
      </div>
    </form>
  )
}

function ConfirmForm({
  token,
  view,
  dateOfBirth,
  onExpired,
  onConfirmed,
}: {
  token: string
  view: JointView
  dateOfBirth: DateParts
  onExpired: () => void
  onConfirmed: (reference: string) => void
}) {
  const [corrections, setCorrections] = useState('')
  const [marketing, setMarketing] = useState<Record<string, boolean>>({})
  const [error, setError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const field = 'joint-corrections'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    if (corrections.trim().length > MAX_CORRECTIONS_LENGTH) return setError(J.correctionsTooLong)
    setError(undefined)
    setSending(true)
    const outcome = await checkLink<{ reference: string }>('/api/joint-confirmation/confirm', {
      token,
      dateOfBirth,
      corrections,
      marketing: Object.fromEntries(
        view.marketing.map(({ channel }) => [channel, marketing[channel] === true]),
      ),
    })
    setSending(false)
    if (outcome.kind === 'expired') return onExpired()
    if (outcome.kind === 'wrong') return setError(outcome.message)
    if (outcome.kind === 'error') return setError(M.checkFailed)
    onConfirmed(outcome.answer.reference)
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      <ScreenHeading>{J.heading}</ScreenHeading>
      <p>{J.intro(view.applicantName || 'The applicant')}</p>
      <p>
        {J.referenceLine} <strong>{view.reference}</strong>
      </p>
      <h2>{J.detailsHeading}</h2>
      <dl className="page-details">
        {view.details.map((row) => (
          <div className="page-details__row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Textarea
        id={field}
        name="corrections"
        label={J.correctionsLabel}
        hint={J.correctionsHint}
        value={corrections}
        onChange={setCorrections}
        maxCharacters={MAX_CORRECTIONS_LENGTH}
        error={error}
      />
      <h2>{J.noticeHeading}</h2>
      <p>{view.notice.text}</p>
      <fieldset className="field-fieldset">
        <legend className="field-legend">{J.marketingLegend}</legend>
        {view.marketing.map(({ channel, text }) => (
          <Checkbox
            key={channel}
            id={`joint-marketing-${channel}`}
            name={`marketing-${channel}`}
            label={text}
            value={marketing[channel] === true}
            onChange={(checked) => setMarketing((current) => ({ ...current, [channel]: checked }))}
          />
        ))}
      </fieldset>
      <p>{J.confirmStatement}</p>
      <div className="step-actions">
        <button type="submit" className="button" disabled={sending}>
          {J.confirmButton}
        </button>
      </div>
    </form>
  )
}
