import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { checkboxExamples } from './checkbox.examples'

for (const example of checkboxExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('clicking the label ticks and unticks the box', async () => {
  render(exampleNamed(checkboxExamples, 'default').render())
  const checkbox = screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })
  expect(checkbox).not.toBeChecked()
  await userEvent.click(screen.getByText('I agree to the terms and conditions'))
  expect(checkbox).toBeChecked()
  await userEvent.click(checkbox)
  expect(checkbox).not.toBeChecked()
})

test('the space bar ticks the focused box', async () => {
  render(exampleNamed(checkboxExamples, 'default').render())
  await userEvent.tab()
  await userEvent.keyboard(' ')
  expect(screen.getByRole('checkbox')).toBeChecked()
})

test('the error describes the box and marks it invalid', () => {
  render(exampleNamed(checkboxExamples, 'with error').render())
  const checkbox = screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })
  expect(checkbox.getAttribute('aria-describedby')?.split(' ')).toContain('is-agreed-terms-error')
  expect(checkbox).toHaveAttribute('aria-invalid', 'true')
  expect(checkbox).toHaveAccessibleDescription('Error: Please check this box.')
})

test('the hint describes the box', () => {
  render(exampleNamed(checkboxExamples, 'with hint').render())
  expect(screen.getByRole('checkbox', { name: 'Email' })).toHaveAccessibleDescription(
    'News and offers about vehicle finance',
  )
})

test('a legend puts the box in a named group, and can be the page heading', () => {
  render(exampleNamed(checkboxExamples, 'with legend as page heading').render())
  const group = screen.getByRole('group', { name: 'Can we run a soft search?' })
  expect(group).toContainElement(screen.getByRole('checkbox'))
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Can we run a soft search?')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(checkboxExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
