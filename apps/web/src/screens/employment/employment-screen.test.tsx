import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyEmployment } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import EmploymentLengthScreen from '../employment-length/employment-length-screen'
import EmploymentScreen from './employment-screen'

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/employment/:n">
      <EmploymentScreen />
    </Route>,
    `/employment/${n}`,
  )

const summaryLinks = () =>
  [
    ...screen
      .getByRole('heading', { name: 'There is a problem' })
      .parentElement!.querySelectorAll('a'),
  ].map((a) => a.textContent)

test('Continue with no status chosen shows the message in the summary and beside the question', async () => {
  givenState('carfinance')
  const { container } = renderEntry(1)
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is your employment status?' }),
  ).toBeVisible()
  await expectNoAxeViolations(container)
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(summaryLinks()).toEqual(['Please choose an option to continue.'])
  expect(
    screen.getByRole('group', { name: 'What is your employment status?' }),
  ).toHaveAccessibleDescription('Error: Please choose an option to continue.')
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: 'Full-time employed' })).toHaveFocus(),
  )
  await expectNoAxeViolations(container)
}, 20_000)

test('a status with an employer goes on to the employer’s details', async () => {
  givenState('carfinance')
  const { location } = renderEntry(1)
  await userEvent.click(screen.getByRole('radio', { name: 'Self-employed' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.employments[0]?.employmentStatus).toBe('Self-employed')
  expect(getApplication().form.employmentStatusCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe('/employment-add/1')
})

test('one year retired is not 3 years, so the loop asks for the previous status next', async () => {
  givenState('carfinance')
  const first = renderEntry(1)
  await userEvent.click(screen.getByRole('radio', { name: 'Retired' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(first.location.history?.at(-1)).toBe('/employment-length/1')
  first.unmount()

  const length = renderInMain(
    <Route path="/employment-length/:n">
      <EmploymentLengthScreen />
    </Route>,
    '/employment-length/1',
  )
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '1')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.employments).toEqual([
    { ...emptyEmployment(), employmentStatus: 'Retired', yearsAtEmployer: 1 },
  ])
  expect(length.location.history?.at(-1)).toBe('/employment/2')
})

test('a later entry asks about the previous status and shows the history so far', async () => {
  givenState('carfinance', (state) => {
    state.form.employments = [
      {
        ...emptyEmployment(),
        employmentStatus: 'Retired',
        yearsAtEmployer: 1,
        monthsAtEmployer: 2,
      },
    ]
  })
  const { container, location } = renderEntry(2)
  const question = screen.getByRole('group', { name: 'What was your previous employment status?' })
  expect(question).toHaveAccessibleDescription('1 year 2 months so far; we need 3 years')
  await expectNoAxeViolations(container)

  await userEvent.click(screen.getByRole('radio', { name: 'Student' }))
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
  expect(getApplication().form.employments.map((entry) => entry.employmentStatus)).toEqual([
    'Retired',
    'Student',
  ])
  expect(location.history?.at(-1)).toBe('/employment-length/2')
}, 20_000)
