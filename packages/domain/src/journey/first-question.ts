// Where the journey starts, for the start screen's "Start your application" link. It needs only the
// opening steps: the first one shown is always among them, since the last of them is shown to
// everyone (first-question.test.ts checks both against the whole table).
import type { Brand } from '../brands/brand'
import type { ApplicationState } from '../state/application-state'
import { openingSteps } from './opening-steps'

export function firstQuestionPath(state: ApplicationState, brand: Brand): string {
  const ctx = { state, brand }
  return openingSteps.find((step) => step.shownWhen?.(ctx, 1) ?? true)?.path ?? '/'
}
