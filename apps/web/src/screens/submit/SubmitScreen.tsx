// /submit: sends the application once (lib/submission.ts), says so in a live region with the
// reference to quote, and after 5 s goes to the brand's thank-you address (or /complete), whatever
// the answer: the timer does not wait for it (§4 Submission). 'Stay on this page' stops the timer
// for anyone who needs longer to note the reference (WCAG 2.2.1, docs/decisions/1305).
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { THANK_YOU_REDIRECT_MS } from '@forecourt/domain/fields/timing'
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import { ScreenHeading } from '../../app/ScreenHeading'
import { useBrand } from '../../brand/use-brand'
import { SubmissionProgress } from '../../journey/SubmissionProgress'
import { getApplication, update, useApplication } from '../../lib/session-store'
import {
  browserNavigation,
  browserSubmissionDeps,
  submissionInProgress,
  submitApplication,
  subscribeSubmissions,
  thankYouAddress,
} from '../../lib/submission'

const REDIRECT_SECONDS = THANK_YOU_REDIRECT_MS / 1000

export default function SubmitScreen() {
  const brand = useBrand()
  const [, navigate] = useLocation()
  const guid = useApplication((state) => state.GUID)
  const email = useApplication((state) => state.form.email)
  const submission = useSyncExternalStore(subscribeSubmissions, () => submissionInProgress(guid))
  const [staying, setStaying] = useState(false)
  const destination = thankYouAddress(brand, email)

  useEffect(() => {
    const state = getApplication()
    if (submissionInProgress(state.GUID)) return
    // Back on /submit after the application went (a reload, the back button): show the result.
    if (state.applicationSubmitOk) {
      navigate('/complete', { replace: true })
      return
    }
    // Nothing is sent before every question is answered and the terms are agreed (§5).
    const unanswered = state.isLocked ? undefined : redirectForDeepLink(state, brand, '/submit')
    if (unanswered) {
      navigate(unanswered, { replace: true })
      return
    }
    submitApplication(browserSubmissionDeps({ getState: getApplication, apply: update, brand }))
  }, [brand, navigate])

  useEffect(() => {
    if (!submission || staying) return
    const timer = setTimeout(() => {
      submission.leaving()
      if (destination) browserNavigation.assign(destination)
      else navigate('/complete', { replace: true })
    }, THANK_YOU_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [submission, staying, destination, navigate])

  const where = destination ? brand.tradingName : 'the confirmation page'
  return (
    <div>
      <ScreenHeading>Sending your application</ScreenHeading>
      {submission ? <SubmissionProgress submission={submission} /> : null}
      {staying ? (
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
          <p>
            You will be taken to {where} in {REDIRECT_SECONDS} seconds.
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
