// An address as people read it: on envelope lines, for the check-your-answers page and for any
// question that names an address (docs/decisions/1540-address-display-and-manual-entry.md).
// Lines are shown as the applicant typed them or the lookup gave them, only trimmed: what is
// shown is what is sent. The postcode is shown as it is sent: upper case, one space.
import type { Address } from '../state/application-state'
import { normalisePostcode } from './postcode'

/**
 * The flat, as written: the sub-building ('Flat 1', '0/1', '1F2'); a bare flat number on its
 * own (a lookup's `flatNumber` is '1' for 'Flat 1') reads 'Flat 1'.
 */
export function subBuildingLine(address: Pick<Address, 'subBuilding' | 'flatNumber'>): string {
  const subBuilding = address.subBuilding.trim()
  if (subBuilding) return subBuilding
  const flat = address.flatNumber.trim()
  return /^\d/.test(flat) ? `Flat ${flat}` : flat
}

export interface AddressLineOptions {
  /** Leave the county out, for a one-line description (the town and postcode place it). */
  county?: boolean
}

/**
 * The address on lines. A flat shares its line with the building it is in, as Royal Mail
 * writes it: 'Flat 1, 10 Acacia Avenue'; 'Flat 3, The Old Mill' above '12 High Street'.
 * Blank parts are left out; an empty address gives no lines.
 */
export function addressLines(address: Address, options: AddressLineOptions = {}): string[] {
  const flat = subBuildingLine(address)
  const name = (address.houseName || address.buildingName).trim()
  const number = (address.houseNumber || address.buildingNumber).trim()
  const numberAndStreet = [number, address.street.trim()].filter(Boolean).join(' ')
  const building = name
    ? [[flat, name].filter(Boolean).join(', '), numberAndStreet]
    : [[flat, numberAndStreet].filter(Boolean).join(', ')]
  const postcode = address.postcode.trim() ? normalisePostcode(address.postcode) : ''
  return [
    ...building,
    address.locality.trim(),
    address.town.trim(),
    options.county === false ? '' : address.county.trim(),
    postcode,
  ].filter(Boolean)
}

/** The address on one line, for a question about it: 'Flat 1, 10 Acacia Avenue, Leeds, LS1 4DY'. */
export function addressOnOneLine(address: Address): string {
  return addressLines(address, { county: false }).join(', ')
}
