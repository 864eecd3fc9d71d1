import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { YearsMonths } from './years-months'
import { yearsMonthsExamples } from './years-months.examples'

for (const example of yearsMonthsExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the legend names a group holding a Years and a Months input', () => {
  render(exampleNamed(yearsMonthsExamples, 'default').render())
  const group = screen.getByRole('group', { name: 'How long have you lived at this address?' })
  const years = within(group).getByRole('textbox', { name: 'Years' })
  const months = within(group).getByRole('textbox', { name: 'Months' })
  expect(years).toHaveAttribute('id', 'years-at-address')
  expect(months).toHaveAttribute('id', 'years-at-address-months')
  for (const input of [years, months]) expect(input).toHaveAttribute('inputmode', 'numeric')
})

test('typing in each input changes only its own part', async () => {
  const onChange = vi.fn()
  render(
    <YearsMonths id="t" label="How long?" value={{ years: '2', months: '' }} onChange={onChange} />,
  )
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '6')
  expect(onChange).toHaveBeenLastCalledWith({ years: '2', months: '6' })
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '1')
  expect(onChange).toHaveBeenLastCalledWith({ years: '21', months: '' })
})

test('both inputs keep what is typed', async () => {
  render(exampleNamed(yearsMonthsExamples, 'default').render())
  await userEvent.type(screen.getByRole('textbox', { name: 'Years' }), '12')
  await userEvent.type(screen.getByRole('textbox', { name: 'Months' }), '11')
  expect(screen.getByRole('textbox', { name: 'Years' })).toHaveValue('12')
  expect(screen.getByRole('textbox', { name: 'Months' })).toHaveValue('11')
})

test('the error describes the group and marks both inputs invalid', () => {
  render(exampleNamed(yearsMonthsExamples, 'with error').render())
  const group = screen.getByRole('group', { name: 'How long have you lived at this address?' })
  expect(group.getAttribute('aria-describedby')?.split(' ')).toContain('years-at-address-error')
  expect(group).toHaveAccessibleDescription('Error: Please answer this question.')
  for (const input of screen.getAllByRole('textbox')) {
    expect(input).toHaveAttribute('aria-invalid', 'true')
  }
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(yearsMonthsExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
