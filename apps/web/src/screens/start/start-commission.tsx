// The start screen's commission disclosure and panel statement, and the record that the applicant
// was shown them (decision 1654). Its own chunk: see start-screen.tsx.

import { useEffect } from 'react'
import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  CommissionDisclosure,
  commissionTexts,
} from '#components/commission-disclosure/commission-disclosure'
import { reportEvidence } from '#lib/evidence-report'

export default function StartCommission({ brandId }: { brandId: BrandId }) {
  useEffect(() => {
    reportEvidence(
      '/',
      commissionTexts(brandId).map((text) => ({ kind: 'shown', applicant: 'main', text })),
    )
  }, [brandId])
  return <CommissionDisclosure brandId={brandId} />
}
