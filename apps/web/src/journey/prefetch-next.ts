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
 * then the same from the likely next screen, and the screen Continue goes to after that. A screen
 * answered with one tap is left within a second, less than one request takes on a slow phone
 * network (decisions 2179, 2182): fetched from two screens before, its successor's code has the
 * time of both, whichever answer is given on it, and the likely path three screens ahead.
 * Empty for a path that is not a question.
 */
export function pathsToPrefetch(
  state: ApplicationState,
  brand: Brand,
  location: string,
  search: string,
): string[] {
  const near = screensAfter(state, brand, location, search)
  const beyond = near[0] ? screensAfter(state, brand, near[0], '') : []
  const further = beyond[0] && stepAtPath(beyond[0]) && nextPath(state, brand, beyond[0])
  return [...new Set([...near, ...beyond, ...(further ? [withoutQuery(further)] : [])])].filter(
    (path) => path !== location,
  )
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
  const paths = candidates.filter((path): path is string => path !== undefined).map(withoutQuery)
  return [...new Set(paths)].filter((path) => path !== location)
}

/** A path's screen: its query (the way back to the check page) does not change the code to fetch. */
const withoutQuery = (path: string): string => path.split('?')[0] ?? path
