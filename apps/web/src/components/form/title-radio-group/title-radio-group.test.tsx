import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { titleRadioGroupExamples } from './title-radio-group.examples'

for (const example of titleRadioGroupExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the group is titled "Title" and offers the six titles in order', () => {
  render(exampleNamed(titleRadioGroupExamples, 'default').render())
  const group = screen.getByRole('group', { name: 'Title' })
  expect(group).toBeInTheDocument()
  expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
    'Mr',
    'Mrs',
    'Miss',
    'Ms',
    'Mx',
    'Dr',
  ])
})

test('choosing a title checks it', async () => {
  render(exampleNamed(titleRadioGroupExamples, 'default').render())
  await userEvent.click(screen.getByRole('radio', { name: 'Mx' }))
  expect(screen.getByRole('radio', { name: 'Mx' })).toBeChecked()
})

test('the error describes the group', () => {
  render(exampleNamed(titleRadioGroupExamples, 'joint').render())
  expect(screen.getByRole('group', { name: 'Title' })).toHaveAccessibleDescription(
    'Error: Please enter their title.',
  )
})

test('the locked example has every input disabled and keeps the chosen title', () => {
  const { container } = render(exampleNamed(titleRadioGroupExamples, 'locked').render())
  expectEveryControlDisabled(container)
  expect(screen.getByRole('radio', { name: 'Dr' })).toBeChecked()
})
