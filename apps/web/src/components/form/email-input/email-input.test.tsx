import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { EmailInput } from './email-input'
import { emailInputExamples } from './email-input.examples'

for (const example of emailInputExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the input is an email field of at most 50 characters, without spell checking', () => {
  render(exampleNamed(emailInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Email address' })
  expect(input).toHaveAttribute('type', 'email')
  expect(input).toHaveAttribute('maxlength', '50')
  expect(input).toHaveAttribute('spellcheck', 'false')
  expect(input).toHaveAttribute('autocomplete', 'email')
})

test('typing a space does nothing', async () => {
  render(exampleNamed(emailInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Email address' })
  await userEvent.type(input, 'jo @ex ample.com ')
  expect(input).toHaveValue('jo@example.com')
})

test('a pasted space never reaches the value', async () => {
  const onChange = vi.fn()
  render(<EmailInput id="email" label="Email address" value="" onChange={onChange} />)
  await userEvent.click(screen.getByRole('textbox', { name: 'Email address' }))
  await userEvent.paste(' jo@exa mple.com ')
  expect(onChange).toHaveBeenLastCalledWith('jo@example.com')
})

test('the error describes the input and marks it invalid', () => {
  render(exampleNamed(emailInputExamples, 'with error').render())
  const input = screen.getByRole('textbox', { name: 'Email address' })
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('email-error')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription(
    'Error: Please try again. That email address doesn’t look right.',
  )
})

test('a joint applicant’s address does not offer the user’s own', () => {
  render(exampleNamed(emailInputExamples, 'joint').render())
  expect(screen.getByRole('textbox', { name: 'Their email address' })).toHaveAttribute(
    'autocomplete',
    'off',
  )
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(emailInputExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
