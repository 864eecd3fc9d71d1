import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { choicesExamples } from './choices.examples'

for (const example of choicesExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('checkboxes keep the options’ order whatever order they are ticked in', async () => {
  render(exampleNamed(choicesExamples, 'checkboxes').render())
  const group = screen.getByRole('group', { name: 'Broker status' })
  await userEvent.click(screen.getByRole('checkbox', { name: 'Closed' }))
  await userEvent.click(screen.getByRole('checkbox', { name: 'New' }))
  expect(screen.getByRole('checkbox', { name: 'New' })).toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Closed' })).toBeChecked()
  await userEvent.click(screen.getByRole('checkbox', { name: 'New' }))
  expect(screen.getByRole('checkbox', { name: 'New' })).not.toBeChecked()
  expect(group).toBeInTheDocument()
})

test('a box’s own hint describes that box only', async () => {
  render(exampleNamed(choicesExamples, 'checkboxes with a hint on a box').render())
  expect(screen.getByRole('group', { name: 'Lenders to send it to' })).toHaveAccessibleDescription(
    'Each is sent the whole application',
  )
  // The first box carries the group's id: its own hint is not the group's.
  const acme = screen.getByRole('checkbox', { name: 'Acme Lending' })
  expect(acme).toHaveAccessibleDescription('Answers within the hour')
  expect(screen.getByRole('checkbox', { name: 'Summit Motor Finance' })).not.toHaveAttribute(
    'aria-describedby',
  )
  await userEvent.click(screen.getByText('Acme Lending'))
  expect(acme).toBeChecked()
})

test('a radio group in error is described by its message, and its first radio carries the id', () => {
  render(exampleNamed(choicesExamples, 'radios with error').render())
  expect(screen.getByRole('group', { name: 'New status' })).toHaveAccessibleDescription(
    'The applicant does not see it Error: Choose the new status',
  )
  expect(screen.getByRole('radio', { name: 'New' })).toHaveAttribute('id', 'new-status')
})

test('a radio is chosen with the keyboard', async () => {
  render(exampleNamed(choicesExamples, 'radios').render())
  await userEvent.tab()
  await userEvent.keyboard(' ')
  expect(screen.getByRole('radio', { name: 'New' })).toBeChecked()
  await userEvent.keyboard('{ArrowDown}')
  expect(screen.getByRole('radio', { name: 'Contacted' })).toBeChecked()
})

test('the textarea in error is invalid and described', () => {
  render(exampleNamed(choicesExamples, 'textarea with error').render())
  const note = screen.getByRole('textbox', { name: 'Note' })
  expect(note).toHaveAttribute('aria-invalid', 'true')
  expect(note).toHaveAccessibleDescription('Error: Enter the note')
})
