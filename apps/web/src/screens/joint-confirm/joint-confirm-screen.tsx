// /joint-confirm/{token}: the joint applicant's own link (decision 1823,
// docs/requirements.md#the-joint-applicant-confirms-their-own-part). The token leaves the address bar at
// once; their date of birth opens what they are applying for (amount, term, type, what it is secured on,
// and a homeowner loan's repossession warning as the applicant read it), what the applicant said about
// them, a box for corrections, the fair processing notice, their own soft-search agreement (needed to
// confirm) and their own marketing choices per channel; "Confirm" records them as their own. "This is
// not right" tells the broker instead, and confirms nothing (decision 2127). A used or expired link
// offers a new one by email (decision 1921).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import {
  MAX_CORRECTIONS_LENGTH,
  MAX_DISPUTE_LENGTH,
} from '@forecourt/domain/save-return/save-return'
import {
  JOINT_CONFIRM_MESSAGES as J,
  SAVE_RETURN_MESSAGES as M,
} from '@forecourt/domain/save-return/messages'
import { useBrand } from '#brand/use-brand'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { DateOfBirth } from '#components/form/date-of-birth/date-of-birth'
import { ErrorSummary, type ErrorSummaryItem } from '@forecourt/ui/error-summary/error-summary'
import { NewLinkForm } from '#components/new-link-form/new-link-form'
import { Textarea } from '#components/form/textarea/textarea'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { usePageTitle } from '#lib/use-page-title'
import type { ApiAnswer, ApiUrl, PostRoute } from '#lib/api'
import type { JointView } from '#lib/api-types'
import { checkLink, forgetToken, keepToken, keptToken, openLink } from '#lib/save-return'

type Phase =
  | { kind: 'loading' }
  | { kind: 'check' }
  | { kind: 'view'; view: JointView; dateOfBirth: DateParts }
  | { kind: 'confirmed'; reference: string }
  | { kind: 'disputed'; reference: string }
  | { kind: 'expired' }

