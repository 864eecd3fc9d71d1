import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { charactersLeft, Textarea } from './textarea'
import { textareaExamples } from './textarea.examples'

const question = 'Is there anything we should know to support you?'

for (const example of textareaExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  }, 20_000)
}

test.each([
  [0, 500, 'You have 500 characters remaining'],
  [499, 500, 'You have 1 character remaining'],
  [500, 500, 'You have 0 characters remaining'],
  [501, 500, 'You have 1 character too many'],
  [510, 500, 'You have 10 characters too many'],
])('%i of %i characters reads "%s"', (length, max, text) => {
  expect(charactersLeft(length, max)).toBe(text)
})

test('typing into the labelled box updates the value and the visible count', async () => {
  render(exampleNamed(textareaExamples, 'with hint and character count').render())
  const box = screen.getByRole('textbox', { name: question })
  await userEvent.type(box, 'Large print')
  expect(box).toHaveValue('Large print')
  expect(screen.getByText('You have 489 characters remaining')).toHaveAttribute(
    'aria-hidden',
    'true',
  )
})

test('the hint and the limit describe the box, and a long text is not cut off', async () => {
  render(exampleNamed(textareaExamples, 'with hint and character count').render())
  const box = screen.getByRole('textbox', { name: question })
  expect(box).toHaveAccessibleDescription(
    'For example, accessibility needs or a change in your circumstances. You can enter up to 500 characters',
  )
  expect(box).not.toHaveAttribute('maxlength')
  await userEvent.click(box)
  await userEvent.paste('b'.repeat(502))
  expect(box).toHaveValue('b'.repeat(502))
  expect(screen.getByText('You have 2 characters too many')).toHaveClass('character-count--over')
})

test('the error describes the box and marks it invalid', () => {
  render(exampleNamed(textareaExamples, 'with error').render())
  const box = screen.getByRole('textbox', { name: question })
  expect(box).toHaveAttribute('aria-invalid', 'true')
  expect(box).toHaveAccessibleDescription(
    'For example, accessibility needs or a change in your circumstances. Error: Your answer must be 500 characters or fewer. You can enter up to 500 characters',
  )
})

test('without an error or a limit the box is neither described nor invalid', () => {
  render(exampleNamed(textareaExamples, 'default').render())
  const box = screen.getByRole('textbox', { name: question })
  expect(box).not.toHaveAttribute('aria-describedby')
  expect(box).not.toHaveAttribute('aria-invalid')
  expect(screen.queryByText(/characters remaining/)).toBeNull()
})

test('screen readers hear the count once typing pauses, and nothing before the first edit', async () => {
  render(exampleNamed(textareaExamples, 'with hint and character count').render())
  const live = document.querySelector('[aria-live="polite"]')!
  await new Promise((resolve) => setTimeout(resolve, 1100))
  expect(live).toHaveTextContent('')
  await userEvent.type(screen.getByRole('textbox', { name: question }), 'Hi')
  expect(live).toHaveTextContent('')
  await waitFor(() => expect(live).toHaveTextContent('You have 498 characters remaining'), {
    timeout: 2000,
  })
}, 20_000)

test('the label can be the page heading', () => {
  render(exampleNamed(textareaExamples, 'label as page heading').render())
  expect(screen.getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: question })).toBeInTheDocument()
})

test('the locked example has the box disabled', () => {
  const { container } = render(exampleNamed(textareaExamples, 'locked').render())
  expectEveryControlDisabled(container)
})

test('leaving the box calls onBlur', async () => {
  const onBlur = vi.fn()
  render(<Textarea id="notes" label="Notes" value="" onChange={() => {}} onBlur={onBlur} />)
  await userEvent.click(screen.getByRole('textbox', { name: 'Notes' }))
  await userEvent.tab()
  expect(onBlur).toHaveBeenCalledTimes(1)
})
