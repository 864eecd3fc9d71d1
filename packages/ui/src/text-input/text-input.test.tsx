import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { textInputExamples } from './text-input.examples'

for (const example of textInputExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('typing updates the labelled input, and the code field takes at most 6 characters', async () => {
  render(exampleNamed(textInputExamples, 'one-time code with hint').render())
  const input = screen.getByRole('textbox', { name: 'Code from your authenticator app' })
  await userEvent.type(input, '12345678')
  expect(input).toHaveValue('123456')
  expect(input).toHaveAttribute('autocomplete', 'one-time-code')
  expect(input).toHaveAccessibleDescription('The 6 digits the app shows now')
})

test('the error describes the input after the hint, and the input is marked invalid', () => {
  render(exampleNamed(textInputExamples, 'with error').render())
  const input = screen.getByLabelText('Password')
  expect(input).toHaveAttribute('aria-describedby', 'password-hint password-error')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription(
    'At least 12 characters Error: Enter a password of at least 12 characters',
  )
})

test('without an error the input is not marked invalid', () => {
  render(exampleNamed(textInputExamples, 'email').render())
  const input = screen.getByRole('textbox', { name: 'Email address' })
  expect(input).not.toHaveAttribute('aria-invalid')
  expect(input).not.toHaveAttribute('aria-describedby')
})

test('a prefix and a suffix join the name, read once through the label, and the width is a class', () => {
  render(exampleNamed(textInputExamples, 'amount with a prefix and a width').render())
  const deposit = screen.getByRole('textbox', { name: 'How much is your deposit? £' })
  expect(deposit).toHaveClass('field-input field-input--w10')
  expect(deposit).toHaveAccessibleDescription('Leave blank if none')
  expect(screen.getByText('£')).toHaveAttribute('aria-hidden', 'true')
  render(exampleNamed(textInputExamples, 'period with a suffix').render())
  expect(screen.getByRole('textbox', { name: 'Term months' })).toHaveAttribute(
    'aria-labelledby',
    'term-label term-suffix',
  )
})

test('the label can be the page heading', () => {
  render(exampleNamed(textInputExamples, 'label as page heading').render())
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is your postcode?' }),
  ).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'What is your postcode?' })).toHaveAttribute(
    'autocomplete',
    'postal-code',
  )
})

test('a disabled input keeps its value and takes no typing', async () => {
  render(exampleNamed(textInputExamples, 'disabled').render())
  const input = screen.getByRole('textbox', { name: 'Reference' })
  expect(input).toBeDisabled()
  await userEvent.type(input, 'x')
  expect(input).toHaveValue('FC-NN07-T1T4')
})
