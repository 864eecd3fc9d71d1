// Host → brand and host → vehicle type (docs/requirements.md#product, docs/requirements.md#brands). Loaded on the start
// screen: no schema library here.

import type { Brand, BrandId } from './brand'
import { APPLY_MODAL_LABEL, DEFAULT_BRAND_ID, brands, isBrandId } from './brand-data'

export type VehicleType = 'Caravan' | 'Van' | 'Horsebox' | 'Motorhome' | 'Motorcycle' | 'Car'

// Order matters: 'caravan' contains 'van', so Caravan is tested first.
const VEHICLE_TYPE_RULES: readonly [RegExp, VehicleType][] = [
  [/leisure|caravan/, 'Caravan'],
  [/van/, 'Van'],
  [/horsebox/, 'Horsebox'],
  [/motorhome/, 'Motorhome'],
  [/motorbike/, 'Motorcycle'],
]

/** The host name without its port, lower-cased, without surrounding spaces or a trailing dot. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase()
  // An IPv6 literal keeps its colons inside the brackets.
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']')
    return end === -1 ? trimmed : trimmed.slice(0, end + 1)
  }
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '')
}

/** 'HarbourLend.Localhost:5173' → 'harbourlend'. */
export function firstHostLabel(host: string): string {
  return hostName(host).split('.')[0] ?? ''
}

const BRAND_BY_DOMAIN: ReadonlyMap<string, BrandId> = new Map(
  Object.values(brands).flatMap((brand) => brand.domains.map((domain) => [domain, brand.id])),
)

/** The brand whose `domains` list the host name, or undefined. */
export function brandIdForDomain(host: string): BrandId | undefined {
  return BRAND_BY_DOMAIN.get(hostName(host))
}

/**
 * The brand whose domains list the host; otherwise the brand whose id is the first host label (as on
 * harbourlend.localhost in development); anything else (including 'apply') → the default.
 */
export function brandIdForHost(host: string): BrandId {
  const domainBrand = brandIdForDomain(host)
  if (domainBrand !== undefined) return domainBrand
  const label = firstHostLabel(host)
  return isBrandId(label) ? label : DEFAULT_BRAND_ID
}

export function brandForHost(host: string): Brand {
  return brands[brandIdForHost(host)]
}

/** True when the introductory modal opens on the start screen. */
export function isApplyHost(host: string): boolean {
  return firstHostLabel(host) === APPLY_MODAL_LABEL
}

const VEHICLE_TYPES: readonly string[] = [...VEHICLE_TYPE_RULES.map(([, type]) => type), 'Car']

/** One of the six vehicle types, spelt as the payload spells them. */
export function isVehicleType(value: unknown): value is VehicleType {
  return typeof value === 'string' && VEHICLE_TYPES.includes(value)
}

/** Checked in order on the whole host name; no match → Car. */
export function vehicleTypeForHost(host: string): VehicleType {
  const name = hostName(host)
  return VEHICLE_TYPE_RULES.find(([pattern]) => pattern.test(name))?.[1] ?? 'Car'
}

/** The vehicle type the pre-rendered start pages are rendered for (each brand's own host). */
export const PRERENDERED_VEHICLE_TYPE: VehicleType = 'Car'

/**
 * The brand whose pre-rendered start page is this host's page, or null when the host's page is
 * another: the apply host opens the introductory modal and shows its example, and a host of
 * another vehicle type names that vehicle in the headline (docs/decisions/1531).
 */
export function prerenderedStartBrandId(host: string): BrandId | null {
  if (isApplyHost(host) || vehicleTypeForHost(host) !== PRERENDERED_VEHICLE_TYPE) return null
  return brandIdForHost(host)
}
