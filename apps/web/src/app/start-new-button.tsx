// "Start a new application" (the shell's start-new action): it throws every answer away, so it
// asks first, in a dialog whose safe answer is one key away (Escape, or "No, keep my answers"),
// and it looks like a link in the footer, nothing like Previous or Continue
// (docs/decisions/1539-start-new-asks-first.md).
import { useState } from 'react'
import { useLocation } from 'wouter'
import { startNewApplication } from '#lib/start-new'
import { useApplication } from '#lib/session-store'
import { Modal } from '#components/modal/modal'

export const START_NEW_QUESTION = 'Start a new application?'

export function StartNewButton({ reload }: { reload?: () => void }) {
  const [, navigate] = useLocation()
  const isLocked = useApplication((state) => state.isLocked)
  const [asking, setAsking] = useState(false)

  return (
    <>
      <button
        type="button"
        className="link-button start-new"
        aria-haspopup="dialog"
        disabled={isLocked}
        onClick={() => setAsking(true)}
      >
        Start a new application
      </button>
      <Modal title={START_NEW_QUESTION} open={asking} onClose={() => setAsking(false)}>
        <p>
          This deletes every answer you have given so far. You cannot get them back, and you will
          start again from the first question.
        </p>
        <div className="confirm-actions">
          <button
            type="button"
            className="button button--warning"
            onClick={() => {
              setAsking(false)
              startNewApplication(navigate, reload)
            }}
          >
            Yes, start again
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAsking(false)}
          >
            No, keep my answers
          </button>
        </div>
      </Modal>
    </>
  )
}
