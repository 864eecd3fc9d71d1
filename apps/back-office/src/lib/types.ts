// The shapes of the back-office API's answers, as the UI reads them.

export type Role = 'admin' | 'caseworker' | 'viewer'
export type Permission =
  'notes' | 'status' | 'retry' | 'export' | 'erase' | 'legal-hold' | 'operators' | 'audit'

export interface Named {
  id: string
  name: string
}

export interface BrokerStatus {
  id: string
  label: string
}

export interface Session {
  operator: { id: string; email: string; role: Role; brands: 'all' | string[] }
  permissions: Permission[]
  brands: Named[]
  brokerStatuses: BrokerStatus[]
  csrfToken?: string
  idleExpiresAt?: string
  expiresAt?: string
}

export type DeliveryStatus = 'pending' | 'in_flight' | 'delivered' | 'dead'

export interface ListedApplication {
  applicationKey: string
  reference: string
  brand: string
  brandName: string
  kind: 'submitted' | 'partial'
  name: string | null
  brokerStatus: string
  lenders: { destinationId: string; delivery: DeliveryStatus; decision: string | null }[]
  createdAt: string
  submittedAt: string | null
  updatedAt: string
  legalHold: boolean
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

export interface TimelineEntry {
  at: string
  type: string
  text: string
  by: string | null
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

export interface ApplicationDetail {
  application: {
    applicationKey: string
    reference: string
    brand: string
    brandName: string
    kind: 'submitted' | 'partial'
    name: string | null
    brokerStatus: string
    brokerStatusChangedAt: string | null
    brokerStatusChangedBy: string | null
    createdAt: string
    submittedAt: string | null
    updatedAt: string
    legalHold: LegalHold | null
    erased: Erased | null
  }
  answers: AnswerSection[]
  timeline: TimelineEntry[]
  deliveries: Delivery[]
  notes: Note[]
  statusHistory: StatusChange[]
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
    audit: AuditEntry[]
  }[]
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
