// A screen's record of the texts it shows (decision 1654): reported once per visit, after the render,
// in the background.

import { useEffect, useEffectEvent } from 'react'
import { reportEvidence } from '#lib/evidence-report'
import type { EvidenceReport } from '#lib/evidence-types'

/** Reports, once per screen visit, that the screen shows these texts. */
export function useShownEvidence(screen: string, reports: readonly EvidenceReport[]): void {
  const report = useEffectEvent(() => reportEvidence(screen, reports))
  // Reported again only when the texts themselves change (another brand, a joint applicant added).
  const texts = reports
    .map((shown) => `${shown.applicant}:${shown.text.id}:${shown.text.version}`)
    .join(',')
  useEffect(() => {
    report()
  }, [screen, texts])
}
