// Which employment statuses have an employer (docs/requirements.md#option-lists: the first five of the option list). Kept
// apart from options.ts so the journey table, which the start screen loads, does not pull in every
// option list.

export const statusesWithEmployer: readonly string[] = [
  'Full-time employed',
  'Part-time employed',
  'Self-employed',
  'Agency worker',
  'Armed forces',
]

export function hasEmployer(employmentStatus: string): boolean {
  return statusesWithEmployer.includes(employmentStatus)
}
