import { expect, test } from 'vitest'
import { openingSteps } from './opening-steps'
import { stepList } from './step-list'
import { steps } from './steps'

test('each step of the list has its own id and its own route', () => {
  expect(new Set(stepList.map((entry) => entry.id)).size).toBe(stepList.length)
  expect(new Set(stepList.map((entry) => entry.path)).size).toBe(stepList.length)
})

test('the journey table is the list, row for row, each row with its journey rules', () => {
  expect(steps.map(({ id, path, title }) => ({ id, path, title }))).toEqual(
    stepList.map(({ id, path, title }) => ({ id, path, title })),
  )
  for (const step of steps) expect(typeof step.isAnswered, step.id).toBe('function')
})

test('the opening steps are the rows of the list the start screen needs', () => {
  expect(openingSteps.map((step) => step.id)).toEqual(
    stepList.slice(0, openingSteps.length).map((entry) => entry.id),
  )
})
