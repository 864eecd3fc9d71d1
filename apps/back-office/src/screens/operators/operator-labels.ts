import type { Named, Operator, OperatorState, Role } from '#lib/types'

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  caseworker: 'Caseworker',
  admin: 'Admin',
  analyst: 'Analyst',
}

export const ROLE_HINTS: Record<Role, string> = {
  viewer: 'Reads applications of their brands',
  caseworker: 'Also adds notes, sets the broker’s status and retries deliveries',
  admin: 'Also manages operators, exports and erases personal data, and reads the audit log',
  analyst: 'Reads the funnel of their brands (counts only); never an application',
}

export const STATE_LABELS: Record<OperatorState, string> = {
  invited: 'Invited',
  active: 'Active',
  locked: 'Locked',
  disabled: 'Disabled',
}

export function brandNames(brands: Operator['brands'], known: Named[]): string {
  if (brands === 'all') return 'All brands'
  return brands.map((id) => known.find((brand) => brand.id === id)?.name ?? id).join(', ')
}
