// The shapes of the back-office API's answers, as the UI reads them.

export type Role = 'admin' | 'caseworker' | 'viewer' | 'analyst'
export type Permission =
  | 'read'
  | 'notes'
  | 'status'
  | 'retry'
  | 'export'
  | 'erase'
  | 'legal-hold'
  | 'operators'
  | 'audit'
  | 'evidence'
  | 'figures'
  | 'funnel'

export interface Named {
  id: string
  name: string
}

export interface BrokerStatus {
  id: string
  label: string
}

/** A lender's decision kind with its words: `approved`, 'Approved'. */
export interface DecisionKind {
  id: string
  label: string
}

export interface Session {
  operator: { id: string; email: string; role: Role; brands: 'all' | string[] }
  permissions: Permission[]
  brands: Named[]
  brokerStatuses: BrokerStatus[]
  lenderDecisions?: DecisionKind[]
  csrfToken?: string
  idleExpiresAt?: string
  expiresAt?: string
}

export type DeliveryStatus = 'pending' | 'in_flight' | 'delivered' | 'dead'

/** A submission, a partial save (a lead), or a refused submission with nothing stored. */
export type ApplicationKind = 'submitted' | 'partial' | 'refused'

export type AttentionReason = 'refused' | 'conflict'

export interface ListedApplication {
  applicationKey: string
  reference: string
  brand: string
  brandName: string
  kind: ApplicationKind
  name: string | null
  brokerStatus: string
  lenders: {
    destinationId: string
    delivery: DeliveryStatus | null
    decision: string | null
    decidedAt?: string | null
  }[]
  createdAt: string
  submittedAt: string | null
  updatedAt: string
  legalHold: boolean
  needsAttention?: AttentionReason[]
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export interface SearchPage extends Page<ListedApplication> {
  searchedBy?: string
}

export interface AnswerSection {
  title: string
  rows: { label: string; value: string[] }[]
}

export interface LegalHold {
  reason: string
  setBy: string
  setAt: string
}

export interface Erased {
  at: string
  by: string
  reason: string
}

export interface Offer {
  amount: number
  termMonths: number
  apr: number
  monthlyPayment: number
  commission: { kind: 'amount' | 'percentage'; value: number }
}

export interface LenderDecision {
  id: string
  lenderId: string
  decision: string
  lenderReference: string
  decidedAt: string
  receivedAt: string
  offer: Offer | null
  message: string | null
  current: boolean
}

export interface TimelineEntry {
  at: string
  type: string
  text: string
  by: string | null
  decision?: LenderDecision
}

export interface Delivery {
  id: string
  destinationId: string
  kind: 'application' | 'erasure-notice'
  status: DeliveryStatus
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
  updatedAt: string
}

export interface Note {
  id: string
  text: string
  by: string
  at: string
}

export interface StatusChange {
  status: string
  by: string
  at: string
}

export interface EvidenceRecord {
  id: string
  applicant: 'main' | 'joint'
  kind: string
  disclosureId: string
  title: string
  version: number
  textHash: string
  channel: string | null
  screen: string | null
  at: string
  source: string
  operator: string | null
  detail: unknown
}

export interface Consent {
  applicant: 'main' | 'joint'
  channel: string
  state: 'agreed' | 'declined' | 'withdrawn'
  disclosureId: string
  title: string
  version: number
  at: string
}

export interface CommissionAnswer {
  lenderId: string
  kind: 'amount' | 'percentage'
  value: number
}

export interface Evidence {
  records: EvidenceRecord[]
  consents: Consent[]
  commissionRequests: {
    requestedAt: string
    answers: { at: string; operator: string | null; answer: CommissionAnswer }[]
  }[]
  support: {
    reasons: string[]
    flaggedAt: string
    notes: { id: string; step: 'adjustment' | 'outcome'; note: string; by: string; at: string }[]
  } | null
}

export interface KeptSubmission {
  id: string
  reason: AttentionReason
  statusCode: number
  createdAt: string
  errors: FieldProblem[]
  answers: AnswerSection[]
}

export interface FieldProblem {
  field: string
  message: string
}

export interface EmailSummary {
  id: string
  template: string
  recipient: string
  status: string
  attempts: number
  createdAt: string
  sentAt: string | null
}

export interface ApplicationDetail {
  application: {
    applicationKey: string
    reference: string
    brand: string
    brandName: string
    kind: ApplicationKind
    needsAttention?: AttentionReason[]
    name: string | null
    brokerStatus: string
    brokerStatusChangedAt: string | null
    brokerStatusChangedBy: string | null
    createdAt: string
    submittedAt: string | null
    updatedAt: string
    legalHold: LegalHold | null
    erased: Erased | null
    /** Whether the joint applicant confirmed their own part; null when they were not asked. */
    jointConfirmation?: {
      requestedAt: string
      confirmedAt: string | null
      /** Not confirmed within the link's 7 days. */
      outstanding: boolean
      /** What they wrote to correct what was said about them ('' for nothing); null before they confirm. */
      corrections?: string | null
      /** When they last said "This is not right", and what they wrote; null when they have not. */
      disputedAt?: string | null
      dispute?: string | null
    } | null
  }
  answers: AnswerSection[]
  timeline: TimelineEntry[]
  deliveries: Delivery[]
  notes: Note[]
  statusHistory: StatusChange[]
  /** The brand's lenders, which a commission answer names. */
  lenders?: string[]
  lenderDecisions?: LenderDecision[]
  emails?: EmailSummary[]
  evidence?: Evidence
  needsAttention?: KeptSubmission[]
}

/**
 * An application that shares the subject's email address or phone number, offered for the export
 * (decision 2042): which identifiers are the same, never its own details.
 */
export interface ExportCandidate {
  applicationKey: string
  reference: string
  brand: string
  kind: string
  createdAt: string
  matches: { email: boolean; phone: boolean; dateOfBirth: boolean; name: boolean }
  /** The email address and the date of birth are both the same: a hint, never a choice made. */
  strong: boolean
}

export interface DataExport {
  generatedAt: string
  generatedBy: string
  subject: { name: string | null; email: string | null; phone: string | null }
  applications: {
    applicationKey: string
    reference: string
    brand: string
    kind: string
    createdAt: string
    submittedAt: string | null
    updatedAt: string
    answers: AnswerSection[]
    payload: unknown
    deliveries: Delivery[]
    notes: Note[]
    statusHistory: StatusChange[]
    evidence?: Evidence
    lenderDecisions?: LenderDecision[]
    emails?: { template: string; recipient: string; status: string; sentAt: string | null }[]
    needsAttention?: KeptSubmission[]
    audit: AuditEntry[]
  }[]
}

export interface CommissionRequestItem {
  applicationKey: string
  reference: string
  brand: string
  brandName: string
  name: string | null
  requestedAt: string
  answers: (CommissionAnswer & { at: string; by: string | null })[]
}

export interface CohortFigures {
  submitted: number
  decided: number
  approved: number
  declined: number
  paidOut: number
  timeToFirstDecision: { count: number; medianMinutes: number | null; p90Minutes: number | null }
}

export interface MonthFigures extends CohortFigures {
  brand: string
  brandName: string
  month: string
  started: number
  byVulnerability: { flagged: CohortFigures; notFlagged: CohortFigures }
}

export interface LenderFigures {
  brand: string
  brandName: string
  month: string
  lenderId: string
  decided: number
  approved: number
  declined: number
  approvalRate: number | null
  /** Paid out, and the commission those payouts earned, in pounds (decision 2115). */
  paidOut: number
  commission: number
}

export interface Figures {
  from: string
  to: string
  brand: string | null
  months: MonthFigures[]
  lenders: LenderFigures[]
}

export type OperatorState = 'invited' | 'active' | 'locked' | 'disabled'

export interface Operator {
  id: string
  email: string
  role: Role
  brands: 'all' | string[]
  state: OperatorState
  enrolledAt: string | null
  disabledAt: string | null
  lockedUntil: string | null
  lastSignInAt: string | null
  createdAt: string
}

export interface Enrolment {
  operator: Operator
  enrolmentUrl: string
  enrolmentExpiresAt: string
}

export interface AuditEntry {
  seq: number
  at: string
  operatorId: string | null
  operatorEmail: string | null
  action: string
  applicationKey: string | null
  reference: string | null
  targetOperatorId: string | null
  detail: Record<string, unknown> | null
}

export interface AuditPage extends Page<AuditEntry> {
  actions: string[]
}

/** A step of the funnel: the people who saw the question, answered it, and left there. */
export interface FunnelStep {
  step: string
  title: string
  viewed: number
  completed: number
  dropOff: number
  errors: number
}

export interface FunnelError {
  step: string
  title: string
  messageKey: string
  message: string
  count: number
  per100Viewers: number
}

export interface FunnelConversion {
  started: number
  submitted: number
  offers: number
  paidOut: number
}

/** GET /api/back-office/funnel */
export interface Funnel {
  from: string
  to: string
  brand: string | null
  source: string | null
  campaign: string | null
  steps: FunnelStep[]
  topErrors: FunnelError[]
  conversion: FunnelConversion
  bySource: Array<FunnelConversion & { source: string }>
  sources: string[]
  campaigns: string[]
}

/** GET /api/back-office/pipeline: the submitted applications by stage (decision 2115). */
export interface PipelineCase {
  applicationKey: string
  reference: string
  brand: string
  stage: string
  since: string
  ageDays: number
  followUp: { dueOn: string; note: string; overdue: boolean; dueToday: boolean } | null
}

export interface Pipeline {
  today: string
  stages: Array<{ id: string; label: string; count: number; cases: PipelineCase[] }>
  dueToday: number
  overdue: number
}
