import { useLocation } from 'wouter'
import { startNewApplication } from '../lib/start-new'
import { useApplication } from '../lib/session-store'

export function StartNewButton({ reload }: { reload?: () => void }) {
  const [, navigate] = useLocation()
  const isLocked = useApplication((state) => state.isLocked)
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={isLocked}
      onClick={() => startNewApplication(navigate, reload)}
    >
      Start a new application
    </button>
  )
}
