import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../example-checks'
import { ErrorSummary, titleWithErrors } from './ErrorSummary'
import { errorSummaryExamples } from './error-summary.examples'

for (const example of errorSummaryExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the summary takes focus and lists one link per error', () => {
  render(exampleNamed(errorSummaryExamples, 'with the fields it links to').render())
  const links = screen.getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Enter your email address', '#email'],
    ['Enter the 6-digit code', '#code'],
  ])
  expect(screen.getByRole('heading', { name: 'There is a problem' }).parentElement).toHaveFocus()
})

test('a link moves focus to its field', async () => {
  render(exampleNamed(errorSummaryExamples, 'with the fields it links to').render())
  await userEvent.click(screen.getByRole('link', { name: 'Enter the 6-digit code' }))
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus()
})

test('nothing is drawn without errors', () => {
  const { container } = render(<ErrorSummary errors={[]} />)
  expect(container).toBeEmptyDOMElement()
})

test('the page title is prefixed while errors show', () => {
  expect(titleWithErrors('Sign in – Forecourt back office', true)).toBe(
    'Error: Sign in – Forecourt back office',
  )
  expect(titleWithErrors('Sign in – Forecourt back office', false)).toBe(
    'Sign in – Forecourt back office',
  )
})
