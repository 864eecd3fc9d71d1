// The employment history's entry n (from 1), created with any before it when missing, so the
// /employment/{n} screens can write to an entry the applicant reaches for the first time.
import {
  emptyEmployment,
  type ApplicationState,
  type Employment,
} from '@forecourt/domain/state/application-state'

export function employmentEntry(draft: ApplicationState, n: number): Employment {
  const { employments } = draft.form
  while (employments.length < n) employments.push(emptyEmployment())
  return employments[n - 1]!
}
