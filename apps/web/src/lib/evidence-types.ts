// What a screen reports as evidence: apart from the reporting (evidence-report.ts) and the queue it loads
// lazily (evidence.ts), which both use these types.

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
