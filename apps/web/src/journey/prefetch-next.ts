// Which screens' code to fetch while the applicant is on a question (docs/requirements.md#performance: "the next
// screen's code is fetched while the current one is idle"), so Continue never waits for the
// network, whatever the answer given on this screen.
import type { Brand } from '@forecourt/domain/brands/brand'
import { nextPath, pathFor, previousPath } from '@forecourt/domain/journey/navigation'
import { stepAtPath, stepsThatMayFollow } from '@forecourt/domain/journey/next-steps'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { CHECK_ANSWERS_PATH, isReturningToCheck, pathAfterChange } from './return-to-check'

/**
 * The paths whose screens may be shown next from the question at `location`, most likely first:
 * where Continue goes with the answers as they are (back to the check page when the step was
 * opened from it), where Previous goes, then every step that a different answer could lead to;
 * then where Continue goes from the first of those. A screen answered with one tap is left within
 * a second, less than one request takes on a slow phone network (decision 2179): fetched two
 * screens ahead, its successor's code has the time of both. Only the likely second screen: every
 * branch two screens ahead would cost a phone's data for screens most never see.
 * Empty for a path that is not a question.
 */
export function pathsToPrefetch(
  state: ApplicationState,
  brand: Brand,
  location: string,
  search: string,
): string[] {
  const near = screensAfter(state, brand, location, search)
  const likely = near[0]
  const further =
    likely && stepAtPath(likely) ? nextPath(state, brand, likely)?.split('?')[0] : undefined
  return [...new Set([...near, ...(further ? [further] : [])])].filter((path) => path !== location)
}

/** The screens that may be shown straight after the question at `location`, most likely first. */
function screensAfter(
  state: ApplicationState,
  brand: Brand,
  location: string,
  search: string,
): string[] {
  const here = stepAtPath(location)
  if (!here) return []
  const next = isReturningToCheck(search)
    ? [pathAfterChange(state, brand, location), CHECK_ANSWERS_PATH]
    : [nextPath(state, brand, location)]
  const candidates = [
    ...next,
    previousPath(state, brand, location),
    ...stepsThatMayFollow(here.step).map((step) => pathFor(step, here.n)),
  ]
  const paths = candidates
    .filter((path): path is string => path !== undefined)
    .map((path) => path.split('?')[0] ?? path)
  return [...new Set(paths)].filter((path) => path !== location)
}
