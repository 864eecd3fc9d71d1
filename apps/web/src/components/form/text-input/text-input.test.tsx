import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { TextInput } from './text-input'
import { textInputExamples } from './text-input.examples'

for (const example of textInputExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('typing into the labelled input updates the value', async () => {
  render(exampleNamed(textInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'First name' })
  await userEvent.type(input, 'Jo')
  expect(input).toHaveValue('Jo')
  expect(input).toHaveAttribute('autocomplete', 'given-name')
})

test('no more than 50 characters can be typed', async () => {
  render(exampleNamed(textInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'First name' })
  await userEvent.type(input, 'a'.repeat(60))
  expect(input).toHaveValue('a'.repeat(50))
})

test('the hint and the error describe the input, and the input is marked invalid', () => {
  render(exampleNamed(textInputExamples, 'with error').render())
  const input = screen.getByRole('textbox', { name: 'First name' })
  expect(input).toHaveAttribute('aria-describedby', 'first-name-hint first-name-error')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription(
    'As it appears on your driving licence Error: Please enter your first name.',
  )
})

test('without an error the input is neither described by an error nor invalid', () => {
  render(exampleNamed(textInputExamples, 'with hint').render())
  const input = screen.getByRole('textbox', { name: 'Last name' })
  expect(input).toHaveAttribute('aria-describedby', 'last-name-hint')
  expect(input).not.toHaveAttribute('aria-invalid')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(textInputExamples, 'locked').render())
  expectEveryControlDisabled(container)
})

test('the label can be the page heading', () => {
  render(exampleNamed(textInputExamples, 'postcode, label as page heading').render())
  const heading = screen.getByRole('heading', { level: 1, name: 'What is your postcode?' })
  expect(heading).toContainElement(screen.getByText('What is your postcode?'))
  expect(screen.getByRole('textbox', { name: 'What is your postcode?' })).toHaveAttribute(
    'autocomplete',
    'postal-code',
  )
})

test('leaving the input calls onBlur', async () => {
  const onBlur = vi.fn()
  render(<TextInput id="town" label="Town" value="" onChange={() => {}} onBlur={onBlur} />)
  await userEvent.click(screen.getByRole('textbox', { name: 'Town' }))
  await userEvent.tab()
  expect(onBlur).toHaveBeenCalledTimes(1)
})
