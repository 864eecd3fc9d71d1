import type { SingleFieldProps } from '../field-props'
import { SelectField } from '../select-field'

/** One result of the postcode lookup, as the lookup service names its fields (specification §3). */
export interface AddressLookupItem {
  udprn: string
  Address: string
}

export interface AddressDropdownProps extends SingleFieldProps {
  items: readonly AddressLookupItem[]
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
