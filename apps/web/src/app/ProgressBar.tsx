import { progressPercent } from '@forecourt/domain/progress/progress'
import { useApplication } from '../lib/session-store'

/** The share of the 17 progress items filled or completed (§4 Progress), 0 to 100. */
export function ProgressBar() {
  const percent = useApplication((state) => Math.round(progressPercent(state.form)))
  return (
    <div className="progress container">
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
      >
        {/* Width through the CSSOM, which a style-src without 'unsafe-inline' allows. */}
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
