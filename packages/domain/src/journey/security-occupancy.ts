// Who lives at the property a loan is secured on when it is not the applicant's home: the
// applicant's own status at that address, sent as the security address's residentialStatus. The
// home's residential statuses describe where one lives, not a property one owns elsewhere; a lender
// needs to know whether it is let, lived in by family, a second home or empty (docs/decisions/1501).
// Kept apart from options.ts so the journey table, which the start screen loads, can check an
// answer without every option list.

export const securityOccupancyOptions: readonly { value: string; label: string }[] = [
  { value: 'Let to tenants', label: 'It is let to tenants' },
  { value: 'Lived in by family', label: 'A member of my family lives there' },
  { value: 'Second home', label: 'It is my second or holiday home' },
  { value: 'Empty', label: 'Nobody lives there at the moment' },
  { value: 'Other', label: 'Other' },
]

export function isSecurityOccupancy(value: string): boolean {
  return securityOccupancyOptions.some((option) => option.value === value)
}
