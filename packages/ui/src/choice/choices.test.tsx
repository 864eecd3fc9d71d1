import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { exampleNamed, expectNoAxeViolations } from '../../test-support/example-checks'
import { choicesExamples } from './choices.examples'
import { Radios } from '../radios/radios'

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

test('inline radios: an option’s hint describes that option, and the legend is the page heading', async () => {
  render(exampleNamed(choicesExamples, 'inline radios with a hint on an option').render())
  expect(
    screen.getByRole('heading', { level: 1, name: 'Is this a joint application?' }),
  ).toBeInTheDocument()
  const yes = screen.getByRole('radio', { name: 'Yes' })
  expect(yes).toHaveAccessibleDescription('Both of you will be asked for your details')
  expect(screen.getByRole('radio', { name: 'No' })).toHaveAttribute('id', 'joint-2')
  expect(yes.closest('.choices')).toHaveClass('choices choices--inline')
  await userEvent.click(screen.getByText('No'))
  expect(screen.getByRole('radio', { name: 'No' })).toBeChecked()
})

test('small radios are drawn smaller in a tighter frame', () => {
  render(exampleNamed(choicesExamples, 'small radios').render())
  const anyone = screen.getByRole('radio', { name: 'Anyone' })
  expect(anyone).toBeChecked()
  expect(anyone.closest('.choices')).toHaveClass('choices--small')
  expect(anyone.closest('.field')).toHaveClass('field field--small')
})

test('one checkbox is named by its label, described by its hint, and ticks from its label', async () => {
  render(exampleNamed(choicesExamples, 'one checkbox').render())
  const box = screen.getByRole('checkbox', {
    name: 'I confirm the details I have given are correct',
  })
  expect(box).toHaveAccessibleDescription('We check them with a credit reference agency')
  expect(box).not.toHaveAttribute('aria-invalid')
  expect(screen.queryByRole('group')).toBeNull()
  await userEvent.click(screen.getByText('I confirm the details I have given are correct'))
  expect(box).toBeChecked()
})

test('one checkbox in error, in a fieldset named by its legend', () => {
  render(exampleNamed(choicesExamples, 'one checkbox in a fieldset, in error').render())
  expect(screen.getByRole('group', { name: 'Declaration' })).toBeInTheDocument()
  const box = screen.getByRole('checkbox', {
    name: 'I confirm the details I have given are correct',
  })
  expect(box).toHaveAttribute('aria-invalid', 'true')
  expect(box).toHaveAccessibleDescription(
    'We check them with a credit reference agency Error: Please confirm the details are correct.',
  )
})

test('a radio’s own hint has an id of its own, apart from the group’s hint, even on the first radio', () => {
  render(
    <Radios
      id="kind"
      label="Kind of loan"
      hint="Choose one"
      value=""
      onChange={() => {}}
      options={[
        { value: 'vehicle', label: 'Vehicle', hint: 'Secured on the car' },
        { value: 'home', label: 'Homeowner' },
      ]}
    />,
  )
  expect(screen.getByRole('group', { name: 'Kind of loan' })).toHaveAccessibleDescription(
    'Choose one',
  )
  expect(screen.getByRole('radio', { name: 'Vehicle' })).toHaveAccessibleDescription(
    'Secured on the car',
  )
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
  expect(ids).toEqual([...new Set(ids)])
})
