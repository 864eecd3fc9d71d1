// The shape of one row of the journey table, and the checks its rows share. Apart from steps.ts so
// the opening steps (opening-steps.ts) can be loaded without the rest of the table.
import type { Brand } from '../brands/brand'
import type { ApplicationState } from '../state/application-state'

export interface JourneyContext {
  state: ApplicationState
  brand: Brand
}

/** Which loop a repeated step belongs to: its {n} counts entries of that history. */
export type StepLoop = 'address' | 'employment'

export interface StepDefinition {
  id: string
  /** Route, with `{n}` for the entry index of a repeated step (from 1). */
  path: string
  title: string
  /**
   * The title when it depends on the answers (the employer screen follows the employment status):
   * the screen's heading and the page title. Omitted: `title`.
   */
  titleFor?: (ctx: JourneyContext, n: number) => string
  loop?: StepLoop
  /** Omitted: always shown. `n` is the entry index for repeated steps. */
  shownWhen?: (ctx: JourneyContext, n: number) => boolean
  /** Whether the applicant has answered this step (entry `n` for repeated steps). */
  isAnswered: (ctx: JourneyContext, n: number) => boolean
}

export const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== ''
export const known = (value: unknown): boolean => value !== null && value !== undefined
