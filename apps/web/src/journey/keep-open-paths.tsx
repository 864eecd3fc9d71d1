// Keeps, for the script in a question's pre-rendered page, the paths this application may open now
// (docs/decisions/2156): every screen of the path up to the first one not answered, as the
// deep-link guard judges them (docs/requirements.md#deep-links).
import { journeyVisits } from '@forecourt/domain/journey/navigation'
import { useEffect } from 'react'
import { useBrand } from '#brand/use-brand'
import { writeOpenPaths } from '#lib/deep-link-hold'
import { useApplication } from '#lib/session-store'

export function KeepOpenPaths() {
  const brand = useBrand()
  const applicationId = useApplication((state) => state.applicationId)
  // One string, so the effect runs only when the list changes, not on every keystroke.
  const paths = useApplication((state) => {
    const ctx = { state, brand }
    const visits = journeyVisits(ctx)
    const firstUnanswered = visits.findIndex((visit) => !visit.step.isAnswered(ctx, visit.n))
    return visits
      .slice(0, firstUnanswered === -1 ? visits.length : firstUnanswered + 1)
      .map((visit) => visit.path)
      .join(' ')
  })
  useEffect(
    () => writeOpenPaths({ applicationId, paths: paths.split(' ') }),
    [applicationId, paths],
  )
  return null
}
