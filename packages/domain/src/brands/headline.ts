// The start screen's headline, which names the vehicle type of the host (a horsebox host must not
// read "Finance for your next car"), or of the vehicle loaded from stock when there is one
// (docs/decisions/1901). Loaded on the start screen: no schema library here.

import type { VehicleType } from './host'

/** The placeholders a brand's headline may hold. */
export const HEADLINE_PLACEHOLDERS = ['{vehicle}', '{Vehicle}'] as const

/** 'Finance for your next {vehicle}' with 'Horsebox' → 'Finance for your next horsebox'. */
export function brandHeadline(headline: string, vehicleType: VehicleType | string): string {
  const name = vehicleType.trim() || 'Car'
  const lower = name.toLowerCase()
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1)
  return headline.replaceAll('{vehicle}', lower).replaceAll('{Vehicle}', capitalised)
}

/**
 * The vehicle type the headline names: the stock vehicle's own, once one is loaded (a horsebox
 * linked from a car site is still a horsebox), else the host's.
 */
export function headlineVehicleType(
  hostVehicleType: string,
  vehicle: { vrm: string; vehicleType?: string },
): string {
  const stockType = vehicle.vrm.trim() ? (vehicle.vehicleType ?? '').trim() : ''
  return stockType || hostVehicleType
}
