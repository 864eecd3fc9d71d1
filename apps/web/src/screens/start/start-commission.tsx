// The start screen's commission disclosure and panel statement, and the record that the applicant
// was shown them (decision 1654). Its own chunk: see start-screen.tsx.

import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  CommissionDisclosure,
  commissionTexts,
} from '#components/commission-disclosure/commission-disclosure'
import { reportEvidence } from '#lib/evidence-report'

export default function StartCommission({ brandId }: { brandId: BrandId }) {
  return <CommissionDisclosure brandId={brandId} />
}

/** Records that the start screen showed the brand's commission disclosure and panel statement. */
export function reportStartDisclosures(brandId: BrandId): void {
  reportEvidence(
    '/',
    commissionTexts(brandId).map((text) => ({ kind: 'shown', applicant: 'main', text })),
  )
}
