import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { NumberInput } from './number-input'
import { numberInputExamples } from './number-input.examples'

for (const example of numberInputExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the input asks for a numeric keyboard and passes on the raw text typed', async () => {
  const onChange = vi.fn()
  render(<NumberInput id="bedrooms" label="Bedrooms" value="" onChange={onChange} />)
  const input = screen.getByRole('textbox', { name: 'Bedrooms' })
  expect(input).toHaveAttribute('inputmode', 'numeric')
  await userEvent.type(input, '3')
  expect(onChange).toHaveBeenLastCalledWith('3')
})

test('typed text is not parsed or rounded by the control', async () => {
  render(exampleNamed(numberInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Bedrooms' })
  await userEvent.type(input, '2.5x')
  expect(input).toHaveValue('2.5x')
})

test('the prefix is shown and read as part of the name', () => {
  render(exampleNamed(numberInputExamples, 'money with prefix and hint').render())
  const input = screen.getByRole('textbox', { name: 'Monthly income after tax £' })
  expect(screen.getByText('£')).toHaveAttribute('aria-hidden', 'true')
  expect(input).toHaveAccessibleDescription('Include any regular income, such as benefits')
})

test('the decimal example asks for a keyboard with a decimal point', () => {
  render(exampleNamed(numberInputExamples, 'decimal, label as page heading').render())
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'How much deposit will you pay?',
  )
  expect(screen.getByRole('textbox')).toHaveAttribute('inputmode', 'decimal')
})

test('the error describes the input and marks it invalid', () => {
  render(exampleNamed(numberInputExamples, 'with error').render())
  const input = screen.getByRole('textbox', { name: 'Property value £' })
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('property-value-error')
  expect(input).toHaveAttribute('aria-invalid', 'true')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(numberInputExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
