// The contract between GET /api/address and whoever knows the addresses at a postcode: the bundled demo
// dataset or a commercial postcode API. Items carry the application state's address field names, so the
// web client fills the address form straight from the chosen item (the item's shape is the domain's).

import type { AddressLookupItem, AddressParts } from '@forecourt/domain/address/address-lookup-item'

export interface AddressProvider {
  /** A name for operators ('embedded', 'ideal-postcodes'); never a key or an address. */
  readonly name: string
  /**
   * The addresses at a postcode, in any order. A postcode that is not a valid UK postcode, or that has no
   * addresses, gives an empty list. Rejects with AddressLookupUnavailableError when the source cannot
   * answer now.
   */
  lookup(postcode: string): Promise<AddressLookupItem[]>
}

/**
 * The source of addresses is down, slow, refusing our key or answering nonsense. The message is for the
 * log: providers build it from status codes and their own words, never from a URL (it may carry a key),
 * the postcode or the vendor's text.
 */
export class AddressLookupUnavailableError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'AddressLookupUnavailableError'
  }
}

// 'Flat 1', 'Apartment 12', 'Flat 1A', 'Flat 0/1' (a Glasgow tenement's floor/position).
const NUMBERED_FLAT = /^(?:flat|apartment|apt\.?)\s+(\d[\dA-Z/-]*)$/i

export function toLookupItem(parts: AddressParts): AddressLookupItem {
  return {
    ...parts,
    Address: addressLine(parts),
    flatNumber: NUMBERED_FLAT.exec(parts.subBuilding)?.[1] ?? '',
    houseName: parts.buildingName,
    houseNumber: parts.buildingNumber,
  }
}

/** 'Flat 1, Wharf House, 12 Canal Street, Ancoats, Manchester': the parts that exist, in postal order. */
export function addressLine(parts: AddressParts): string {
  const numberAndStreet = [parts.buildingNumber, parts.street].filter(Boolean).join(' ')
  return [parts.subBuilding, parts.buildingName, numberAndStreet, parts.locality, parts.town]
    .filter(Boolean)
    .join(', ')
}
