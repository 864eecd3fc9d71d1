// Which steps can come straight after a step, whatever the answers still to be given: the screens
// whose code is worth fetching while the applicant reads the current one (docs/requirements.md#quality-bars). Read off
// the order of the table: every later step up to and including the first one shown to everyone,
// and, after the last step of a history loop, that loop's first step (its next entry).
import type { StepDefinition } from './step-definition'
import { steps } from './steps'

/** The step a path shows and its entry index: '/address/2' → the address step, 2. */
export function stepAtPath(path: string): { step: StepDefinition; n: number } | undefined {
  for (const step of steps) {
    const [before = '', after] = step.path.split('{n}')
    if (after === undefined) {
      if (path === step.path) return { step, n: 1 }
      continue
    }
    if (!path.startsWith(before) || !path.endsWith(after)) continue
    const digits = path.slice(before.length, path.length - after.length)
    const n = Number(digits)
    if (/^[1-9]\d*$/.test(digits) && Number.isSafeInteger(n)) return { step, n }
  }
  return undefined
}

export function stepsThatMayFollow(step: StepDefinition): StepDefinition[] {
  const index = steps.indexOf(step)
  if (index === -1) return []
  const following: StepDefinition[] = []
  const next = steps[index + 1]
  if (step.loop && next?.loop !== step.loop) {
    const loopStart = steps.find((candidate) => candidate.loop === step.loop)
    if (loopStart) following.push(loopStart)
  }
  for (const later of steps.slice(index + 1)) {
    following.push(later)
    if (!later.shownWhen) break
  }
  return following
}
