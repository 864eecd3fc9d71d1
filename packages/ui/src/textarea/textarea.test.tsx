import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { charactersLeft, COUNT_ANNOUNCE_DELAY_MS } from './textarea'
import { textareaExamples } from './textarea.examples'

for (const example of textareaExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test.each([
  [0, 20, 'You have 20 characters remaining'],
  [19, 20, 'You have 1 character remaining'],
  [20, 20, 'You have 0 characters remaining'],
  [21, 20, 'You have 1 character too many'],
  [25, 20, 'You have 5 characters too many'],
])('%i of %i characters: "%s"', (length, max, expected) => {
  expect(charactersLeft(length, max)).toBe(expected)
})

test('the limit describes the box, and the count is announced only once typing pauses', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  try {
    render(exampleNamed(textareaExamples, 'with a character count').render())
    const box = screen.getByRole('textbox', { name: 'Tell us more' })
    expect(box).toHaveAccessibleDescription(
      'For example, the vehicle you have in mind You can enter up to 20 characters',
    )
    expect(screen.getByText('You have 20 characters remaining')).toHaveAttribute(
      'aria-hidden',
      'true',
    )
    const live = document.querySelector('[aria-live="polite"]')
    expect(live).toHaveTextContent('')
    await userEvent.type(box, 'Red')
    expect(screen.getByText('You have 17 characters remaining')).toBeInTheDocument()
    expect(live).toHaveTextContent('')
    await act(() => vi.advanceTimersByTimeAsync(COUNT_ANNOUNCE_DELAY_MS))
    expect(live).toHaveTextContent('You have 17 characters remaining')
  } finally {
    vi.useRealTimers()
  }
})

test('over the limit the text is kept, the count turns red, and the box is in error', () => {
  render(exampleNamed(textareaExamples, 'over the count, in error').render())
  const box = screen.getByRole('textbox', { name: 'Tell us more' })
  expect(box).toHaveValue('A blue estate car, please')
  expect(box).not.toHaveAttribute('maxlength')
  expect(box).toHaveAttribute('aria-invalid', 'true')
  expect(box).toHaveClass('field-textarea field-textarea--error')
  expect(screen.getByText('You have 5 characters too many')).toHaveClass(
    'character-count character-count--over',
  )
})
