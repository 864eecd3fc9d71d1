// /application-status/{token}: the applicant's own page after submitting (decision 2113). The emailed link is
// read once and dropped from the address bar; the date of birth opens the page on this device (a session the
// server keeps in an HttpOnly cookie), so a reload or a later visit goes straight in. Each lender the
// application went to, with its answer in words; the offers side by side with each lender's own figures; the
// choice of one offer ("I'd like to go ahead"), or a call first. Offers are personal, not representative: the
// page says so, with how the broker is paid, beside them (CONC 3.5, 4.5; decision 2113).
import './application-status.css'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import { formatPounds } from '@forecourt/domain/finance/money'
import { messageText } from '@forecourt/domain/messages/messages'
import { SAVE_RETURN_MESSAGES as M } from '@forecourt/domain/save-return/messages'
import { formatExpiry } from '@forecourt/domain/save-return/save-return'
import { useBrand } from '#brand/use-brand'
import { CommissionDisclosure } from '#components/commission-disclosure/commission-disclosure'
import { ContactDetails } from '#components/contact-details/contact-details'
import { DateOfBirth } from '#components/form/date-of-birth/date-of-birth'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { NewLinkForm } from '#components/new-link-form/new-link-form'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { ApiError, getJson, postJson } from '#lib/api'
import type { StatusLender, StatusOffer, StatusView } from '#lib/api-types'
import { checkLink, forgetToken, keepToken, keptToken, openLink } from '#lib/save-return'
import { usePageTitle } from '#lib/use-page-title'

// The page's answer, as the server's routes declare it (decision 2166).
export type { StatusLender, StatusOffer, StatusView } from '#lib/api-types'

type Phase =
  | { kind: 'loading' }
  | { kind: 'check' }
  | { kind: 'expired' }
  | { kind: 'signed-out' }
  | { kind: 'view'; view: StatusView }

const STATUS_URL = '/api/application-status'
const HEADING = 'Your application'
const CHECK_HEADING = 'Enter your date of birth to see your application'

export default function ApplicationStatusScreen() {
  const { token: fromAddress } = useParams<{ token?: string }>()
  const [, navigate] = useLocation()
  const [token] = useState(() => fromAddress ?? keptToken() ?? '')
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const brand = useBrand()
  // The date-of-birth check answered replaces the screen in place, not by a route change: focus goes to
  // the new screen's heading, as the router does on a new step, or it would be lost with the form.
  const answered = useRef(false)
  useEffect(() => {
    if (!answered.current) return
    answered.current = false
    // Both screens it leads to have a ScreenHeading, focusable by script.
    document.querySelector<HTMLElement>('h1.screen-heading')?.focus()
  }, [phase.kind])

  useEffect(() => {
    if (fromAddress !== undefined) {
      // The token is read once and taken out of the address bar, its history entry and any Referer.
      keepToken(fromAddress)
      navigate('/application-status', { replace: true })
      return
    }
    let current = true
    void (async () => {
      try {
        const view = await getJson<'GET /api/application-status'>(STATUS_URL)
        if (current) setPhase({ kind: 'view', view })
        return
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) {
          if (current) setPhase({ kind: 'signed-out' })
          return
        }
      }
      if (token === '') {
        if (current) setPhase({ kind: 'signed-out' })
        return
      }
      const outcome = await openLink(`${STATUS_URL}/open`, token)
      if (!current) return
      setPhase(outcome.kind === 'check' ? { kind: 'check' } : { kind: 'expired' })
    })()
    return () => {
      current = false
    }
  }, [fromAddress, navigate, token])

  const title =
    phase.kind === 'expired' ? M.expiredHeading : phase.kind === 'check' ? CHECK_HEADING : HEADING
  usePageTitle(`${title} – ${brand.tradingName}`)

  if (phase.kind === 'loading') {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    )
  }
  if (phase.kind === 'expired') return <NewLinkForm url={`${STATUS_URL}/new-link`} token={token} />
  if (phase.kind === 'signed-out') {
    return (
      <>
        <ScreenHeading>{HEADING}</ScreenHeading>
        <p>
          Open the link in the email we sent you to see your application. To ask for a new link, or
          if you have a question, contact us:
        </p>
        <ContactDetails brand={brand} />
      </>
    )
  }
  if (phase.kind === 'check') {
    return (
      <CheckForm
        token={token}
        onExpired={() => {
          answered.current = true
          setPhase({ kind: 'expired' })
        }}
        onOpen={(view) => {
          answered.current = true
          forgetToken()
          setPhase({ kind: 'view', view })
        }}
      />
    )
  }
  return <StatusPage view={phase.view} onChange={(view) => setPhase({ kind: 'view', view })} />
}

