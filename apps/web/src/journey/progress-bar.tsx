import { journeyProgress } from '@forecourt/domain/progress/progress'
import { nextShownProgress, shownPercent } from '@forecourt/domain/progress/monotone-progress'
import { useEffect, useMemo } from 'react'
import { useBrand } from '#brand/use-brand'
import { useApplication } from '#lib/session-store'
import { usePrerendering } from './prerendering'
import { readShownProgress, writeShownProgress } from './shown-progress'

/**
 * The share of the screens on this applicant's path that are answered, 0 to 100
 * (docs/decisions/1535-progress-on-the-applicants-path.md), never lower than the bar showed before
 * in this tab (docs/decisions/2082-progress-never-moves-backwards.md). Drawn by each question
 * screen, which brings the journey table it needs.
 */
export function ProgressBar() {
  const brand = useBrand()
  const answered = useApplication((state) => journeyProgress({ state, brand }).answered)
  const total = useApplication((state) => journeyProgress({ state, brand }).total)
  const applicationId = useApplication((state) => state.applicationId)
  const shown = useMemo(
    () => nextShownProgress(readShownProgress(applicationId), { answered, total, percent: 0 }),
    [applicationId, answered, total],
  )
  useEffect(() => writeShownProgress(applicationId, shown), [applicationId, shown])
  const percent = shownPercent(shown)
  // A page rendered at build time has no answers, and a width in its markup would be a style
  // attribute, which the policy refuses (style-src without 'unsafe-inline'): the fill starts empty
  // there, as the stylesheet draws it (docs/decisions/1941).
  const prerendering = usePrerendering()
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
        <div
          className="progress-fill"
          style={prerendering ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
