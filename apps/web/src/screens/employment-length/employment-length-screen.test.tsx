import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { Route } from 'wouter'
import { emptyEmployment, type Employment } from '@forecourt/domain/state/application-state'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import EmploymentLengthScreen from './employment-length-screen'

const entry = (years: number | null, months: number | null = null): Employment => ({
  ...emptyEmployment(),
  employmentStatus: 'Part-time employed',
  occupation: 'Baker',
  employerName: 'Crumbs',
  employerTown: 'Ely',
  yearsAtEmployer: years,
  monthsAtEmployer: months,
})

const renderEntry = (n: number) =>
  renderInMain(
    <Route path="/employment-length/:n">
      <EmploymentLengthScreen />
    </Route>,
    `/employment-length/${n}`,
  )

test.each([
  ['nothing', '', ''],
  ['no time at all', '0', '0'],
  ['letters', 'ab', ''],
])(
  'Continue with %s entered asks for an answer, in the summary and beside the question',
  async (_, years, months) => {
    givenState('carfinance', (state) => void (state.form.employments = [entry(null)]))
    const { container } = renderEntry(1)
    if (years) await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), years)
    if (months) await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), months)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Please answer this question.',
    ])
    expect(
      screen.getByRole('group', { name: 'How long have you been in this employment status?' }),
    ).toHaveAccessibleDescription(
      '0 months so far; we need 3 years Error: Please answer this question.',
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Years' })).toHaveFocus())
    await expectNoAxeViolations(container)
  },
  20_000,
)

test('the empty screen has no axe violations', async () => {
  givenState('carfinance', (state) => void (state.form.employments = [entry(null)]))
  const { container } = renderEntry(1)
  await expectNoAxeViolations(container)
}, 20_000)

test('each part is committed 100 ms after typing, within 25 years and 11 months, and the total follows', async () => {
  givenState('carfinance', (state) => void (state.form.employments = [entry(1, 2), entry(null)]))
  renderEntry(2)
  const question = screen.getByRole('group', {
    name: 'How long were you in this employment status?',
  })
  expect(question).toHaveAccessibleDescription('1 year 2 months so far; we need 3 years')

  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '30')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '15')
  await waitFor(() =>
    expect(getApplication().form.employments[1]).toMatchObject({
      yearsAtEmployer: 25,
      monthsAtEmployer: 11,
    }),
  )
  // What was typed stays in the inputs; the capped values are what counts.
  expect(screen.getByRole('textbox', { name: 'Years' })).toHaveValue('30')
  expect(question).toHaveAccessibleDescription('27 years 1 month so far; we need 3 years')
})

test('a history reaching 3 years drops later entries and goes on to income', async () => {
  givenState('carfinance', (state) => {
    state.form.employments = [entry(1), entry(1), entry(2)]
  })
  const { location } = renderEntry(1)
  await userEvent.clear(screen.getByRole('textbox', { name: 'Years' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '3')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.employments).toEqual([entry(3)])
  expect(location.history?.at(-1)).toBe('/employment-income/1')
})

test('a history still short goes on to the next entry', async () => {
  givenState('carfinance', (state) => void (state.form.employments = [entry(null)]))
  const { location } = renderEntry(1)
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '8')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  expect(getApplication().form.employments[0]).toMatchObject({
    yearsAtEmployer: null,
    monthsAtEmployer: 8,
  })
  expect(location.history?.at(-1)).toBe('/employment/2')
})

test('moving from an empty Years to Months shows no message; leaving both blank does', async () => {
  givenState('carfinance', (state) => void (state.form.employments = [entry(null)]))
  renderEntry(1)
  await userEvent.click(screen.getByRole('textbox', { name: 'Years' }))
  await userEvent.tab()
  expect(screen.getByRole('textbox', { name: 'Months' })).toHaveFocus()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(screen.queryByText('Please answer this question.')).toBeNull()

  await userEvent.tab()
  await waitFor(() =>
    expect(
      screen.getByRole('group', { name: 'How long have you been in this employment status?' }),
    ).toHaveAccessibleDescription(
      '0 months so far; we need 3 years Error: Please answer this question.',
    ),
  )
})
