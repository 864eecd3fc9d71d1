import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointEmploymentLengthScreen from './joint-employment-length-screen'

const question = 'How long have they been in this employment status?'
const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))

test.each([
  ['nothing', '', ''],
  ['no time at all', '0', ''],
])(
  'Continue with %s entered asks for an answer, in the summary and beside the question',
  async (_, years, months) => {
    givenJoint()
    const { container } = renderInMain(<JointEmploymentLengthScreen />, '/joint-employment-length')
    expect(screen.getByRole('heading', { level: 1, name: question })).toBeVisible()
    await expectNoAxeViolations(container)
    if (years) await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), years)
    if (months) await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), months)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Please answer this question.',
    ])
    expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
      'For example, 2 years 6 months. Leave a part blank if it is 0. Error: Please answer this question.',
    )
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the time is stored for the joint applicant, capped, and Continue goes to their income', async () => {
  givenJoint()
  const { location } = renderInMain(<JointEmploymentLengthScreen />, '/joint-employment-length')
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '2')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '14')
  await waitFor(() => expect(getApplication().form.joint.monthsAtEmployer).toBe(11))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.joint).toMatchObject({ yearsAtEmployer: 2, monthsAtEmployer: 11 })
  expect(getApplication().form.employments[0]?.employmentStatus).toBe('')
  expect(location.history?.at(-1)).toBe('/joint-employment-income')
})

test('an earlier answer shows when the applicant comes back', () => {
  givenState('harbourlend', (state) => {
    state.form.isJointApplication = true
    state.form.joint.yearsAtEmployer = 4
  })
  renderInMain(<JointEmploymentLengthScreen />, '/joint-employment-length')
  expect(screen.getByRole('textbox', { name: 'Years' })).toHaveValue('4')
  expect(screen.getByRole('textbox', { name: 'Months' })).toHaveValue('')
})
