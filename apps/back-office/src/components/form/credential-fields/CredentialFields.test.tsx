import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../example-checks'
import { credentialFieldsExamples } from './credential-fields.examples'

for (const example of credentialFieldsExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the password is hidden and offered by the password manager; the code field takes "123 456"', async () => {
  const { container } = render(exampleNamed(credentialFieldsExamples, 'signing in').render())
  const password = container.querySelector('#password')
  expect(password).toBe(screen.getByLabelText('Password'))
  expect(password).toHaveAttribute('type', 'password')
  expect(password).toHaveAttribute('autocomplete', 'current-password')
  expect(password).toHaveClass('field-input field-input--w30')
  const code = screen.getByRole('textbox', { name: 'Code from your authenticator app' })
  expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  expect(code).toHaveAttribute('inputmode', 'numeric')
  expect(code).toHaveAttribute('spellcheck', 'false')
  expect(code).toHaveClass('field-input field-input--w6')
  expect(code).toHaveAccessibleDescription('The 6 digits the app shows now')
  await userEvent.type(code, '123 4567')
  expect(code).toHaveValue('123 456')
})

test('a wrong code is said beside the code field', () => {
  render(exampleNamed(credentialFieldsExamples, 'a wrong code').render())
  const code = screen.getByRole('textbox', { name: 'Code from your authenticator app' })
  expect(code).toHaveAttribute('aria-invalid', 'true')
  expect(code).toHaveAccessibleDescription(
    'The 6 digits the app shows now Error: Enter the 6 digits the app shows',
  )
})

test('the labels and hint can name what is asked for', () => {
  render(exampleNamed(credentialFieldsExamples, 'a new authenticator app').render())
  expect(screen.getByLabelText('Current password')).toHaveAttribute('id', 'authenticator-password')
  expect(
    screen.getByRole('textbox', { name: 'Code from your new authenticator app' }),
  ).toHaveAccessibleDescription('The 6 digits the new app shows now for Forecourt back office')
})
