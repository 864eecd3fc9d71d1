// What the address finder does to an address entry: fill it from a lookup result, clear it, and
// read and write the first line and the flat of the manual form (docs/decisions/1104, 1540).
import {
  ADDRESS_LINE_FIELDS,
  type AddressLookupItem,
} from '@forecourt/domain/address/address-lookup-item'
import { addressOnOneLine, subBuildingLine } from '@forecourt/domain/fields/address-lines'
import { normalisePostcode } from '@forecourt/domain/fields/postcode'
import {
  emptyAddress,
  type Address,
  type ApplicationState,
  type SavedAddress,
} from '@forecourt/domain/state/application-state'

/**
 * The address history's entry n (from 1), created with any before it when missing, so the
 * /address/{n} screens can write to an entry the applicant reaches for the first time.
 */
export function addressEntry(draft: ApplicationState, n: number): Address {
  const { addresses } = draft.form
  while (addresses.length < n) addresses.push(emptyAddress())
  return addresses[n - 1]!
}

/** The joint applicant's own address history's entry n (docs/decisions/1841), as addressEntry. */
export function jointAddressEntry(draft: ApplicationState, n: number): Address {
  const { addresses } = draft.form.joint
  while (addresses.length < n) addresses.push(emptyAddress())
  return addresses[n - 1]!
}

function memoryAt(saved: SavedAddress[], n: number): SavedAddress {
  while (saved.length < n) saved.push({ manual: false, streetAddress: '', value: '' })
  // A stored list with a hole in it (null) gets a fresh memory there.
  saved[n - 1] ??= { manual: false, streetAddress: '', value: '' }
  return saved[n - 1]!
}

/** How entry n was given (docs/decisions/1103): savedAddresses[n - 1], created when missing. */
export function savedAddressOf(draft: ApplicationState, n: number): SavedAddress {
  return memoryAt(draft.savedAddresses, n)
}

/** How the joint applicant's entry n was given: jointSavedAddresses[n - 1], created when missing. */
export function jointSavedAddressOf(draft: ApplicationState, n: number): SavedAddress {
  return memoryAt(draft.jointSavedAddresses, n)
}

export function fillFromLookup(address: Address, found: AddressLookupItem): void {
  for (const field of ADDRESS_LINE_FIELDS) address[field] = found[field]
}

export function clearAddressLines(address: Address): void {
  for (const field of ADDRESS_LINE_FIELDS) address[field] = ''
}

/** Whether the entry holds an address (a lookup always gives a postcode and a town). */
export function hasAddress(address: Address): boolean {
  return address.postcode.trim() !== '' && address.town.trim() !== ''
}

const comparable = (parts: string[]) => parts.map((part) => part.trim().toUpperCase()).join('|')

/** The lookup result the entry was filled from, if it is in `found`. */
export function findChosen(
  found: readonly AddressLookupItem[],
  address: Address,
): AddressLookupItem | undefined {
  const key = (a: Address | AddressLookupItem) =>
    comparable([
      a.subBuilding,
      a.buildingName,
      a.buildingNumber,
      a.street,
      a.town,
      normalisePostcode(a.postcode),
    ])
  const wanted = key(address)
  return found.find((item) => key(item) === wanted)
}

// '12', '10A', '14-16': a house number; anything else is a name ('Rose Cottage', 'Flat 2, 12').
const HOUSE_NUMBER = /^\d[\dA-Za-z-]*$/

/**
 * The manual form's "House number or name": the building's name and number, in postal order
 * ('Wharf House, 12'). The flat has a field of its own.
 */
export function firstLine(address: Address): string {
  return [address.houseName || address.buildingName, address.houseNumber || address.buildingNumber]
    .filter(Boolean)
    .join(', ')
}

/**
 * What is typed as the first line replaces every building part a lookup gave, so what is sent is
 * what the applicant sees. The text is stored as typed, so the input shows it back unchanged.
 */
export function setFirstLine(address: Address, text: string): void {
  const isNumber = HOUSE_NUMBER.test(text.trim())
  address.houseNumber = isNumber ? text : ''
  address.buildingNumber = isNumber ? text : ''
  address.houseName = isNumber ? '' : text
  address.buildingName = isNumber ? '' : text
}

/**
 * The manual form's flat field: the sub-building exactly as typed (spaces included, or typing
 * 'Flat 2' would lose its space), or as the lookup gave it ('Flat 1' for a flat number of '1').
 */
export function flatLine(address: Address): string {
  return address.subBuilding !== '' ? address.subBuilding : subBuildingLine(address)
}

/** A typed flat replaces the lookup's sub-building and its flat number, which could disagree. */
export function setFlat(address: Address, text: string): void {
  address.subBuilding = text
  address.flatNumber = ''
}

/** A typed street replaces the lookup's street and the locality that went with it. */
export function setStreet(address: Address, text: string): void {
  address.street = text
  address.locality = ''
}

/** The address on one line, for a question about it: 'Flat 1, 10 Acacia Avenue, Leeds, LS1 4DY'. */
export function describeAddress(address: Address): string {
  return addressOnOneLine(address)
}