const CORRECTIONS_FIELD = 'joint-corrections'
const SOFT_SEARCH_FIELD = 'joint-soft-search'
const DISPUTE_FIELD = 'joint-dispute'

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
  // Each answer replaces the screen in place, not by a route change: focus goes to the new screen's
  // heading, as the router does on a new step, or it would be lost with the form.
  const answered = useRef(false)
  useEffect(() => {
    if (!answered.current) return
    answered.current = false
    document.querySelector<HTMLElement>('h1.screen-heading')?.focus()
  }, [phase.kind])
  const answer = (next: Phase) => {
    answered.current = true
    setPhase(next)
  }

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
          : phase.kind === 'disputed'
            ? J.disputedHeading
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
          onOpen={(view, dateOfBirth) => answer({ kind: 'view', view, dateOfBirth })}
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
            answer({ kind: 'confirmed', reference })
          }}
          onDisputed={(reference) => {
            forgetToken()
            answer({ kind: 'disputed', reference })
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
    case 'disputed':
      return (
        <div>
          <ScreenHeading>{J.disputedHeading}</ScreenHeading>
          <p>
            {J.disputed(
              phase.reference,
              brand.tradingName,
              brand.contact.email,
              brand.contact.phone,
            )}
          </p>
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
    const outcome = await checkLink<'POST /api/joint-confirmation/check'>(
      '/api/joint-confirmation/check',
      {
        token,
        dateOfBirth,
      },
    )
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
  onDisputed,
}: {
  token: string
  view: JointView
  dateOfBirth: DateParts
  onExpired: () => void
  onConfirmed: (reference: string) => void
  onDisputed: (reference: string) => void
}) {
  const brand = useBrand()
  const [corrections, setCorrections] = useState('')
  const [softSearch, setSoftSearch] = useState(false)
  const [marketing, setMarketing] = useState<Record<string, boolean>>({})
  const [dispute, setDispute] = useState('')
  // The errors of the last answer tried (Confirm or This is not right), by field id.
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([])
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const errorOf = (id: string) => errors.find((error) => error.id === id)?.message

  /** Sends an answer; a refusal is shown at the field the server names, or at `fallback`. */
  const send = async <R extends PostRoute = never>(
    url: NoInfer<ApiUrl<R>>,
    body: object,
    fallback: string,
  ): Promise<ApiAnswer<R> | undefined> => {
    setErrors([])
    setSending(true)
    const outcome = await checkLink<R>(url, body)
    setSending(false)
    if (outcome.kind === 'expired') return void onExpired()
    if (outcome.kind === 'open') return outcome.answer
    const message = outcome.kind === 'wrong' ? outcome.message : M.checkFailed
    const id =
      outcome.kind === 'wrong' && outcome.field === 'softSearch' ? SOFT_SEARCH_FIELD : fallback
    setErrors([{ id, message }])
    return undefined
  }

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    const refused: ErrorSummaryItem[] = []
    if (corrections.trim().length > MAX_CORRECTIONS_LENGTH) {
      refused.push({ id: CORRECTIONS_FIELD, message: J.correctionsTooLong })
    }
    if (view.softSearch !== null && !softSearch) {
      refused.push({ id: SOFT_SEARCH_FIELD, message: J.softSearchRequired })
    }
    if (refused.length > 0) return setErrors(refused)
    const answer = await send<'POST /api/joint-confirmation/confirm'>(
      '/api/joint-confirmation/confirm',
      {
        token,
        dateOfBirth,
        corrections,
        ...(view.softSearch === null ? {} : { softSearch }),
        marketing: Object.fromEntries(
          view.marketing.map(({ channel }) => [channel, marketing[channel] === true]),
        ),
      },
      CORRECTIONS_FIELD,
    )
    if (answer !== undefined) onConfirmed(answer.reference)
  }

  const disagree = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    const said = dispute.trim()
    if (said === '') return setErrors([{ id: DISPUTE_FIELD, message: J.disputeRequired }])
    if (said.length > MAX_DISPUTE_LENGTH) {
      return setErrors([{ id: DISPUTE_FIELD, message: J.disputeTooLong }])
    }
    const answer = await send<'POST /api/joint-confirmation/dispute'>(
      '/api/joint-confirmation/dispute',
      { token, dateOfBirth, dispute },
      DISPUTE_FIELD,
    )
    if (answer !== undefined) onDisputed(answer.reference)
  }

  return (
    <div>
      <ErrorSummary errors={errors} focusKey={attempt} />
      <ScreenHeading>{J.heading}</ScreenHeading>
      <p>{J.intro(view.applicantName || 'The applicant')}</p>
      <p>
        {J.referenceLine} <strong>{view.reference}</strong>
      </p>
      <h2>{J.loanHeading}</h2>
      <dl className="page-details">
        {view.loan.rows.map((row) => (
          <div className="page-details__row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {view.loan.warning === null ? null : <p className="warning">{view.loan.warning}</p>}
      <h2>{J.detailsHeading}</h2>
      <dl className="page-details">
        {view.details.map((row) => (
          <div className="page-details__row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <Textarea
          id={CORRECTIONS_FIELD}
          name="corrections"
          label={J.correctionsLabel}
          hint={J.correctionsHint}
          value={corrections}
          onChange={setCorrections}
          maxCharacters={MAX_CORRECTIONS_LENGTH}
          error={errorOf(CORRECTIONS_FIELD)}
        />
        <h2>{J.noticeHeading}</h2>
        <p>{view.notice.text}</p>
        {view.softSearch === null ? null : (
          <>
            <h2>{J.softSearchHeading}</h2>
            <p>{J.softSearchIntro}</p>
            <Checkbox
              id={SOFT_SEARCH_FIELD}
              name="softSearch"
              legend={J.softSearchLegend}
              label={view.softSearch.text}
              value={softSearch}
              onChange={setSoftSearch}
              error={errorOf(SOFT_SEARCH_FIELD)}
            />
          </>
        )}
        <fieldset className="field-fieldset">
          <legend className="field-legend">{J.marketingLegend}</legend>
          {view.marketing.map(({ channel, text }) => (
            <Checkbox
              key={channel}
              id={`joint-marketing-${channel}`}
              name={`marketing-${channel}`}
              label={text}
              value={marketing[channel] === true}
              onChange={(checked) =>
                setMarketing((current) => ({ ...current, [channel]: checked }))
              }
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
      <form noValidate onSubmit={(event) => void disagree(event)}>
        <h2>{J.disputeHeading}</h2>
        <p>{J.disputeIntro(brand.tradingName)}</p>
        <Textarea
          id={DISPUTE_FIELD}
          name="dispute"
          label={J.disputeLabel}
          value={dispute}
          onChange={setDispute}
          maxCharacters={MAX_DISPUTE_LENGTH}
          error={errorOf(DISPUTE_FIELD)}
        />
        <div className="step-actions">
          <button type="submit" className="button button--secondary" disabled={sending}>
            {J.disputeButton}
          </button>
        </div>
      </form>
    </div>
  )
}
