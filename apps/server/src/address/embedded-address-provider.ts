// The default address source: a bundled dataset of made-up addresses at real postcode districts, so the
// form's lookup works out of the box, offline, with no key and no third party seeing a postcode.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { REPOSITORY_ROOT } from '../config'
import { toLookupItem, type AddressProvider } from './address-provider'
import { compareAddresses } from './natural-compare'

/** One delivery point in the dataset; empty parts are left out to keep the file small. */
export interface DemoAddress {
  udprn: string
  subBuilding?: string
  buildingName?: string
  buildingNumber?: string
  street?: string
  locality?: string
}

export interface DemoPostcode {
  /** Normalised: 'M1 1AE'. */
  postcode: string
  town: string
  /** '' where Royal Mail has no county (London). */
  county: string
  addresses: DemoAddress[]
}

export interface DemoDataset {
  about: string
  postcodes: DemoPostcode[]
}

// From the repository root, so the compiled server (apps/server/dist) reads the same file as the source.
export const DEMO_DATASET_URL = pathToFileURL(
  join(REPOSITORY_ROOT, 'apps/server/src/address/dataset/demo-addresses.json'),
)

export function loadDemoDataset(): DemoDataset {
  return JSON.parse(readFileSync(DEMO_DATASET_URL, 'utf8')) as DemoDataset
}

export function createEmbeddedAddressProvider(
  dataset: DemoDataset = loadDemoDataset(),
): AddressProvider {
  const byPostcode = new Map<string, readonly AddressLookupItem[]>(
    // Sorted once here; the route sorts every provider's answer again, which costs nothing when in order.
    dataset.postcodes.map((entry) => [
      entry.postcode,
      entry.addresses.map(toItem(entry)).sort(compareAddresses),
    ]),
  )
  return {
    name: 'embedded',
    async lookup(postcode) {
      if (!isValidUkPostcode(postcode)) return []
      return [...(byPostcode.get(normalisePostcode(postcode)) ?? [])]
    },
  }
}

const toItem =
  (entry: DemoPostcode) =>
  (address: DemoAddress): AddressLookupItem =>
    toLookupItem({
      udprn: address.udprn,
      subBuilding: address.subBuilding ?? '',
      buildingName: address.buildingName ?? '',
      buildingNumber: address.buildingNumber ?? '',
      street: address.street ?? '',
      locality: address.locality ?? '',
      town: entry.town,
      county: entry.county,
      postcode: entry.postcode,
    })
