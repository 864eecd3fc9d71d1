import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { expectNoAxeViolations } from '#testing/axe'
import { exampleNamed, expectEveryControlDisabled } from '../example-checks'
import { AddressDropdown } from './address-dropdown'
import { addressDropdownExamples } from './address-dropdown.examples'

for (const example of addressDropdownExamples) {
  test(`the "${example.name}" example has no axe violations`, async () => {
    const { container } = render(example.render())
    await expectNoAxeViolations(container)
  })
}

test('the placeholder comes first, then one option per address', () => {
  render(exampleNamed(addressDropdownExamples, 'default').render())
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Please choose an address',
    '1 High Street, Exampleton, EX1 1AA',
    '2 High Street, Exampleton, EX1 1AA',
    'Flat 3, 4 High Street, Exampleton, EX1 1AA',
  ])
  expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('')
})

test('choosing an address passes its udprn on', async () => {
  const onChange = vi.fn()
  render(
    <AddressDropdown
      id="address"
      label="Address"
      items={[{ udprn: '42', Address: '42 Station Road' }]}
      value=""
      onChange={onChange}
    />,
  )
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Address' }),
    '42 Station Road',
  )
  expect(onChange).toHaveBeenCalledWith('42')
})

test('the error describes the select and marks it invalid', () => {
  render(exampleNamed(addressDropdownExamples, 'with error').render())
  const select = screen.getByRole('combobox', { name: 'Address' })
  expect(select).toHaveAttribute('aria-invalid', 'true')
  expect(select).toHaveAccessibleDescription('Error: Please choose your address.')
})

test('the locked example has every input disabled and shows the chosen address', () => {
  const { container } = render(exampleNamed(addressDropdownExamples, 'locked').render())
  expectEveryControlDisabled(container)
  expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('23747772')
})
