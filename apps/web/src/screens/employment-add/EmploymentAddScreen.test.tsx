import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyEmployment } from '@forecourt/domain/state/application-state'
import { getApplication } from '../../lib/session-store'
import { expectNoAxeViolations } from '../../testing/axe'
import { givenState, renderInMain } from '../../testing/render'
import EmploymentAddScreen from './EmploymentAddScreen'

const givenStatus = (...statuses: string[]) =>
  givenState('carfinance', (state) => {
    state.form.employments = statuses.map((employmentStatus, i) => ({
      ...emptyEmployment(),
      employmentStatus,
      yearsAtEmployer: i === statuses.length - 1 ? null : 1,
    }))
  })

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/employment-add/:n">
      <EmploymentAddScreen />
    </Route>,
    `/employment-add/${n}`,
  )

test('Continue with nothing entered shows each message in the summary and beside its field', async () => {
  givenStatus('Full-time employed')
  const { container } = renderEntry(1)
  expect(screen.getByRole('heading', { level: 1, name: 'About your employer' })).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
    'Please enter your occupation.',
    'Please enter your employer name.',
    'Please enter your employer town.',
  ])
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAccessibleDescription(
    'Your job title, for example nurse or electrician. Error: Please enter your occupation.',
  )
  expect(screen.getByRole('textbox', { name: 'Employer town' })).toHaveAccessibleDescription(
    'The town or city where you work. Error: Please enter your employer town.',
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('blank spaces are not an answer', async () => {
  givenStatus('Agency worker')
  renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Occupation' }), '   ')
  await userEvent.tab()
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAccessibleDescription(
    'Your job title, for example nurse or electrician. Error: Please enter your occupation.',
  )
})

test('the fields carry the work autocomplete tokens, and the town none of the home address', () => {
  givenStatus('Full-time employed')
  renderEntry(1)
  expect(screen.getByRole('textbox', { name: 'Occupation' })).toHaveAttribute(
    'autocomplete',
    'organization-title',
  )
  expect(screen.getByRole('textbox', { name: 'Employer name' })).toHaveAttribute(
    'autocomplete',
    'organization',
  )
  expect(screen.getByRole('textbox', { name: 'Employer town' })).toHaveAttribute(
    'autocomplete',
    'off',
  )
})

test('the answers are stored in entry n and Continue goes to its length', async () => {
  givenStatus('Retired', 'Self-employed')
  const { location } = renderEntry(2)
  expect(
    screen.getByRole('heading', { level: 1, name: 'About your previous employer' }),
  ).toBeVisible()
  expect(screen.getByRole('textbox', { name: 'Employer name' })).toHaveAccessibleDescription(
    'The name of your business.',
  )
  await userEvent.type(screen.getByRole('textbox', { name: 'Occupation' }), 'Joiner')
  await userEvent.type(screen.getByRole('textbox', { name: 'Employer name' }), 'Oak & Ash Ltd')
  await userEvent.type(screen.getByRole('textbox', { name: 'Employer town' }), 'Hexham')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.employments[1]).toMatchObject({
    occupation: 'Joiner',
    employerName: 'Oak & Ash Ltd',
    employerTown: 'Hexham',
  })
  expect(location.history?.at(-1)).toBe('/employment-length/2')
})
