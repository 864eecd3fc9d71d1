import { journeyProgress } from '@forecourt/domain/progress/progress'
import { useBrand } from '#brand/use-brand'
import { useApplication } from '#lib/session-store'

/**
 * The share of the screens on this applicant's path that are answered, 0 to 100
 * (docs/decisions/1535-progress-on-the-applicants-path.md). Drawn by each question screen, which
 * brings the journey table it needs.
 */
export function ProgressBar() {
  const brand = useBrand()
  const percent = useApplication((state) => journeyProgress({ state, brand }).percent)
  return (
    <div className="progress">
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
