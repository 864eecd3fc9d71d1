// The start screen's commission disclosure and panel statement, and the record that the applicant
// was shown them (decision 1654). Its own chunk: see start-screen.tsx.

import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  CommissionDisclosure,
  commissionTexts,
} from '#components/commission-disclosure/commission-disclosure'
import { brandById } from '#brand/use-brand'
import { reportEvidence } from '#lib/evidence-report'
import { getApplication } from '#lib/session-store'

export default function StartCommission({ brandId }: { brandId: BrandId }) {
  return <CommissionDisclosure brandId={brandId} />
}

/** Records that the start screen showed the brand's commission disclosure and panel statement. */
export function reportStartDisclosures(): void {
  const state = getApplication()
  if (state.isLocked) return
  const texts = commissionTexts(brandById(state.affiliateConfig?.brandId).id)
  reportEvidence(
    '/',
    texts.map((text) => ({ kind: 'shown', applicant: 'main', text })),
  )
}
