import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { Dropdown } from './dropdown'
import { dropdownExamples } from './dropdown.examples'

for (const example of dropdownExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the first option is the "Please select" placeholder with an empty value', () => {
  render(exampleNamed(dropdownExamples, 'default').render())
  const select = screen.getByRole('combobox', { name: 'Property type' })
  expect(select).toHaveValue('')
  const first = screen.getAllByRole('option')[0]
  expect(first).toHaveTextContent('Please select')
  expect(first).toHaveValue('')
  expect(screen.getAllByRole('option')).toHaveLength(7)
})

test('choosing an option passes its value on', async () => {
  const onChange = vi.fn()
  render(
    <Dropdown
      id="bedrooms"
      label="Bedrooms"
      options={[
        { value: '1', label: 'One' },
        { value: '2', label: 'Two' },
      ]}
      value=""
      onChange={onChange}
    />,
  )
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bedrooms' }), 'Two')
  expect(onChange).toHaveBeenCalledWith('2')
})

test('the chosen option is shown', async () => {
  render(exampleNamed(dropdownExamples, 'default').render())
  const select = screen.getByRole('combobox', { name: 'Property type' })
  await userEvent.selectOptions(select, 'Bungalow')
  expect(select).toHaveValue('Bungalow')
})

test('the error describes the select and marks it invalid', () => {
  render(exampleNamed(dropdownExamples, 'with error').render())
  const select = screen.getByRole('combobox', { name: 'Property type' })
  expect(select.getAttribute('aria-describedby')?.split(' ')).toContain('property-type-error')
  expect(select).toHaveAttribute('aria-invalid', 'true')
  expect(select).toHaveAccessibleDescription('Error: Please choose your property type.')
})

test('the locked example has every input disabled', () => {
  const { container } = render(exampleNamed(dropdownExamples, 'locked').render())
  expectEveryControlDisabled(container)
})
