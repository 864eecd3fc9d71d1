// Said on every screen of an application that has been submitted (the browser's Back button from
// /submit, an old tab): why every control is disabled, the reference, and the way on, to the
// confirmation page, which also offers a new application (docs/decisions/1530).
import { Link } from 'wouter'
import { savedReference } from '#lib/submitted-reference'
import { useApplication } from '#lib/session-store'

export function SubmittedNotice() {
  const guid = useApplication((state) => state.GUID)
  const sent = useApplication((state) => state.applicationSubmitOk)
  const reference = savedReference(guid)
  return (
    <div className="submitted-notice">
      <p>
        <strong>
          {sent ? 'Your application has been sent' : 'Your application has been submitted'}
          {reference ? ` (reference ${reference})` : ''}.
        </strong>{' '}
        Your answers can no longer be changed.
      </p>
      <p>
        <Link href="/complete">See your reference and what happens next</Link>
      </p>
    </div>
  )
}

export default SubmittedNotice
