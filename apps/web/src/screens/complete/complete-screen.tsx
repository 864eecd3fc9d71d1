// /complete: Forecourt's own thank-you page, for brands without a thank-you address (every demo
// brand, docs/decisions/1524) and for an applicant who comes back after submitting: the reference,
// what happens next (who contacts them, how and when, what lenders do, the soft search where the
// brand uses one; the same steps as the confirmation email, from the domain), the broker's contact
// details and a way to start again. A send still under way
// (or cut short by a reload) carries on while this page is open (decision 1304); a refusal is
// said plainly, with the contact details (decision 1523). A reload keeps the reference: the
// server's, kept in session storage, or else worked out again from the GUID.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import {
  loanKindOf,
  REPOSSESSION_WARNING,
  whatHappensNext,
} from '@forecourt/domain/messages/what-happens-next'
import { ContactDetails } from '#components/contact-details/contact-details'
import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { usePageTitle } from '#lib/use-page-title'
import { useBrand } from '#brand/use-brand'
import { SubmissionProgress, useSubmissionStatus } from '#journey/submission-progress'
import { getApplication, update, useApplication } from '#lib/session-store'
import { startNewApplication } from '#lib/start-new'
import {
  applicationReference,
  browserSubmissionDeps,
  submissionInProgress,
  submitApplication,
  subscribeSubmissions,
} from '#lib/submission'
import { savedReference } from '#lib/submitted-reference'

export const COMPLETE_HEADING = {
  sending: 'Sending your application',
  received: 'Thank you for your application',
  refused: 'Your application could not be sent automatically',
} as const

export default function CompleteScreen() {
  const brand = useBrand()
  const [, navigate] = useLocation()
  const guid = useApplication((state) => state.GUID)
  const submitted = useApplication((state) => state.applicationSubmitOk)
  const isJoint = useApplication((state) => state.form.isJointApplication === true)
  const kind = useApplication((state) => loanKindOf(state.form.loanPurposeType))
  const submission = useSyncExternalStore(subscribeSubmissions, () => submissionInProgress(guid))
  const status = useSubmissionStatus(submission)
  const reference = useKeptReference(guid, status?.reference ?? null)

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

  const phase = status?.phase ?? (submitted ? 'received' : 'sending')

  usePageTitle(`${COMPLETE_HEADING[phase]} – ${brand.tradingName}`)

  return (
    <div>
      <ScreenHeading>{COMPLETE_HEADING[phase]}</ScreenHeading>
      <SubmissionProgress
        phase={phase}
        reference={reference}
        keptForFollowUp={status?.keptForFollowUp ?? false}
      />
      {phase !== 'refused' && (
        <>
          <h2>What happens next</h2>
          <ol className="next-steps">
            {whatHappensNext({ brand, kind, joint: isJoint, reader: 'applicant' }).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {kind === 'property' && <p className="warning">{REPOSSESSION_WARNING}</p>}
        </>
      )}
      <h2>Contact {brand.tradingName}</h2>
      <ContactDetails brand={brand} />
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

/**
 * The reference to show: the submission's own while it is under way here, else the one kept in
 * session storage, else worked out from the GUID (null where the browser has no Web Crypto).
 */
function useKeptReference(guid: string, fromSubmission: string | null): string | null {
  const [worked, setWorked] = useState<{ guid: string; reference: string | null } | null>(null)
  const kept = fromSubmission ?? savedReference(guid)
  useEffect(() => {
    if (kept) return
    let current = true
    void applicationReference(guid).then((reference) => {
      if (current) setWorked({ guid, reference })
    })
    return () => {
      current = false
    }
  }, [guid, kept])
  return kept ?? (worked?.guid === guid ? worked.reference : null)
}
