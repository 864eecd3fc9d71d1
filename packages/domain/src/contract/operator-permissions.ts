// What an operator of the back office may be and do, named once: the server grants permissions by role
// (apps/server/src/back-office/operators.ts) and the back-office API's contract names them in its answers.

export const OPERATOR_ROLES = ['admin', 'caseworker', 'viewer', 'analyst'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

export const PERMISSIONS = [
  // Read applications and everything about them (personal data): every role but the analyst's.
  'read',
  'notes',
  'status',
  'retry',
  'export',
  'erase',
  'legal-hold',
  'operators',
  'audit',
  // Record a consent withdrawal, answer a commission request, a vulnerability adjustment or outcome.
  'evidence',
  // The outcome figures and their export (no personal data, but the firm's own results).
  'figures',
  // The funnel: where applicants drop out and which source converts (counters only, decision 2112).
  'funnel',
] as const
export type Permission = (typeof PERMISSIONS)[number]
