// What the screens call to record what the applicant was shown and what they agreed to, declined or
// asked for (docs/requirements.md#evidence-and-consent-records, decision 1654). Small on purpose:
// the queue that hashes the texts and sends them (evidence.ts) is loaded with the first report, and
// nothing here ever waits for the network or stops the journey.

import type { EvidenceReport } from './evidence-types'
import { getApplication } from './session-store'

/** Queues the reports, made on `screen` (its route), to be sent in the background. */
export function reportEvidence(screen: string, reports: readonly EvidenceReport[]): void {
  // Nothing to send from the build's pre-rendering.
  if (reports.length === 0 || typeof window === 'undefined') return
  const state = getApplication()
  const application = {
    key: state.GUID,
    affiliateKey: state.affiliateConfig?.affiliateKey ?? '',
    secret: state.applicationSecret,
  }
  void import('./evidence').then(
    (evidence) => evidence.enqueueEvidence(application, screen, reports),
    (error: unknown) =>
      console.warn(
        `Evidence not queued: ${error instanceof Error ? error.message : String(error)}`,
      ),
  )
}
