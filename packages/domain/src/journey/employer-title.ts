// The heading of the employer questions, which follows the employment status: 'About your business'
// for a self-employed applicant, 'About your previous agency work' for an earlier agency job
// (docs/decisions/1541-employer-questions-follow-the-status.md). It is also the page title, so the
// step list carries it into the page's first script: kept apart from the questions' other words
// (employer-wording.ts), which only the employer screens need.

export type EmployerPerson = 'main' | 'joint'

export type EmployerKind = 'employer' | 'business' | 'agency' | 'service'

export function employerKind(status: string): EmployerKind {
  if (status === 'Self-employed') return 'business'
  if (status === 'Agency worker') return 'agency'
  if (status === 'Armed forces') return 'service'
  return 'employer'
}

const SUBJECTS: Record<EmployerKind, string> = {
  employer: 'employer',
  business: 'business',
  agency: 'agency work',
  service: 'service',
}

/**
 * The heading for employment entry `n` (from 1; later entries are earlier jobs) of the main
 * applicant, or for the joint applicant's one employment.
 */
export function employerTitle(status: string, n = 1, person: EmployerPerson = 'main'): string {
  const whose = person === 'joint' ? 'their' : 'your'
  return `About ${whose} ${n > 1 ? 'previous ' : ''}${SUBJECTS[employerKind(status)]}`
}
