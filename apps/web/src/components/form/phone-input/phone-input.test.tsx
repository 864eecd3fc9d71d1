import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { sanitisePhoneInput } from '@forecourt/domain/fields/phone'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { PhoneInput } from './phone-input'
import { phoneInputExamples } from './phone-input.examples'

for (const example of phoneInputExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the input is a telephone field with the tel token', () => {
  render(exampleNamed(phoneInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  expect(input).toHaveAttribute('type', 'tel')
  expect(input).toHaveAttribute('autocomplete', 'tel')
})

test('no more than 13 characters can be typed', async () => {
  render(exampleNamed(phoneInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  await userEvent.type(input, '07700900982123456')
  expect(input).toHaveValue('0770090098212')
})

test('a pasted number with spaces keeps all its digits up to 13 characters', async () => {
  render(exampleNamed(phoneInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  await userEvent.click(input)
  await userEvent.paste('+44 7700 900982')
  expect(input).toHaveValue('+447700900982')
})

test('typing a space does nothing', async () => {
  render(exampleNamed(phoneInputExamples, 'default').render())
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  await userEvent.type(input, '07700 900 982')
  expect(input).toHaveValue('07700900982')
})

function SanitisedPhone({ sanitise }: { sanitise: (raw: string) => string }) {
  const [value, setValue] = useState('')
  return (
    <PhoneInput
      id="contact-number"
      label="Phone number"
      value={value}
      onChange={setValue}
      sanitise={sanitise}
    />
  )
}

test('each change goes through sanitise, without spaces, and its result becomes the value', async () => {
  const sanitise = vi.fn((raw: string) => raw.replace(/^\+44/, '0'))
  render(<SanitisedPhone sanitise={sanitise} />)
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  await userEvent.click(input)
  await userEvent.paste('+44 7700 900982')
  expect(sanitise).toHaveBeenCalledWith('+447700900982')
  expect(input).toHaveValue('07700900982')
})

test('with the domain’s sanitiser a pasted international number keeps every digit', async () => {
  render(<SanitisedPhone sanitise={sanitisePhoneInput} />)
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  await userEvent.click(input)
  await userEvent.paste('+44 (0)7700 900982')
  expect(input).toHaveValue('07700900982')
})

test('the error describes the input and marks it invalid', () => {
  render(exampleNamed(phoneInputExamples, 'with error').render())
  const input = screen.getByRole('textbox', { name: 'Phone number' })
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('contact-number-error')
  expect(input).toHaveAttribute('aria-invalid', 'true')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(phoneInputExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
