import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { ErrorSummary, titleWithErrors } from './error-summary'
import { errorSummaryExamples } from './error-summary.examples'

for (const example of errorSummaryExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the summary is headed "There is a problem" and lists one link per error', () => {
  render(exampleNamed(errorSummaryExamples, 'with the fields it links to').render())
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('There is a problem')
  const links = screen.getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Please enter your title.', '#title'],
    ['Please enter your first name.', '#first-name'],
  ])
  expect(screen.queryByRole('alert')).toBeNull()
})

test('the summary takes focus and lists one link per error', () => {
  render(exampleNamed(errorSummaryExamples, 'with the text fields it links to').render())
  const links = screen.getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Enter your email address', '#email'],
    ['Enter the 6-digit code', '#code'],
  ])
  expect(screen.getByRole('heading', { name: 'There is a problem' }).parentElement).toHaveFocus()
})

test('the summary takes focus when it is shown', () => {
  render(exampleNamed(errorSummaryExamples, 'one error').render())
  const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement
  expect(summary).toHaveAttribute('tabindex', '-1')
  expect(summary).toHaveFocus()
})

test('clicking a link focuses its field', async () => {
  render(exampleNamed(errorSummaryExamples, 'with the fields it links to').render())
  await userEvent.click(screen.getByRole('link', { name: 'Please enter your first name.' }))
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus()
  await userEvent.click(screen.getByRole('link', { name: 'Please enter your title.' }))
  expect(screen.getByRole('radio', { name: 'Mr' })).toHaveFocus()
})

test('a link moves focus to its field', async () => {
  render(exampleNamed(errorSummaryExamples, 'with the text fields it links to').render())
  await userEvent.click(screen.getByRole('link', { name: 'Enter the 6-digit code' }))
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus()
})

test('nothing is drawn without errors', () => {
  const { container } = render(<ErrorSummary errors={[]} />)
  expect(container).toBeEmptyDOMElement()
})

test('nothing is shown without errors, and the summary takes focus when errors appear', () => {
  const { container, rerender } = render(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={[]} />
    </>,
  )
  expect(container.querySelector('.error-summary')).toBeNull()
  screen.getByRole('textbox', { name: 'Name' }).focus()
  rerender(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={[{ id: 'name', message: 'Please enter your name.' }]} />
    </>,
  )
  expect(container.querySelector('.error-summary')).toHaveFocus()
})

test('a new focus key brings focus back to the summary', () => {
  const errors = [{ id: 'name', message: 'Please enter your name.' }]
  const { container, rerender } = render(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={errors} focusKey={1} />
    </>,
  )
  screen.getByRole('textbox', { name: 'Name' }).focus()
  rerender(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={errors} focusKey={1} />
    </>,
  )
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus()
  rerender(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={errors} focusKey={2} />
    </>,
  )
  expect(container.querySelector('.error-summary')).toHaveFocus()
})

test('with focusOnAppear off, a summary that appears leaves focus alone until the focus key changes', () => {
  const errors = [{ id: 'name', message: 'Please enter your name.' }]
  const { container, rerender } = render(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={[]} focusKey={0} focusOnAppear={false} />
    </>,
  )
  screen.getByRole('textbox', { name: 'Name' }).focus()
  rerender(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={errors} focusKey={0} focusOnAppear={false} />
    </>,
  )
  expect(container.querySelector('.error-summary')).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus()
  rerender(
    <>
      <input aria-label="Name" />
      <ErrorSummary errors={errors} focusKey={1} focusOnAppear={false} />
    </>,
  )
  expect(container.querySelector('.error-summary')).toHaveFocus()
})

test('the page title is prefixed while errors show', () => {
  expect(titleWithErrors('Sign in – Forecourt back office', true)).toBe(
    'Error: Sign in – Forecourt back office',
  )
  expect(titleWithErrors('Sign in – Forecourt back office', false)).toBe(
    'Sign in – Forecourt back office',
  )
})
