// The live region of /submit and /complete: how the sending is going, and the reference to quote
// as soon as it is known (worked out from the GUID at once, then the server's own).
import { useSyncExternalStore } from 'react'
import type { Submission, SubmissionStatus } from '../lib/submission'

export const SUBMISSION_STATUS_TEXT: Record<SubmissionStatus['phase'], string> = {
  sending: 'Sending your application…',
  received: 'Your application has been sent.',
  refused:
    'We could not confirm that your application reached us. Please contact us and quote your reference.',
}

export function SubmissionProgress({ submission }: { submission: Submission }) {
  const status = useSyncExternalStore(submission.subscribe, submission.getStatus)
  return (
    <div role="status">
      <p>{SUBMISSION_STATUS_TEXT[status.phase]}</p>
      {status.reference ? (
        <p>
          Your application reference is <strong>{status.reference}</strong>.
        </p>
      ) : null}
    </div>
  )
}
