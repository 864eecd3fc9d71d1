import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../example-checks'
import { dateRangeExamples } from './date-range.examples'

for (const example of dateRangeExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('From and To are date inputs in a group named by the legend, each keeping the other when changed', () => {
  render(exampleNamed(dateRangeExamples, 'from a date, no end').render())
  const group = screen.getByRole('group', { name: 'Last activity' })
  const from = screen.getByLabelText('From')
  const to = screen.getByLabelText('To')
  expect(group).toContainElement(from)
  expect(group).toContainElement(to)
  expect(from).toHaveAttribute('id', 'filter-from')
  expect(from).toHaveAttribute('type', 'date')
  expect(to).toHaveAttribute('id', 'filter-to')
  fireEvent.change(to, { target: { value: '2026-11-30' } })
  expect(to).toHaveValue('2026-11-30')
  expect(from).toHaveValue('2026-11-01')
})

test('an error is shown on its own input and describes it, the other input untouched', () => {
  render(exampleNamed(dateRangeExamples, 'with an error on To').render())
  expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
  expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
    'Error: Enter a date on or after the From date',
  )
  expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid')
})
