import { expect, test } from 'vitest'
import { brands } from '../brands/brand-data'
import { createInitialState, emptyEmployment } from '../state/application-state'
import { validateStep } from '../steps/step-rules'
import { statusesWithEmployer } from './employer'
import { employerWording } from './employer-wording'
import { steps } from './steps'

test.each([
  [
    'Full-time employed',
    'About your employer',
    'About your previous employer',
    'About their employer',
  ],
  [
    'Part-time employed',
    'About your employer',
    'About your previous employer',
    'About their employer',
  ],
  ['Self-employed', 'About your business', 'About your previous business', 'About their business'],
  [
    'Agency worker',
    'About your agency work',
    'About your previous agency work',
    'About their agency work',
  ],
  ['Armed forces', 'About your service', 'About your previous service', 'About their service'],
])(
  '%s: "%s", then "%s" for an earlier job, "%s" for the joint applicant',
  (status, current, previous, joint) => {
    expect(employerWording(status, 1).title).toBe(current)
    expect(employerWording(status, 2).title).toBe(previous)
    expect(employerWording(status, 1, 'joint').title).toBe(joint)
  },
)

test.each([
  ['Full-time employed', ['Occupation', 'Employer name', 'Employer town']],
  ['Self-employed', ['Occupation', 'Business name', 'Business town']],
  ['Agency worker', ['Occupation', 'Agency name', 'Agency town']],
  ['Armed forces', ['Rank or role', 'Service', 'Base or town']],
])('%s labels the fields %j; the joint applicant’s start with "Their"', (status, labels) => {
  const words = employerWording(status)
  expect([words.occupation, words.employerName, words.employerTown].map((f) => f.label)).toEqual(
    labels,
  )
  const joint = employerWording(status, 1, 'joint')
  expect([joint.occupation, joint.employerName, joint.employerTown].map((f) => f.label)).toEqual(
    labels.map((label) => `Their ${label.toLowerCase()}`),
  )
})

test('an earlier job is described in the past tense', () => {
  expect(employerWording('Self-employed', 2).employerName.hint).toBe(
    'The name your business traded under.',
  )
  expect(employerWording('Full-time employed', 3).employerTown.hint).toBe(
    'The town or city where you worked.',
  )
  expect(employerWording('Armed forces', 2, 'main').employerTown.hint).toBe(
    'Where you were based, for example Catterick.',
  )
})

test.each(statusesWithEmployer)(
  'the journey table’s title for a %s entry is the wording’s, and the messages name the same fields',
  (status) => {
    const state = createInitialState()
    state.form.employments = [{ ...emptyEmployment(), employmentStatus: status }]
    const ctx = { state, brand: brands.carfinance }
    const step = steps.find((candidate) => candidate.id === 'employment-add')!
    const words = employerWording(status)
    expect(step.titleFor?.(ctx, 1)).toBe(words.title)
    const messages = validateStep('employment-add', {
      ...ctx,
      n: 1,
      today: { year: 2026, month: 11, day: 26 },
    }).map((error) => error.error.text)
    expect(messages).toEqual(
      [words.occupation, words.employerName, words.employerTown].map(
        (field) => `Please enter your ${field.messageLabel}.`,
      ),
    )
  },
)
