import { expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { statusesWithEmployer } from '@forecourt/domain/journey/employer'
import { steps } from '@forecourt/domain/journey/steps'
import { createInitialState, emptyEmployment } from '@forecourt/domain/state/application-state'
import { routes } from './routes'

/** The route that shows the step's path, its entry index taken as 1. */
const routeFor = (stepPath: string) => {
  const path = stepPath.replace('{n}', '1')
  return routes.find((route) => new RegExp(`^${route.path.replace(':n', '\\d+')}$`).test(path))
}

test('every step of the journey table has a route with the same title', () => {
  for (const step of steps) {
    expect(routeFor(step.path)?.title, step.path).toBe(step.title)
  }
})

test.each(statusesWithEmployer.flatMap((status) => [1, 2].map((n) => [status, n] as const)))(
  'the employer screen of a %s entry %i has the journey table’s title as its page title',
  (status, n) => {
    const state = createInitialState()
    state.form.employments = Array.from({ length: n }, () => ({
      ...emptyEmployment(),
      employmentStatus: status,
    }))
    const step = steps.find((candidate) => candidate.id === 'employment-add')!
    const fromTable = step.titleFor!({ state, brand: brands.carfinance }, n)
    expect(routeFor(step.path)?.titleFor?.({ state, brand: brands.carfinance }, n)).toBe(fromTable)
  },
)
