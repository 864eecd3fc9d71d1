// The states an application's case and a lender's decision can be in, named once: the server stores them
// (apps/server/src/db/tables.ts), the back office's requests choose among them and the lenders send them.

export const BROKER_STATUSES = [
  'new',
  'contacted',
  'with_lender',
  'approved',
  // The applicant signed the lender's agreement: set by a caseworker (decision 2115).
  'signed',
  'declined',
  'withdrawn',
  'paid_out',
  'closed',
] as const

/** What a lender may say of an application (decision 1656). */
export const LENDER_DECISIONS = [
  'approved',
  'approved-with-conditions',
  'referred',
  'declined',
  'more-information-needed',
  'withdrawn',
  'paid-out',
] as const
