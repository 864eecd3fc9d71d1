// What /submit and /complete say about the sending, in one polite live region: how it is going and
// the reference to quote as soon as it is known (worked out from the GUID at once, then the
// server's own). A refusal says plainly that the application could not be sent automatically and
// asks the applicant to call or email, quoting the reference (docs/decisions/1523); the screen
// shows the broker's contact details right after it.
import { useSyncExternalStore } from 'react'
import type { Submission, SubmissionPhase, SubmissionStatus } from '#lib/submission'

/** The screen's heading for each phase: it never says "sending" beside "sent". */
export const SUBMISSION_HEADING: Record<SubmissionPhase, string> = {
  sending: 'Sending your application',
  received: 'Your application has been sent',
  refused: 'Your application could not be sent automatically',
}

export const SUBMISSION_STATUS_TEXT: Record<SubmissionPhase, string> = {
  sending: 'Sending your application…',
  received: 'We have your application.',
  refused: 'Your application could not be sent to us automatically.',
}

/** Said after a refusal when the server kept what was sent for the broker to follow up. */
export const KEPT_FOR_FOLLOW_UP = 'We have kept the details you sent.'

const noSubmission = () => () => undefined
const noStatus = () => null

/** The status of `submission`, kept current; null without one. */
export function useSubmissionStatus(submission: Submission | undefined): SubmissionStatus | null {
  return useSyncExternalStore(
    submission?.subscribe ?? noSubmission,
    submission?.getStatus ?? noStatus,
  )
}

export function SubmissionProgress({
  phase,
  reference,
  keptForFollowUp = false,
}: {
  phase: SubmissionPhase
  reference: string | null
  keptForFollowUp?: boolean
}) {
  const quoted = reference ? <strong>{reference}</strong> : null
  return (
    <div role="status" className="submission-status">
      <p>
        {SUBMISSION_STATUS_TEXT[phase]}
        {phase === 'refused' && keptForFollowUp ? ` ${KEPT_FOR_FOLLOW_UP}` : ''}
      </p>
      {phase === 'refused' ? (
        <p>
          Please call or email us{quoted ? <> and quote your reference {quoted}</> : null}, so that
          we can finish your application with you.
        </p>
      ) : quoted ? (
        <p>Your application reference is {quoted}. Please quote it if you contact us.</p>
      ) : null}
    </div>
  )
}
