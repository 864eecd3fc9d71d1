// A whole row of the journey table: a row of the step list (step-list.ts) with its journey rules,
// when it is shown and when it counts as answered; and the checks those rules share. Apart from
// steps.ts so the opening steps (opening-steps.ts) can be loaded without the rest of the table.
import type { JourneyContext, StepEntry, StepId } from './step-list'

/** When a step is shown and when it counts as answered. */
export interface StepFlow {
  /** Omitted: always shown. `n` is the entry index for repeated steps. */
  shownWhen?: (ctx: JourneyContext, n: number) => boolean
  /** Whether the applicant has answered this step (entry `n` for repeated steps). */
  isAnswered: (ctx: JourneyContext, n: number) => boolean
}

export interface StepDefinition extends StepEntry, StepFlow {
  id: StepId
}

/** The rows of `entries` that `flows` has rules for, each with its rules, in the list's order. */
export function withFlows<Id extends StepId>(
  entries: readonly (StepEntry & { id: StepId })[],
  flows: Readonly<Record<Id, StepFlow>>,
): StepDefinition[] {
  return entries.flatMap((entry) =>
    Object.hasOwn(flows, entry.id) ? [{ ...entry, ...flows[entry.id as Id] }] : [],
  )
}

export const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== ''
export const known = (value: unknown): boolean => value !== null && value !== undefined
