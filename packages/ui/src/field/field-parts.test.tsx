import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { hintId } from './field-parts'
import { fieldPartsExamples } from './field-parts.examples'

for (const example of fieldPartsExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the label names its input and the hint, with its derived id, describes it', () => {
  render(exampleNamed(fieldPartsExamples, 'label and hint').render())
  const input = screen.getByRole('textbox', { name: 'Last name' })
  expect(input).toHaveAccessibleDescription('As it appears on your driving licence')
  expect(screen.getByText('As it appears on your driving licence')).toHaveAttribute(
    'id',
    'last-name-hint',
  )
  expect(screen.getByText('As it appears on your driving licence')).toHaveClass('field-hint')
  expect(screen.queryByRole('heading')).toBeNull()
})

test('a label can be the page heading, and still names its input', () => {
  render(exampleNamed(fieldPartsExamples, 'label as page heading').render())
  const heading = screen.getByRole('heading', { level: 1, name: 'What is your postcode?' })
  expect(heading).toHaveClass('field-heading')
  expect(heading).toContainElement(screen.getByText('What is your postcode?'))
  expect(screen.getByRole('textbox', { name: 'What is your postcode?' })).toBeInTheDocument()
})

test('a legend names its group, and as the page heading still does', () => {
  render(exampleNamed(fieldPartsExamples, 'legend and hint of a group').render())
  expect(screen.getByRole('group', { name: 'New status' })).toHaveAccessibleDescription(
    'The applicant does not see it',
  )
  render(exampleNamed(fieldPartsExamples, 'legend as page heading').render())
  expect(
    screen.getByRole('heading', { level: 1, name: 'What is your marital status?' }),
  ).toBeInTheDocument()
  expect(screen.getByRole('group', { name: 'What is your marital status?' })).toBeInTheDocument()
})

test('without a hint nothing is drawn for it', () => {
  const { container } = render(exampleNamed(fieldPartsExamples, 'no hint').render())
  expect(container.querySelector('.field-hint')).toBeNull()
  expect(container.querySelector('#town-hint')).toBeNull()
})

test('a field’s hint id derives from its id', () => {
  expect(hintId('email')).toBe('email-hint')
})
