import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { radioGroupExamples } from './radio-group.examples'

for (const example of radioGroupExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the legend names the group and clicking an option chooses it', async () => {
  render(exampleNamed(radioGroupExamples, 'default').render())
  const group = screen.getByRole('group', { name: 'What is your marital status?' })
  expect(group).toBeInTheDocument()
  expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
    'Single',
    'Married',
    'Civil partnership',
    'Living with partner',
    'Separated',
    'Divorced',
    'Widowed',
  ])
  await userEvent.click(screen.getByLabelText('Divorced'))
  expect(screen.getByRole('radio', { name: 'Divorced' })).toBeChecked()
  expect(screen.getByRole('radio', { name: 'Single' })).not.toBeChecked()
})

test('arrow keys move the choice within the group', async () => {
  render(exampleNamed(radioGroupExamples, 'default').render())
  await userEvent.click(screen.getByRole('radio', { name: 'Single' }))
  await userEvent.keyboard('{ArrowDown}')
  expect(screen.getByRole('radio', { name: 'Married' })).toBeChecked()
})

test('the first option carries the group id so the error summary can link to it', () => {
  render(exampleNamed(radioGroupExamples, 'default').render())
  expect(screen.getByRole('radio', { name: 'Single' })).toHaveAttribute('id', 'marital-status')
  expect(screen.getByRole('radio', { name: 'Married' })).toHaveAttribute('id', 'marital-status-2')
})

test('the error describes the fieldset', () => {
  render(exampleNamed(radioGroupExamples, 'with error').render())
  const group = screen.getByRole('group', { name: 'What is your marital status?' })
  expect(group.getAttribute('aria-describedby')?.split(' ')).toContain('marital-status-error')
  expect(group).toHaveAccessibleDescription('Error: Please choose an option to continue.')
})

test('the group hint describes the fieldset and each option hint its own option', () => {
  render(exampleNamed(radioGroupExamples, 'with hint and option hints').render())
  expect(
    screen.getByRole('group', { name: 'What would you like the loan to be secured on?' }),
  ).toHaveAccessibleDescription('This decides which lenders we ask')
  expect(screen.getByRole('radio', { name: 'My home' })).toHaveAccessibleDescription(
    'A homeowner loan',
  )
})

test('the legend can be the page heading, so the screen has a single heading', () => {
  render(exampleNamed(radioGroupExamples, 'legend as page heading, inline').render())
  const heading = screen.getByRole('heading', { level: 1 })
  expect(heading).toHaveTextContent('Would you like to add a joint applicant?')
  expect(heading.closest('legend')).not.toBeNull()
  expect(
    screen.getByRole('group', { name: 'Would you like to add a joint applicant?' }),
  ).toBeInTheDocument()
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(radioGroupExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
