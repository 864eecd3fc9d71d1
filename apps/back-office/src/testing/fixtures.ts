// Answers of the back-office API, shaped as its contract says, for the component tests.

import { PERMISSIONS as PERMISSION_NAMES } from '@forecourt/domain/contract/operator-permissions'
import type { ApplicationDetail, ListedApplication, Operator, Role, Session } from '#lib/types'

const PERMISSIONS: Record<Role, Session['permissions']> = {
  viewer: ['read'],
  caseworker: ['read', 'notes', 'status', 'retry', 'evidence'],
  analyst: ['funnel'],
  // Every permission there is, as the server grants an admin.
  admin: [...PERMISSION_NAMES],
}

export const BROKER_STATUSES = [
  { id: 'new', label: 'New' },
  { id: 'contacted', label: 'Contacted' },
  { id: 'with_lender', label: 'With lender' },
  { id: 'approved', label: 'Approved' },
  { id: 'declined', label: 'Declined' },
  { id: 'withdrawn', label: 'Withdrawn' },
  { id: 'paid_out', label: 'Paid out' },
  { id: 'closed', label: 'Closed' },
]

export const LENDER_DECISIONS = [
  { id: 'approved', label: 'Approved' },
  { id: 'approved-with-conditions', label: 'Approved with conditions' },
  { id: 'referred', label: 'Referred' },
  { id: 'declined', label: 'Declined' },
  { id: 'more-information-needed', label: 'More information needed' },
  { id: 'withdrawn', label: 'Withdrawn' },
  { id: 'paid-out', label: 'Paid out' },
]

export function sessionFor(role: Role): Session {
  return {
    operator: { id: `op_${role}`, email: `${role}@broker.example`, role, brands: 'all' },
    permissions: PERMISSIONS[role],
    brands: [
      { id: 'carfinance', name: 'Car Finance Direct' },
      { id: 'milebroker', name: 'Mile Broker' },
    ],
    brokerStatuses: BROKER_STATUSES,
    lenderDecisions: LENDER_DECISIONS,
    csrfToken: 'token-from-session',
  }
}

export const KEY = '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b'

export function listed(overrides: Partial<ListedApplication> = {}): ListedApplication {
  return {
    applicationKey: KEY,
    reference: 'FC-NN07-T1T4',
    brand: 'carfinance',
    brandName: 'Car Finance Direct',
    kind: 'submitted',
    name: 'Jane Smith',
    brokerStatus: 'new',
    lenders: [{ destinationId: 'acme-lending', delivery: 'dead', decision: null }],
    createdAt: '2026-11-26T09:00:00.000Z',
    submittedAt: '2026-11-26T09:05:00.000Z',
    updatedAt: '2026-11-26T09:05:00.000Z',
    legalHold: false,
    ...overrides,
  }
}

export function detail(change: (d: ApplicationDetail) => void = () => {}): ApplicationDetail {
  const value: ApplicationDetail = {
    application: {
      applicationKey: KEY,
      reference: 'FC-NN07-T1T4',
      brand: 'carfinance',
      brandName: 'Car Finance Direct',
      kind: 'submitted',
      name: 'Jane Smith',
      brokerStatus: 'new',
      brokerStatusChangedAt: null,
      brokerStatusChangedBy: null,
      createdAt: '2026-11-26T09:00:00.000Z',
      submittedAt: '2026-11-26T09:05:00.000Z',
      updatedAt: '2026-11-26T09:05:00.000Z',
      legalHold: null,
      erased: null,
    },
    answers: [
      {
        title: 'Loan',
        rows: [
          { label: 'What the loan is secured on', value: ['A vehicle'] },
          { label: 'Amount to borrow', value: ['£10,000'] },
        ],
      },
      {
        title: 'Address history',
        rows: [{ label: 'Current address', value: ['10 Acacia Avenue', 'Manchester', 'M1 1AE'] }],
      },
    ],
    timeline: [
      {
        at: '2026-11-26T09:06:00.000Z',
        type: 'delivery-attempt',
        text: 'Delivery attempt 1 to acme-lending: HTTP 500, will retry',
        by: null,
      },
      { at: '2026-11-26T09:05:00.000Z', type: 'submitted', text: 'Submitted', by: null },
    ],
    deliveries: [
      {
        id: 'dlv_1',
        destinationId: 'acme-lending',
        kind: 'application',
        status: 'dead',
        attempts: 5,
        lastStatusCode: 500,
        lastError: 'HTTP 500',
        nextAttemptAt: null,
        deliveredAt: null,
        createdAt: '2026-11-26T09:05:00.000Z',
        updatedAt: '2026-11-26T09:06:00.000Z',
      },
      {
        id: 'dlv_2',
        destinationId: 'bolt-finance',
        kind: 'application',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: '2026-11-26T09:05:30.000Z',
        createdAt: '2026-11-26T09:05:00.000Z',
        updatedAt: '2026-11-26T09:05:30.000Z',
      },
    ],
    notes: [],
    statusHistory: [],
    lenders: ['acme-lending', 'bolt-finance'],
    lenderDecisions: [],
    emails: [],
    evidence: {
      records: [
        {
          id: 'evd_1',
          applicant: 'main',
          kind: 'agreed',
          disclosureId: 'terms',
          title: 'Terms and conditions',
          version: 1,
          textHash: 'a'.repeat(64),
          channel: null,
          screen: '/before-you-submit',
          at: '2026-11-26T09:05:00.000Z',
          source: 'submission',
          operatorId: null,
          operator: null,
          detail: null,
        },
        {
          id: 'evd_2',
          applicant: 'main',
          kind: 'agreed',
          disclosureId: 'marketing-email',
          title: 'Marketing consent, own offers, email',
          version: 1,
          textHash: 'b'.repeat(64),
          channel: 'email',
          screen: '/optins',
          at: '2026-11-26T09:05:00.000Z',
          source: 'submission',
          operatorId: null,
          operator: null,
          detail: null,
        },
      ],
      consents: [
        {
          applicant: 'main',
          channel: 'email',
          state: 'agreed',
          disclosureId: 'marketing-email',
          title: 'Marketing consent, own offers, email',
          version: 1,
          at: '2026-11-26T09:05:00.000Z',
        },
        {
          applicant: 'main',
          channel: 'sms',
          state: 'declined',
          disclosureId: 'marketing-sms',
          title: 'Marketing consent, own offers, text message',
          version: 1,
          at: '2026-11-26T09:05:00.000Z',
        },
      ],
      commissionRequests: [],
      support: null,
    },
    needsAttention: [],
  }
  change(value)
  return value
}

export function operator(overrides: Partial<Operator> = {}): Operator {
  return {
    id: 'op_cath',
    email: 'cath@broker.example',
    role: 'caseworker',
    brands: ['carfinance'],
    state: 'active',
    enrolledAt: '2026-11-20T10:00:00.000Z',
    disabledAt: null,
    lockedUntil: null,
    lastSignInAt: '2026-11-25T08:30:00.000Z',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  }
}
