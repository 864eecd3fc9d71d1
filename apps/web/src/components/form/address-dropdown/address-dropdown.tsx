import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import type { SingleFieldProps } from '../field-props'
import { SelectField } from '../select-field'

/** What the dropdown shows of each address found: its id and its display line. */
export type AddressDropdownItem = Pick<AddressLookupItem, 'udprn' | 'Address'>

export interface AddressDropdownProps extends SingleFieldProps {
  items: readonly AddressDropdownItem[]
  /** The chosen address's udprn; '' while the placeholder is shown. */
  value: string
  onChange: (udprn: string) => void
}

/** The addresses found for a postcode, in a native select headed 'Please choose an address'. */
export function AddressDropdown({ items, ...props }: AddressDropdownProps) {
  return (
    <SelectField
      {...props}
      options={items.map((item) => ({ value: item.udprn, label: item.Address }))}
      placeholder="Please choose an address"
    />
  )
}
