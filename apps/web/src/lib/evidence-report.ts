// What the screens call to record what the applicant was shown and what they agreed to, declined or
// asked for (docs/requirements.md#evidence-and-consent-records, decision 1654). Small on purpose:
// the queue that hashes the texts and sends them (evidence.ts) is loaded with the first report, and
// nothing here ever waits for the network or stops the journey.

export type EvidenceKind = 'shown' | 'agreed' | 'declined' | 'requested'

/** A text exactly as the screen rendered it (a RenderedDisclosure of the domain). */
export interface ShownText {
  id: string
  version: number
  text: string
}

export interface EvidenceReport {
  kind: EvidenceKind
  applicant: 'main' | 'joint'
  text: ShownText
}

/** Where reports wait to be sent, in this tab's session storage (evidence.ts). */
export const EVIDENCE_QUEUE_KEY = 'forecourt.evidence'

/** Whether an earlier page of this tab left reports waiting to be sent. */
export function hasQueuedEvidence(): boolean {
  try {
    return (sessionStorage.getItem(EVIDENCE_QUEUE_KEY) ?? '').includes('"queue":[{')
  } catch {
    return false
  }
}

/** Queues the reports, made on `screen` (its route), to be sent in the background. */
export function reportEvidence(screen: string, reports: readonly EvidenceReport[]): void {
  if (reports.length === 0) return
  void import('./evidence').then(
    (evidence) => evidence.enqueueEvidence(screen, reports),
    (error: unknown) =>
      console.warn(`Evidence not queued: ${error instanceof Error ? error.message : String(error)}`),
  )
}
