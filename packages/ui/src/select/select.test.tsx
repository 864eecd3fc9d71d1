import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { selectExamples } from './select.examples'

for (const example of selectExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('choosing an option changes the value', async () => {
  render(exampleNamed(selectExamples, 'with an empty choice').render())
  const select = screen.getByRole('combobox', { name: 'Role' })
  expect(select).toHaveValue('')
  await userEvent.selectOptions(select, 'Caseworker')
  expect(select).toHaveValue('caseworker')
  expect(select).toHaveAccessibleDescription('What they may do')
})

test('an error describes the select and marks it invalid', () => {
  render(exampleNamed(selectExamples, 'with error').render())
  const select = screen.getByRole('combobox', { name: 'Role' })
  expect(select).toHaveAttribute('aria-invalid', 'true')
  expect(select).toHaveAccessibleDescription('What they may do Error: Choose a role')
})
