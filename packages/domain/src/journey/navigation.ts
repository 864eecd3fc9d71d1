// Next, previous and the deep-link guard, all derived from the step table in steps.ts.
import type { Brand } from '../brands/brand'
import {
  addressPeriods,
  employmentPeriods,
  isHistoryComplete,
  MAX_HISTORY_ENTRIES,
} from '../histories/histories'
import type { ApplicationState } from '../state/application-state'
import type { StepDefinition } from './step-definition'
import type { JourneyContext, StepId, StepLoop } from './step-list'
import { steps } from './steps'

// The start screen imports this from here but needs none of the table behind the rest of this file.
export { firstQuestionPath } from './first-question'

/** One screen the applicant passes through: a step, with its entry index for repeated steps. */
export interface Visit {
  step: StepDefinition
  n: number
  path: string
}

/** More entries than this would mean a history of under a month each: stop expanding there. */
const MAX_LOOP_ENTRIES = MAX_HISTORY_ENTRIES

export function pathFor(step: StepDefinition, n: number): string {
  return step.path.replace('{n}', String(n))
}

function periodsOf(ctx: JourneyContext, loop: StepLoop, upTo: number) {
  const { addresses, employments, joint } = ctx.state.form
  switch (loop) {
    case 'address':
      return addressPeriods(addresses.slice(0, upTo))
    case 'employment':
      return employmentPeriods(employments.slice(0, upTo))
    case 'joint-address':
      return addressPeriods(joint.addresses.slice(0, upTo))
  }
}

/**
 * The screens of this applicant's journey in order, given the answers so far. A history loop
 * repeats its steps with n + 1 until 36 months are covered; it stops at the first entry whose
 * length is not answered yet, since whether another entry is needed is not known until then.
 */
export function journeyVisits(ctx: JourneyContext): Visit[] {
  const visits: Visit[] = []
  let index = 0
  while (index < steps.length) {
    const step = steps[index]!
    if (!step.loop) {
      if (step.shownWhen?.(ctx, 1) ?? true) visits.push({ step, n: 1, path: pathFor(step, 1) })
      index += 1
      continue
    }
    const loop = step.loop
    const loopSteps: StepDefinition[] = []
    while (index < steps.length && steps[index]!.loop === loop) loopSteps.push(steps[index++]!)
    for (let n = 1; n <= MAX_LOOP_ENTRIES; n += 1) {
      for (const loopStep of loopSteps) {
        if (loopStep.shownWhen?.(ctx, n) ?? true) {
          visits.push({ step: loopStep, n, path: pathFor(loopStep, n) })
        }
      }
      const lengthStep = loopSteps[loopSteps.length - 1]!
      if (!lengthStep.isAnswered(ctx, n) || isHistoryComplete(periodsOf(ctx, loop, n))) break
    }
  }
  return visits
}

function isAnswered(ctx: JourneyContext, visit: Visit): boolean {
  return visit.step.isAnswered(ctx, visit.n)
}

function indexOfPath(visits: Visit[], path: string): number {
  return visits.findIndex((visit) => visit.path === path)
}

/** The route after `currentPath`, or undefined at the end. `/` is before the first question. */
export function nextPath(
  state: ApplicationState,
  brand: Brand,
  currentPath: string,
): string | undefined {
  const visits = journeyVisits({ state, brand })
  if (currentPath === '/') return visits[0]?.path
  const index = indexOfPath(visits, currentPath)
  if (index === -1) return undefined
  return visits[index + 1]?.path
}

/** The route before `currentPath`: `/` before the first question, undefined when not in the journey. */
export function previousPath(
  state: ApplicationState,
  brand: Brand,
  currentPath: string,
): string | undefined {
  const visits = journeyVisits({ state, brand })
  const index = indexOfPath(visits, currentPath)
  if (index === -1) return undefined
  return index === 0 ? '/' : visits[index - 1]!.path
}

/** The first screen whose question is still unanswered (the end of the journey when all are). */
export function firstUnansweredPath(state: ApplicationState, brand: Brand): string {
  const ctx = { state, brand }
  const visits = journeyVisits(ctx)
  const unanswered = visits.find((visit) => !isAnswered(ctx, visit))
  return (unanswered ?? visits[visits.length - 1])?.path ?? '/'
}

/**
 * The deep-link guard (docs/requirements.md#deep-links): a step may be opened only when every step before it is
 * answered. Returns the path to show instead, or undefined when `path` may be visited as it is.
 */
export function redirectForDeepLink(
  state: ApplicationState,
  brand: Brand,
  path: string,
): string | undefined {
  const ctx = { state, brand }
  const visits = journeyVisits(ctx)
  const index = indexOfPath(visits, path)
  if (index === -1) return firstUnansweredPath(state, brand)
  const earlier = visits.slice(0, index).find((visit) => !isAnswered(ctx, visit))
  return earlier?.path
}

export function findStep(id: StepId): StepDefinition | undefined {
  return steps.find((step) => step.id === id)
}