function CheckForm({
  token,
  onExpired,
  onOpen,
}: {
  token: string
  onExpired: () => void
  onOpen: (view: StatusView) => void
}) {
  const [dateOfBirth, setDateOfBirth] = useState<DateParts>({ day: '', month: '', year: '' })
  const [error, setError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const field = 'link-date-of-birth'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    setAttempt((count) => count + 1)
    if (
      dateOfBirth.day.trim() === '' ||
      dateOfBirth.month.trim() === '' ||
      dateOfBirth.year.trim() === ''
    ) {
      return setError(M.dateOfBirthRequired)
    }
    setSending(true)
    const outcome = await checkLink<'POST /api/application-status/check'>(`${STATUS_URL}/check`, {
      token,
      dateOfBirth,
    })
    setSending(false)
    if (outcome.kind === 'expired') return onExpired()
    if (outcome.kind === 'wrong') return setError(outcome.message)
    if (outcome.kind === 'error') return setError(M.checkFailed)
    onOpen(outcome.answer)
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      <DateOfBirth
        id={field}
        name="dateOfBirth"
        label={CHECK_HEADING}
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

const money = (value: number | null) =>
  value === null ? 'Not given by the lender' : formatPounds(value, { pence: true })
const OPEN_OFFER = new Set(['offer', 'offer-with-conditions'])

function StatusPage({
  view,
  onChange,
}: {
  view: StatusView
  onChange: (view: StatusView) => void
}) {
  const brand = useBrand()
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)
  const [sending, setSending] = useState(false)
  const offers = view.lenders.filter((lender) => lender.offer !== null)
  const open = offers.filter((lender) => OPEN_OFFER.has(lender.state))
  const field = 'offer-choice'

  const send = async (body: object) => {
    if (sending) return
    setSending(true)
    try {
      onChange(await postJson<'POST /api/application-status/choice'>(`${STATUS_URL}/choice`, body))
      setError(undefined)
    } catch (failure) {
      const answer =
        failure instanceof ApiError ? (failure.body as { error?: unknown } | undefined) : undefined
      setError(
        typeof answer?.error === 'string'
          ? answer.error
          : 'Your choice could not be sent. Please try again in a moment.',
      )
      setAttempt((count) => count + 1)
    } finally {
      setSending(false)
    }
  }

  const goAhead = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setAttempt((count) => count + 1)
    if (chosen === '') return setError(messageText('offerChoice.required'))
    void send({ decisionId: chosen })
  }

  return (
    <>
      <ErrorSummary errors={error ? [{ id: field, message: error }] : []} focusKey={attempt} />
      <ScreenHeading>{HEADING}</ScreenHeading>
      <p>
        Reference <strong>{view.reference}</strong>. We sent your application to{' '}
        {view.lenders.length === 1 ? 'one lender' : `${view.lenders.length} lenders`}. This is what
        each has said so far; we will email you when there is news, without figures.
      </p>

      <h2>The lenders</h2>
      <ul className="lender-answers">
        {view.lenders.map((lender) => (
          <li key={lender.lenderId}>
            <strong>{lender.lenderName}</strong>: {lender.stateText}.
            {lender.message ? (
              <span className="lender-answers__message"> In their words: “{lender.message}”</span>
            ) : null}
          </li>
        ))}
      </ul>

      {offers.length > 0 ? (
        <>
          <h2>The offers made to you</h2>
          <p>
            These offers are personal to you: each lender worked them out from your application.
            They are not representative examples. Before you sign anything, the lender will give you
            its own information about the loan and explain it.
          </p>
          {/* A table wider than a phone scrolls sideways in its own region, which the keyboard must reach
              (WCAG 2.1.1; axe's scrollable-region-focusable). */}
          <div
            className="table-scroll"
            role="region"
            aria-label="The offers, side by side"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus to scroll by keyboard
            tabIndex={0}
          >
            <table className="offer-table">
              <caption>The offers, side by side</caption>
              <thead>
                <tr>
                  <td />
                  {offers.map((lender) => (
                    <th scope="col" key={lender.lenderId}>
                      {lender.lenderName}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <OfferRow
                  label="Amount of credit"
                  offers={offers}
                  cell={(offer) => money(offer.amount)}
                />
                <OfferRow
                  label="Term"
                  offers={offers}
                  cell={(offer) => `${offer.termMonths} months`}
                />
                <OfferRow
                  label="APR (representative of this offer only)"
                  offers={offers}
                  cell={(offer) => `${offer.apr}% APR`}
                />
                <OfferRow
                  label="Monthly payment"
                  offers={offers}
                  cell={(offer) => money(offer.monthlyPayment)}
                />
                <OfferRow
                  label="Total amount payable"
                  offers={offers}
                  cell={(offer) => money(offer.totalPayable)}
                />
                <OfferRow
                  label="Total cost of credit"
                  offers={offers}
                  cell={(offer) => money(offer.totalCostOfCredit)}
                />
                <OfferRow
                  label="Offer open until"
                  offers={offers}
                  cell={(offer, lender) =>
                    lender.state === 'offer-expired'
                      ? 'Expired'
                      : offer.expiresAt === null
                        ? 'Ask the lender'
                        : `${formatExpiry(offer.expiresAt)} (UK time)`
                  }
                />
              </tbody>
            </table>
          </div>
          <CommissionDisclosure brandId={brand.id} />
        </>
      ) : null}

      {view.choice !== null ? (
        <div className="status-notice" role="status">
          <h2>Your choice</h2>
          <p>
            {view.choice.kind === 'offer'
              ? `You told us you would like to go ahead with ${view.choice.lenderName ?? 'the lender'}’s offer. We have let ${brand.tradingName} know, and told the other lenders. We will contact you about the next steps; nothing is agreed until you sign the lender’s agreement.`
              : `You asked us to call you. ${brand.tradingName} will call you within ${brand.contact.replyWithin}.`}
          </p>
          <ContactDetails brand={brand} />
        </div>
      ) : open.length > 0 ? (
        <form noValidate onSubmit={goAhead}>
          <RadioGroup
            id={field}
            name="offer"
            label="Which offer would you like to go ahead with?"
            hint="We will tell the lender, and the others that you have chosen. You can still ask us to call you first."
            options={open.map((lender) => ({
              value: lender.offer!.decisionId,
              label: `${lender.lenderName}: ${money(lender.offer!.monthlyPayment)} a month for ${lender.offer!.termMonths} months, ${lender.offer!.apr}% APR`,
            }))}
            value={chosen}
            onChange={setChosen}
            error={error}
          />
          <div className="step-actions">
            <button type="submit" className="button" disabled={sending}>
              I’d like to go ahead
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => void send({ call: true })}
            >
              Ask us to call me first
            </button>
          </div>
        </form>
      ) : (
        <>
          <h2>Questions?</h2>
          <ContactDetails brand={brand} />
        </>
      )}
    </>
  )
}

function OfferRow({
  label,
  offers,
  cell,
}: {
  label: string
  offers: StatusLender[]
  cell: (offer: StatusOffer, lender: StatusLender) => string
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {offers.map((lender) => (
        <td key={lender.lenderId}>{cell(lender.offer!, lender)}</td>
      ))}
    </tr>
  )
}
