import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { findStep } from '@forecourt/domain/journey/navigation'
import { routes } from '#app/routes'
import { getApplication } from '#lib/session-store'
import { expectNoAxeViolations } from '#testing/axe'
import { givenState, renderInMain } from '#testing/render'
import DateOfBirthScreen from './date-of-birth-screen'

const question = 'What is your date of birth?'

// "Today" is 15 June 2026 in London: the age limits fall on 15/16 June 2008 and 1946.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

const input = (name: 'Day' | 'Month' | 'Year') => screen.getByRole('textbox', { name })

function renderWithDate(day: string, month: string, year: string) {
  givenState('carfinance', (state) =>
    Object.assign(state, { dobDay: day, dobMonth: month, dobYear: year }),
  )
  return renderInMain(<DateOfBirthScreen />, '/date-of-birth')
}

function summaryMessages(): (string | null)[] {
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!
  return [...summary.querySelectorAll('a')].map((a) => a.textContent)
}

function invalidParts(): string[] {
  return (['Day', 'Month', 'Year'] as const).filter(
    (name) => input(name).getAttribute('aria-invalid') === 'true',
  )
}

test('the question is the heading, with the example and the birthday autocomplete tokens', async () => {
  const { container } = renderWithDate('', '', '')
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
    'For example, 27 03 1985',
  )
  expect(input('Day')).toHaveAttribute('autocomplete', 'bday-day')
  expect(input('Month')).toHaveAttribute('autocomplete', 'bday-month')
  expect(input('Year')).toHaveAttribute('autocomplete', 'bday-year')
  await expectNoAxeViolations(container)
})

test.each([
  ['', '', '', 'Please enter your date of birth.', ['Day', 'Month', 'Year']],
  ['', '06', '1990', 'What day were you born?', ['Day']],
  ['15', '', '1990', 'Which month were you born?', ['Month']],
  ['15', '06', '', 'Which year were you born?', ['Year']],
  ['32', '06', '1990', 'Please enter a day between 1 and 31.', ['Day']],
  ['15', '13', '1990', 'Please enter a month between 1 and 12.', ['Month']],
  ['15', '06', '999', "Please enter your year of birth using the format 'YYYY'.", ['Year']],
  ['01', '01', '2027', 'Please check you have entered your year of birth correctly.', ['Year']],
  ['16', '06', '2026', 'Please check you have entered your year of birth correctly.', ['Year']],
  ['31', '02', '1990', 'Please enter a valid date.', ['Day', 'Month', 'Year']],
  [
    '16',
    '06',
    '2008',
    'You must be at least 18 years old to apply for finance with us.',
    ['Day', 'Month', 'Year'],
  ],
  [
    '15',
    '06',
    '1946',
    'You must be under 80 years old to apply for finance with us.',
    ['Day', 'Month', 'Year'],
  ],
])(
  '%s/%s/%s gives "%s" in the summary and beside the date, marking %j',
  async (day, month, year, message, parts) => {
    const { container, location } = renderWithDate(day, month, year)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(summaryMessages()).toEqual([message])
    expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
      `For example, 27 03 1985 Error: ${message}`,
    )
    expect(invalidParts()).toEqual(parts)
    expect(location.history).toEqual(['/date-of-birth'])
    // The summary's link leads to the first part the message is about.
    const first = parts[0] as 'Day' | 'Month' | 'Year'
    const link = screen.getByRole('link', { name: message })
    expect(link).toHaveAttribute('href', `#${input(first).id}`)
    await userEvent.click(link)
    expect(input(first)).toHaveFocus()
    await expectNoAxeViolations(container)
  },
)

test.each([
  ['15', '06', '2008', '2008-06-15T00:00:00.000Z'],
  ['16', '06', '1946', '1946-06-16T00:00:00.000Z'],
])(
  '%s/%s/%s (18 today, 79 until tomorrow) is stored and Continue goes on',
  async (day, month, year, iso) => {
    const { location } = renderWithDate(day, month, year)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(getApplication().form.dateOfBirth).toBe(iso)
    expect(location.history?.at(-1)).toBe('/personal')
  },
)

test('a date typed part by part with Tab is padded and stored, and Continue goes to personal', async () => {
  const { location } = renderWithDate('', '', '')
  await userEvent.type(input('Day'), '7')
  await userEvent.tab()
  expect(input('Day')).toHaveValue('07')
  expect(input('Month')).toHaveFocus()
  await userEvent.type(input('Month'), '03')
  expect(input('Month')).toHaveFocus()
  await userEvent.tab()
  expect(input('Year')).toHaveFocus()
  await userEvent.keyboard('1990')
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

  const state = getApplication()
  expect([state.dobDay, state.dobMonth, state.dobYear]).toEqual(['07', '03', '1990'])
  expect(state.form.dateOfBirth).toBe('1990-03-07T00:00:00.000Z')
  expect(state.form.dateOfBirthCompleted).toBe(true)
  expect(location.history?.at(-1)).toBe('/personal')
})

test('no message shows while moving between the parts, only once the date is left', async () => {
  renderWithDate('', '', '')
  await userEvent.type(input('Day'), '15')
  expect(input('Day')).toHaveFocus()
  await userEvent.tab()
  expect(input('Month')).toHaveFocus()
  await userEvent.tab()
  expect(input('Year')).toHaveFocus()
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(screen.queryByText('Which month were you born?')).not.toBeInTheDocument()

  await userEvent.tab()
  await waitFor(() =>
    expect(screen.getByRole('group', { name: question })).toHaveAccessibleDescription(
      'For example, 27 03 1985 Error: Which month were you born?',
    ),
  )
})

test('the page title is the question', () => {
  expect(routes.find((route) => route.path === '/date-of-birth')?.title).toBe(
    findStep('date-of-birth')?.title,
  )
})
