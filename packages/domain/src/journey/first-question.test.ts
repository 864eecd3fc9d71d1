import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { createInitialState, type ApplicationState } from '../state/application-state'
import { filledJointState, filledState } from '../../test-support/test-fixtures'
import { firstQuestionPath } from './first-question'
import { journeyVisits } from './navigation'
import { openingSteps } from './opening-steps'
import { steps } from './steps'

const withVehicle = () => {
  const state = createInitialState()
  state.form.vehicle.vrm = 'AB21 CDE'
  return state
}
const securedOnProperty = () => {
  const state = createInitialState()
  state.form.loanPurposeType = 'property'
  return state
}
const states: [string, () => ApplicationState][] = [
  ['a new application', createInitialState],
  ['a vehicle loaded from stock', withVehicle],
  ['a loan secured on property', securedOnProperty],
  ['a filled single application', filledState],
  ['a filled joint application', filledJointState],
]

test('the opening steps are the first rows of the journey table', () => {
  expect(steps.slice(0, openingSteps.length)).toEqual(openingSteps)
})

test('the last opening step is shown to everyone, so the first question is always among them', () => {
  expect(openingSteps.at(-1)?.shownWhen).toBeUndefined()
  expect(openingSteps.slice(0, -1).every((step) => step.shownWhen !== undefined)).toBe(true)
})

test.each(states)('the first question agrees with the whole journey for %s', (_, given) => {
  for (const brand of Object.values(brands)) {
    const state = given()
    expect(firstQuestionPath(state, brand)).toBe(journeyVisits({ state, brand })[0]?.path)
  }
})
