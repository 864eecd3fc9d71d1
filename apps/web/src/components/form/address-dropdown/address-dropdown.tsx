import '../form.css'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { Select } from '@forecourt/ui/select/select'
import type { SingleFieldProps } from '../field-props'

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
    <Select
      {...props}
      options={items.map((item) => ({ value: item.udprn, label: item.Address }))}
      emptyLabel="Please choose an address"
    />
  )
}
