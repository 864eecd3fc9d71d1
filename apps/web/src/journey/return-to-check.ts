// A Change link on the check-your-answers page opens a step with ?return=before-you-submit; the
// step's Continue then comes back to the check page instead of walking the rest of the journey,
// unless the change opened steps that are not answered yet (docs/decisions/1302).
import type { Brand } from '@forecourt/domain/brands/brand'
import { journeyVisits } from '@forecourt/domain/journey/navigation'
import type { StepId } from '@forecourt/domain/journey/step-list'
import type { ApplicationState } from '@forecourt/domain/state/application-state'

export const CHECK_ANSWERS_STEP = 'before-you-submit' satisfies StepId
export const CHECK_ANSWERS_PATH = '/before-you-submit'
const RETURN_PARAM = 'return'

/** The address of a step opened from the check page: `/personal?return=before-you-submit`. */
export function changeHref(path: string): string {
  return `${path}?${RETURN_PARAM}=${CHECK_ANSWERS_STEP}`
}

/** Whether the page was opened from the check page (its query string, with or without '?'). */
export function isReturningToCheck(search: string): boolean {
  return new URLSearchParams(search).get(RETURN_PARAM) === CHECK_ANSWERS_STEP
}

/**
 * Where Continue goes from a step opened from the check page: the first step before the check
 * page that is not answered (a change can open new ones, such as the joint applicant's screens),
 * still carrying the return marker, or the check page itself. The step just left is skipped, so a
 * rule that passes a step its table entry does not count as answered cannot trap the applicant.
 */
export function pathAfterChange(
  state: ApplicationState,
  brand: Brand,
  currentPath: string,
): string {
  const ctx = { state, brand }
  const visits = journeyVisits(ctx)
  const end = visits.findIndex((visit) => visit.step.id === CHECK_ANSWERS_STEP)
  const unanswered = visits
    .slice(0, end === -1 ? visits.length : end)
    .find((visit) => visit.path !== currentPath && !visit.step.isAnswered(ctx, visit.n))
  return unanswered ? changeHref(unanswered.path) : CHECK_ANSWERS_PATH
}
