// A screen's record of the texts it shows (decision 1654): reported once per visit, after the render,
// in the background.

import { useEffect, useRef } from 'react'
import { reportEvidence, type EvidenceReport } from '#lib/evidence-report'

/** Reports, once per screen visit, that the screen shows these texts. */
export function useShownEvidence(screen: string, reports: readonly EvidenceReport[]): void {
  const latest = useRef(reports)
  latest.current = reports
  const key = reports
    .map((report) => `${report.applicant}:${report.text.id}:${report.text.version}`)
    .join(',')
  useEffect(() => {
    reportEvidence(screen, latest.current)
  }, [screen, key])
}
