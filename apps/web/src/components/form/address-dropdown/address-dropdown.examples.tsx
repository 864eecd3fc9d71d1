import { WithState } from '../example-state'
import type { Example } from '../examples'
import { AddressDropdown, type AddressDropdownItem } from './address-dropdown'

const items: AddressDropdownItem[] = [
  { udprn: '23747771', Address: '1 High Street, Exampleton, EX1 1AA' },
  { udprn: '23747772', Address: '2 High Street, Exampleton, EX1 1AA' },
  { udprn: '23747773', Address: 'Flat 3, 4 High Street, Exampleton, EX1 1AA' },
]

export const addressDropdownExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <AddressDropdown
            id="address"
            label="Address"
            items={items}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <AddressDropdown
            id="address"
            label="Address"
            hint="3 addresses found for EX1 1AA"
            items={items}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with error',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <AddressDropdown
            id="address"
            label="Address"
            error="Please choose your address."
            items={items}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'locked',
    render: () => (
      <AddressDropdown
        id="address"
        label="Address"
        items={items}
        value="23747772"
        onChange={() => {}}
        disabled
      />
    ),
  },
]
