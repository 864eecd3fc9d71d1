// What the screens reported for the evidence record in a test (test-setup.ts stands in for
// reportEvidence, so no test sends anything): each call's screen and reports, in order.

import type { EvidenceReport } from '#lib/evidence-types'

export const reportedEvidence: { screen: string; reports: EvidenceReport[] }[] = []

/** Every report so far as `kind applicant id@version screen`, in order. */
export function reportedLines(): string[] {
  return reportedEvidence.flatMap(({ screen, reports }) =>
    reports.map(
      (report) =>
        `${report.kind} ${report.applicant} ${report.text.id}@${report.text.version} ${screen}`,
    ),
  )
}
