import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import JointDateOfBirthScreen from './joint-date-of-birth-screen'

const question = 'What is their date of birth?'
const givenJoint = () =>
  givenState('harbourlend', (state) => void (state.form.isJointApplication = true))

async function enter(day: string, month: string, year: string) {
  if (day) await userEvent.type(screen.getByRole('textbox', { name: 'Day' }), day)
  if (month) await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), month)
  if (year) await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), year)
}

const thisYear = new Date().getFullYear()

test.each([
  ['nothing', ['', '', ''], 'Please enter their date of birth.', ['Day', 'Month', 'Year']],
  ['no day', ['', '4', '1980'], 'What day were they born?', ['Day']],
  ['day 32', ['32', '4', '1980'], 'Please enter a day between 1 and 31.', ['Day']],
  ['no year', ['12', '4', ''], 'Which year were they born?', ['Year']],
  [
    'a two-digit year',
    ['12', '4', '80'],
    "Please enter their year of birth using the format 'YYYY'.",
    ['Year'],
  ],
  [
    'an age under 18',
    ['1', '1', String(thisYear - 10)],
    'They must be at least 18 years old to apply for finance with us.',
    ['Day', 'Month', 'Year'],
  ],
])(
  '%s gives the "their" message in the summary and beside the date',
  async (_, parts, message, invalid) => {
    givenJoint()
    const { container } = renderInMain(<JointDateOfBirthScreen />, '/joint-date-of-birth')
    await enter(...(parts as [string, string, string]))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([message])
    expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
      `For example, 27 03 1985 Error: ${message}`,
    )
    const marked = ['Day', 'Month', 'Year'].filter(
      (name) => screen.getByRole('textbox', { name }).getAttribute('aria-invalid') === 'true',
    )
    expect(marked).toEqual(invalid)
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the question is the heading, autofill is off and the empty screen has no axe violations', async () => {
  givenJoint()
  const { container } = renderInMain(<JointDateOfBirthScreen />, '/joint-date-of-birth')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeVisible()
  for (const name of ['Day', 'Month', 'Year']) {
    expect(screen.getByRole('textbox', { name })).toHaveAttribute('autocomplete', 'off')
  }
  await expectNoAxeViolations(container)
}, 20_000)

test('the parts are kept at the top level, the date stored for the joint applicant, and Continue goes on', async () => {
  givenJoint()
  const { location } = renderInMain(<JointDateOfBirthScreen />, '/joint-date-of-birth')
  await enter('7', '3', '1984')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const state = getApplication()
  expect([state.jointDobDay, state.jointDobMonth, state.jointDobYear]).toEqual(['07', '03', '1984'])
  expect(state.form.joint.dateOfBirth).toBe('1984-03-07T00:00:00.000Z')
  expect(state.form.dateOfBirth).toBeNull()
  expect(location.history?.at(-1)).toBe('/joint-same-address')
})
