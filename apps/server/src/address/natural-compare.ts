// The order people expect addresses in: numbers by value ('2' before '10'), a suffix after its number
// ('10' before '10A'), numbers before words, and each block's flats right after the block itself.

import type { AddressParts } from '@forecourt/domain/address/address-lookup-item'

// Letters compared without regard to case or accents ('Tŷ Gwyn' beside 'Ty Gwyn'); spaces and
// punctuation sort before letters, so '10 High St' comes before '10A High St'. Made at the first
// lookup, not at start-up: a collator loads ICU's collation data (decision 2021).
let collator: Intl.Collator | undefined
const compareText = (x: string, y: string) =>
  (collator ??= new Intl.Collator('en-GB', { sensitivity: 'base' })).compare(x, y)

const CHUNKS = /\d+|\D+/g
const isDigits = (chunk: string) => chunk.charCodeAt(0) >= 48 && chunk.charCodeAt(0) <= 57

/**
 * Compares strings as runs of digits (by value) and runs of anything else (by the collator). A run of
 * digits sorts before a run of other characters: '2 High St' < '10 High St' < '10A High St' <
 * 'Flat 1, 10 High St'. Strings that differ only in case, accents or leading zeros still get a fixed
 * order, so sorting is deterministic.
 */
export function naturalCompare(a: string, b: string): number {
  const left = a.match(CHUNKS) ?? []
  const right = b.match(CHUNKS) ?? []
  const length = Math.min(left.length, right.length)
  for (let index = 0; index < length; index++) {
    const x = left[index] ?? ''
    const y = right[index] ?? ''
    const xDigits = isDigits(x)
    const yDigits = isDigits(y)
    let order: number
    if (xDigits && yDigits) order = compareNumbers(x, y)
    else if (xDigits !== yDigits) order = xDigits ? -1 : 1
    else order = compareText(x, y)
    if (order !== 0) return order
  }
  if (left.length !== right.length) return left.length - right.length
  return a < b ? -1 : a > b ? 1 : 0
}

// Any length of digits, without converting to a number that could lose precision.
function compareNumbers(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '')
  const b = y.replace(/^0+(?=\d)/, '')
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The order of a lookup's results: by street (then locality and town), then by building (numbered
 * buildings first, by number, then by name), then the building itself before its flats, the flats
 * in natural order. So '10 High St', 'Flat 1, 10 High St', 'Flat 2, 10 High St', '10A High St':
 * someone in Flat 2 finds their flat under their building's number (docs/decisions/0902).
 */
export function compareAddresses(a: AddressParts, b: AddressParts): number {
  return (
    naturalCompare(a.street, b.street) ||
    naturalCompare(a.locality, b.locality) ||
    naturalCompare(a.town, b.town) ||
    Number(a.buildingNumber === '') - Number(b.buildingNumber === '') ||
    naturalCompare(a.buildingNumber, b.buildingNumber) ||
    naturalCompare(a.buildingName, b.buildingName) ||
    Number(a.subBuilding !== '') - Number(b.subBuilding !== '') ||
    naturalCompare(a.subBuilding, b.subBuilding) ||
    naturalCompare(a.udprn, b.udprn)
  )
}
