import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointEmploymentAddScreen from './joint-employment-add-screen'

const status = 'What is their employment status?'
const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))
const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

test('Continue with no status chosen shows the message and no employer questions', async () => {
  givenJoint()
  const { container } = renderInMain(<JointEmploymentAddScreen />, '/joint-employment-add')
  expect(screen.getByRole('heading', { level: 1, name: 'Their employment' })).toBeVisible()
  expect(screen.queryByRole('textbox')).toBeNull()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual(['Please choose an option to continue.'])
  expect(screen.getByRole('group', { name: status })).toHaveAccessibleDescription(
    'If they work for an employer or for themselves, we will then ask about their work. Error: Please choose an option to continue.',
  )
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: 'Full-time employed' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('a status with an employer reveals the employer questions, with the "their" messages', async () => {
  givenJoint()
  const { container } = renderInMain(<JointEmploymentAddScreen />, '/joint-employment-add')
  await userEvent.click(screen.getByRole('radio', { name: 'Part-time employed' }))
  expect(screen.getByRole('region', { name: 'About their employer' })).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual([
    'Please enter their occupation.',
    'Please enter their employer name.',
    'Please enter their employer town.',
  ])
  expect(screen.getByRole('textbox', { name: 'Their occupation' })).toHaveAccessibleDescription(
    'Their job title, for example nurse or electrician. Error: Please enter their occupation.',
  )
  expect(screen.getByRole('textbox', { name: 'Their employer name' })).toHaveAccessibleDescription(
    'The company or organisation they work for. Error: Please enter their employer name.',
  )
  expect(screen.getByRole('textbox', { name: 'Their employer town' })).toHaveAccessibleDescription(
    'The town or city where they work. Error: Please enter their employer town.',
  )
  for (const name of ['Their occupation', 'Their employer name', 'Their employer town']) {
    expect(screen.getByRole('textbox', { name })).toHaveAttribute('autocomplete', 'off')
  }
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Their occupation' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
}, 20_000)

test.each([
  [
    'Self-employed',
    'About their business',
    ['Their occupation', 'Their business name', 'Their business town'],
    [
      'Please enter their occupation.',
      'Please enter their business name.',
      'Please enter their business town.',
    ],
  ],
  [
    'Agency worker',
    'About their agency work',
    ['Their occupation', 'Their agency name', 'Their agency town'],
    [
      'Please enter their occupation.',
      'Please enter their agency name.',
      'Please enter their agency town.',
    ],
  ],
  [
    'Armed forces',
    'About their service',
    ['Their rank or role', 'Their service', 'Their base or town'],
    [
      'Please enter their rank or role.',
      'Please enter their service.',
      'Please enter their base or town.',
    ],
  ],
])(
  '%s: the section is "%s" and its labels and messages follow',
  async (status, heading, labels, messages) => {
    givenJoint()
    renderInMain(<JointEmploymentAddScreen />, '/joint-employment-add')
    await userEvent.click(screen.getByRole('radio', { name: status }))
    expect(screen.getByRole('region', { name: heading })).toBeVisible()
    for (const label of labels) expect(screen.getByRole('textbox', { name: label })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(summaryLinks()).toEqual(messages)
  },
)

test('a status without an employer hides the questions again and forgets their answers', async () => {
  givenJoint()
  const { location } = renderInMain(<JointEmploymentAddScreen />, '/joint-employment-add')
  await userEvent.click(screen.getByRole('radio', { name: 'Full-time employed' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Their occupation' }), 'Nurse')
  await userEvent.click(screen.getByRole('radio', { name: 'Homemaker' }))
  expect(screen.queryByRole('region', { name: 'About their employer' })).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint).toMatchObject({
    employmentStatus: 'Homemaker',
    occupation: '',
    employerName: '',
    employerTown: '',
  })
  expect(location.history?.at(-1)).toBe('/joint-employment-length')
})

test('the joint applicant’s employer is stored and Continue goes to how long', async () => {
  givenJoint()
  const { location } = renderInMain(<JointEmploymentAddScreen />, '/joint-employment-add')
  await userEvent.click(screen.getByRole('radio', { name: 'Self-employed' }))
  expect(screen.getByRole('textbox', { name: 'Their business name' })).toHaveAccessibleDescription(
    'The name their business trades under.',
  )
  await userEvent.type(screen.getByRole('textbox', { name: 'Their occupation' }), 'Plumber')
  await userEvent.type(screen.getByRole('textbox', { name: 'Their business name' }), 'Pipe Up')
  await userEvent.type(screen.getByRole('textbox', { name: 'Their business town' }), 'Truro')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint).toMatchObject({
    employmentStatus: 'Self-employed',
    occupation: 'Plumber',
    employerName: 'Pipe Up',
    employerTown: 'Truro',
  })
  expect(getApplication().form.employments[0]?.employmentStatus).toBe('')
  expect(location.history?.at(-1)).toBe('/joint-employment-length')
})
