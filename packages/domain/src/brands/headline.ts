// The start screen's headline, which names the vehicle type of the host (a horsebox host must not
// read "Finance for your next car"). Loaded on the start screen: no schema library here.

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
