import { expect, test } from 'vitest'
import { createInitialState, emptyEmployment } from '@forecourt/domain/state/application-state'
import { employmentEntry } from './employment-entry'

test('an entry reached for the first time is created, with any missing before it', () => {
  const state = createInitialState()
  state.form.employments = [{ ...emptyEmployment(), employmentStatus: 'Retired' }]
  employmentEntry(state, 3).employmentStatus = 'Student'
  expect(state.form.employments.map((entry) => entry.employmentStatus)).toEqual([
    'Retired',
    '',
    'Student',
  ])
})

test('an existing entry is the one returned, unchanged', () => {
  const state = createInitialState()
  const first = { ...emptyEmployment(), employmentStatus: 'Retired', yearsAtEmployer: 4 }
  state.form.employments = [first]
  expect(employmentEntry(state, 1)).toBe(first)
  expect(state.form.employments).toHaveLength(1)
})
