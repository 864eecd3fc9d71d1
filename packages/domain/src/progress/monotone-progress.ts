// The bar the applicant sees never moves backwards
// (docs/decisions/2082-progress-never-moves-backwards.md). journeyProgress stays the honest count
// of the path as known now; this turns a run of those counts into a share that only grows.
import type { JourneyProgress } from './progress'

/** What the bar showed last, kept between screens. */
export interface ShownProgress {
  /** The exact share shown, 0 to 100 (not rounded, so that rounding never adds up). */
  share: number
  /** Screens answered when it was shown. */
  answered: number
}

export const NO_PROGRESS_SHOWN: ShownProgress = { share: 0, answered: 0 }

/** The most a path with a screen left can show: below 100, so rounding never reaches it. */
const SHORT_OF_DONE = 99.99

/**
 * The share to show next, given what was shown and the path as it stands. Each screen answered
 * since takes an equal part of what was left: when the path grows, what remains is spread over
 * the screens that remain, and the bar slows instead of falling. Answers taken back (a changed
 * answer that reopens a screen) hold the bar where it is. 100 only when every screen is answered.
 */
export function nextShownProgress(shown: ShownProgress, now: JourneyProgress): ShownProgress {
  if (now.total > 0 && now.answered >= now.total) return { share: 100, answered: now.answered }
  const left = now.total - shown.answered
  const gained = now.answered - shown.answered
  if (gained <= 0 || left <= 0) {
    // Fewer answered than before: remember the lower count, so each screen answered again moves
    // the bar on, but never let the share fall.
    return {
      share: Math.min(shown.share, SHORT_OF_DONE),
      answered: Math.min(shown.answered, now.answered),
    }
  }
  const share = shown.share + ((100 - shown.share) * gained) / left
  return { share: Math.min(Math.max(shown.share, share), SHORT_OF_DONE), answered: now.answered }
}

/** The whole percentage for the bar: rounded down, and 100 only when the share is. */
export function shownPercent(shown: ShownProgress): number {
  return shown.share >= 100 ? 100 : Math.min(99, Math.floor(shown.share))
}
