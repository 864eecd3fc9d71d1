// /complete: the confirmation on our own origin, for brands without a thank-you address and for
// an applicant who comes back after submitting: the reference, what happens next, and a way to
// start again. A send still under way (or cut short by a reload) carries on while this page is
// open (docs/decisions/1304).
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { ScreenHeading } from '../../app/ScreenHeading'
import { useBrand } from '../../brand/use-brand'
import { SubmissionProgress } from '../../journey/SubmissionProgress'
import { getApplication, update, useApplication } from '../../lib/session-store'
import { startNewApplication } from '../../lib/start-new'
import {
  applicationReference,
  browserSubmissionDeps,
  submissionInProgress,
  submitApplication,
  subscribeSubmissions,
} from '../../lib/submission'

export default function CompleteScreen() {
  const brand = useBrand()
  const [, navigate] = useLocation()
  const guid = useApplication((state) => state.GUID)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)
  const submission = useSyncExternalStore(subscribeSubmissions, () => submissionInProgress(guid))
  const [reference, setReference] = useState<string | null>(null)

  useEffect(() => {
    const state = getApplication()
    // Nothing was sent from this tab: there is nothing to confirm.
    if (!state.isLocked) {
      navigate('/', { replace: true })
      return
    }
    if (!submissionInProgress(state.GUID) && !state.applicationSubmitOk) {
      submitApplication(browserSubmissionDeps({ getState: getApplication, apply: update, brand }))
    }
  }, [brand, navigate])

  useEffect(() => {
    let current = true
    void applicationReference(guid).then((found) => {
      if (current) setReference(found)
    })
    return () => {
      current = false
    }
  }, [guid])

  return (
    <div>
      <ScreenHeading>Application received</ScreenHeading>
      {submission ? (
        <SubmissionProgress submission={submission} />
      ) : reference ? (
        <p>
          Your application reference is <strong>{reference}</strong>. Please quote it if you contact
          us.
        </p>
      ) : null}
      <h2>What happens next</h2>
      <ol>
        <li>
          {brand.tradingName} reviews your application and looks for a lender on our panel who can
          offer you finance.
        </li>
        <li>
          Lenders may carry out a soft search, which does not affect your credit score. A lender
          will only make a full (hard) search of your credit file with your agreement, if you decide
          to go ahead.
        </li>
        <li>
          We will contact you by email or phone about your application
          {isJoint ? ', and the joint applicant where we need to' : ''}.
        </li>
      </ol>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => startNewApplication(navigate)}
      >
        Start a new application
      </button>
    </div>
  )
}
