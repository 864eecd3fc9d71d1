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
