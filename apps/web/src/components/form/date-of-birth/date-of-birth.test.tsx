import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { dateOfBirthExamples } from './date-of-birth.examples'

for (const example of dateOfBirthExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

const day = () => screen.getByRole('textbox', { name: 'Day' })
const month = () => screen.getByRole('textbox', { name: 'Month' })
const year = () => screen.getByRole('textbox', { name: 'Year' })

test('the legend names a group of Day, Month and Year, each numeric with its bday token', () => {
  render(exampleNamed(dateOfBirthExamples, 'default').render())
  const group = screen.getByRole('group', { name: 'What is your date of birth?' })
  const inputs = within(group).getAllByRole('textbox')
  expect(inputs.map((input) => input.getAttribute('autocomplete'))).toEqual([
    'bday-day',
    'bday-month',
    'bday-year',
  ])
  for (const input of inputs) expect(input).toHaveAttribute('inputmode', 'numeric')
  expect(inputs.map((input) => input.id)).toEqual([
    'date-of-birth',
    'date-of-birth-month',
    'date-of-birth-year',
  ])
})

test('a joint applicant’s date of birth does not offer the user’s own birthday', () => {
  render(exampleNamed(dateOfBirthExamples, 'joint').render())
  for (const input of screen.getAllByRole('textbox')) {
    expect(input).toHaveAttribute('autocomplete', 'off')
  }
})

test('two digits in Day leave the focus on Day, so Tab then reaches Month, not Year', async () => {
  render(exampleNamed(dateOfBirthExamples, 'default').render())
  await userEvent.click(day())
  await userEvent.keyboard('12')
  expect(day()).toHaveValue('12')
  expect(day()).toHaveFocus()
  await userEvent.tab()
  expect(month()).toHaveFocus()
  await userEvent.keyboard('03')
  expect(month()).toHaveFocus()
  await userEvent.tab()
  expect(year()).toHaveFocus()
  await userEvent.keyboard('1985')
  expect([day(), month(), year()].map((input) => (input as HTMLInputElement).value)).toEqual([
    '12',
    '03',
    '1985',
  ])
})

test('a third digit in Day is held back by its length and never spills into Month', async () => {
  render(exampleNamed(dateOfBirthExamples, 'default').render())
  await userEvent.click(day())
  await userEvent.keyboard('123')
  expect(day()).toHaveValue('12')
  expect(month()).toHaveValue('')
  expect(day()).toHaveFocus()
})

test('7 in Day becomes 07 when the applicant leaves it, and so does 3 in Month', async () => {
  render(exampleNamed(dateOfBirthExamples, 'default').render())
  await userEvent.click(day())
  await userEvent.keyboard('7')
  await userEvent.tab()
  expect(day()).toHaveValue('07')
  expect(month()).toHaveFocus()
  await userEvent.keyboard('3')
  await userEvent.tab()
  expect(month()).toHaveValue('03')
})

test('the year is not padded', async () => {
  render(exampleNamed(dateOfBirthExamples, 'default').render())
  await userEvent.click(year())
  await userEvent.keyboard('85')
  await userEvent.tab()
  expect(year()).toHaveValue('85')
})

test('the error describes the group and marks only the parts it is about', () => {
  render(exampleNamed(dateOfBirthExamples, 'with error on one part').render())
  const group = screen.getByRole('group', { name: 'What is your date of birth?' })
  expect(group.getAttribute('aria-describedby')?.split(' ')).toContain('date-of-birth-error')
  expect(group).toHaveAccessibleDescription('Error: Please enter a day between 1 and 31.')
  expect(day()).toHaveAttribute('aria-invalid', 'true')
  expect(month()).not.toHaveAttribute('aria-invalid')
  expect(year()).not.toHaveAttribute('aria-invalid')
})

test('an error about the whole date marks all three parts', () => {
  render(exampleNamed(dateOfBirthExamples, 'with error on the whole date').render())
  for (const input of [day(), month(), year()]) {
    expect(input).toHaveAttribute('aria-invalid', 'true')
  }
})

test('the legend can be the page heading', () => {
  render(exampleNamed(dateOfBirthExamples, 'legend as page heading').render())
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('What is your date of birth?')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(dateOfBirthExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
