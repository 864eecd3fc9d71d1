// /submit: sends the application once (lib/submission.ts), says how it is going in a live region
// with the reference to quote, and after 5 s goes to the brand's thank-you address (or /complete),
// whatever the answer: the timer does not wait for it (docs/requirements.md#submission). 'Stay on this page' stops
// the timer for anyone who needs longer to note the reference (WCAG 2.2.1, docs/decisions/1305).
// Two departures: a refusal stops the timer and asks the applicant to call or email, with the
// broker's contact details (decision 1523), and the countdown counts down on screen while screen
// readers hear it once, not every second (decision 1529).
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { THANK_YOU_REDIRECT_MS } from '@forecourt/domain/fields/timing'
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import { ContactDetails } from '#components/contact-details/contact-details'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { usePageTitle } from '#lib/use-page-title'
import { useBrand } from '#brand/use-brand'
import {
  SUBMISSION_HEADING,
  SubmissionProgress,
  useSubmissionStatus,
} from '#journey/submission-progress'
import { getApplication, update, useApplication } from '#lib/session-store'
import {
  browserNavigation,
  browserSubmissionDeps,
  submissionInProgress,
  submitApplication,
  subscribeSubmissions,
  thankYouAddress,
} from '#lib/submission'

export const REDIRECT_SECONDS = THANK_YOU_REDIRECT_MS / 1000

export function secondsText(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}

export default function SubmitScreen() {
  const brand = useBrand()
  const [, navigate] = useLocation()
  const guid = useApplication((state) => state.GUID)
  const email = useApplication((state) => state.form.email)
  const submission = useSyncExternalStore(subscribeSubmissions, () => submissionInProgress(guid))
  const status = useSubmissionStatus(submission)
  const [staying, setStaying] = useState(false)
  const destination = thankYouAddress(brand, email)
  const refused = status?.phase === 'refused'
  const counting = submission !== undefined && !staying && !refused
  const elapsed = useSecondsElapsed(counting)

  useEffect(() => {
    const state = getApplication()
    if (submissionInProgress(state.GUID)) return
    // Back on /submit after the application went (a reload, the back button): show the result.
    if (state.applicationSubmitOk) {
      navigate('/complete', { replace: true })
      return
    }
    // Nothing is sent before every question is answered and the terms are agreed (docs/requirements.md#consent).
    const unanswered = state.isLocked ? undefined : redirectForDeepLink(state, brand, '/submit')
    if (unanswered) {
      navigate(unanswered, { replace: true })
      return
    }
    submitApplication(browserSubmissionDeps({ getState: getApplication, apply: update, brand }))
  }, [brand, navigate])

  useEffect(() => {
    if (!submission || !counting) return
    const timer = setTimeout(() => {
      submission.leaving()
      if (destination) browserNavigation.assign(destination)
      else navigate('/complete', { replace: true })
    }, THANK_YOU_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [submission, counting, destination, navigate])

  usePageTitle(`${SUBMISSION_HEADING[status?.phase ?? 'sending']} – ${brand.tradingName}`)

  const where = destination ? brand.tradingName : 'the confirmation page'
  const secondsLeft = Math.max(1, REDIRECT_SECONDS - (elapsed ?? 0))
  return (
    <div>
      <ScreenHeading>{SUBMISSION_HEADING[status?.phase ?? 'sending']}</ScreenHeading>
      {/* There from the first render, so what it says next is announced. */}
      <SubmissionProgress
        phase={status?.phase ?? 'sending'}
        reference={status?.reference ?? null}
        keptForFollowUp={status?.keptForFollowUp ?? false}
      />
      {refused ? (
        <>
          <h2>Contact {brand.tradingName}</h2>
          <ContactDetails brand={brand} />
        </>
      ) : staying ? (
        <p>
          {destination ? (
            <a className="button" href={destination} onClick={() => submission?.leaving()}>
              Continue to {brand.tradingName}
            </a>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => navigate('/complete', { replace: true })}
            >
              Continue
            </button>
          )}
        </p>
      ) : (
        <>
          {/* Screen readers hear the countdown once, from the polite region below, not every
              second; the number on screen counts down. */}
          <p aria-hidden="true">
            You will be taken to {where} in {secondsText(secondsLeft)}.
          </p>
          <p role="status" className="visually-hidden">
            {elapsed === null
              ? ''
              : `You will be taken to ${where} in ${secondsText(REDIRECT_SECONDS)}.`}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={!submission}
            onClick={() => setStaying(true)}
          >
            Stay on this page
          </button>
        </>
      )}
    </div>
  )
}

/**
 * Whole seconds since `running` became true, counted with the timers the redirect uses; null
 * until the count starts (so a live region filled then is announced, not read as page content).
 */
function useSecondsElapsed(running: boolean): number | null {
  const [elapsed, setElapsed] = useState<number | null>(null)
  useEffect(() => {
    if (!running) return
    let seconds = 0
    let timer = setTimeout(function tick() {
      setElapsed(seconds)
      seconds += 1
      if (seconds <= REDIRECT_SECONDS) timer = setTimeout(tick, 1000)
    }, 0)
    return () => clearTimeout(timer)
  }, [running])
  return elapsed
}
