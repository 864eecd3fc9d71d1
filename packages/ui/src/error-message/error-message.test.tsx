import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '../../test-support/example-checks'
import { ErrorMessage, errorId } from './error-message'
import { errorMessageExamples } from './error-message.examples'

for (const example of errorMessageExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the message has the field error id and a hidden "Error: " prefix', () => {
  render(<ErrorMessage fieldId="email" message="Please enter your email." />)
  const message = screen.getByText('Please enter your email.')
  expect(message).toHaveAttribute('id', 'email-error')
  expect(message).toHaveClass('field-error')
  expect(message).toHaveTextContent('Error: Please enter your email.')
  expect(screen.getByText('Error:')).toHaveClass('visually-hidden')
})

test('the message shakes only when asked', () => {
  const { rerender } = render(<ErrorMessage fieldId="email" message="Wrong." />)
  expect(screen.getByText('Wrong.')).not.toHaveClass('shake')
  rerender(<ErrorMessage fieldId="email" message="Wrong." shake />)
  expect(screen.getByText('Wrong.')).toHaveClass('shake')
})

test('a field’s error id derives from its id', () => {
  expect(errorId('email')).toBe('email-error')
})
