// Progress on the applicant's own path (docs/decisions/1535-progress-on-the-applicants-path.md):
// the screens of the journey table this applicant passes through, given the answers so far, and
// how many of them are answered. Departs from the specification's share of 17 items, which read
// 53 % after 6 of 20 screens and 100 % with screens still to go.
import { journeyVisits } from '../journey/navigation'
import type { JourneyContext } from '../journey/step-list'

/** Screens with no question of their own: sending the application comes after 100 %. */
const WITHOUT_QUESTION: readonly string[] = ['submit']

export interface JourneyProgress {
  /** Screens on the path whose question is answered. */
  answered: number
  /** Screens on the path, with the estimate for what is not known yet. */
  total: number
  /** answered / total as a whole percentage, rounded down: 100 only when every one is answered. */
  percent: number
}

/**
 * Progress along this applicant's path. What is not known yet is estimated as the common case:
 * a history loop ends with the entry being answered (most applicants have lived and worked three
 * years in one place), a joint applicant is not added until the applicant says so and lives with the applicant until
 * the applicant says otherwise (their own address screens, decision 1841), and an
 * employment whose status is not chosen yet has an employer screen (most applicants have one).
 * A later answer that lengthens the path lowers the share: the bar tells the truth about what is
 * left.
 */
export function journeyProgress(ctx: JourneyContext): JourneyProgress {
  const visits = journeyVisits(ctx).filter((visit) => !WITHOUT_QUESTION.includes(visit.step.id))
  let total = visits.length
  let answered = 0
  for (const visit of visits) {
    const done = visit.step.isAnswered(ctx, visit.n)
    if (done) answered += 1
    // The employer screen is shown only once the status is known to have one.
    if (visit.step.id === 'employment' && !done) total += 1
  }
  const percent = total === 0 ? 0 : Math.floor((answered / total) * 100)
  return { answered, total, percent }
}
