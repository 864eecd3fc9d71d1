import type { Brand } from '@forecourt/domain/brands/brand'
import { DEFAULT_BRAND_ID, brands, isBrandId } from '@forecourt/domain/brands/brand-data'
import { useApplication } from '#lib/session-store'

/** The brand an application belongs to: the one start-up chose from the host, else the default. */
export function brandById(brandId: string | undefined): Brand {
  return brandId !== undefined && isBrandId(brandId) ? brands[brandId] : brands[DEFAULT_BRAND_ID]
}

export function useBrand(): Brand {
  return brandById(useApplication((state) => state.affiliateConfig?.brandId))
}
