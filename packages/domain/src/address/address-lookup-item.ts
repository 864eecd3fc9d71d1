// One address found by the postcode lookup: what GET /api/address answers with, what its providers
// build and what the web app's address finder fills an address from (docs/requirements.md#address-lookup). Items carry the application state's address field
// names, so a chosen item fills the address form as it is.
import type { Address } from '../state/application-state'

/** The parts of a Royal Mail (PAF) delivery point that a provider knows. */
export interface AddressParts {
  /** Royal Mail's Unique Delivery Point Reference Number, as a string of digits. */
  udprn: string
  /** PAF sub-building name: 'Flat 1', 'Apartment 12', 'Flat 0/1', 'Ground Floor Flat'. */
  subBuilding: string
  /** A house or block name: 'Rose Cottage', 'Wharf House'. */
  buildingName: string
  /** The number on the street, with any suffix or range: '2', '10A', '14-16'. */
  buildingNumber: string
  street: string
  locality: string
  town: string
  county: string
  /** Normalised: 'M1 1AE'. */
  postcode: string
}

/**
 * One lookup result, with every field of the state's `Address` that an address lookup can fill,
 * '' when the address has none.
 */
export interface AddressLookupItem extends AddressParts {
  /** The display line for the dropdown, without the postcode: 'Flat 1, 10 Acacia Avenue, Leeds'. */
  Address: string
  /** The flat's own number when the sub-building is a numbered flat or apartment: 'Flat 1' → '1'. */
  flatNumber: string
  /** The same as buildingName: the security address has house fields but no building fields. */
  houseName: string
  /** The same as buildingNumber, for the same reason. */
  houseNumber: string
}

/** The fields of an item that fill an address; the time spent there and the status are not among them. */
export const ADDRESS_LINE_FIELDS = [
  'subBuilding',
  'flatNumber',
  'buildingName',
  'buildingNumber',
  'houseName',
  'houseNumber',
  'street',
  'locality',
  'town',
  'county',
  'postcode',
] as const satisfies readonly (keyof Address & keyof AddressLookupItem)[]

/** Every field of an item, in the order the API documents them. */
export const ADDRESS_LOOKUP_ITEM_FIELDS = [
  'udprn',
  'Address',
  ...ADDRESS_LINE_FIELDS,
] as const satisfies readonly (keyof AddressLookupItem)[]
