import type { ApplicationForm } from '../state/application-state'

/** §4 Progress and §9: the progress bar counts 17 items. */
export const PROGRESS_ITEMS = 17

/**
 * The 17 items, in the order of `progressItems`. The specification names nine flags and nine other
 * items but a total of 17: the address-location flag and the first address's postcode describe the
 * same step and count as one item (docs/decisions/0109-progress-items.md).
 */
export const PROGRESS_ITEM_NAMES = [
  'financeDetailsCompleted',
  'drivingLicenceCompleted',
  'loanAmountCompleted',
  'maritalStatusCompleted',
  'employmentStatusCompleted',
  'addressStatusCompleted',
  'personalDetailsCompleted',
  'dateOfBirthCompleted',
  'title',
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'firstAddressLocation',
  'firstAddressTime',
  'firstEmploymentTime',
  'netMonthlyIncome',
] as const

export type ProgressItemName = (typeof PROGRESS_ITEM_NAMES)[number]

function filled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== ''
}

function given(value: number | null | undefined): boolean {
  return value !== null && value !== undefined && !Number.isNaN(value)
}

/**
 * Whether each item is filled or completed: eight completion flags, title, first name, last name,
 * email, contact number, the first address's location (its flag or its postcode), its time at
 * address (years or months given), the first employment's time at employer, and net monthly income.
 */
export function progressItems(form: ApplicationForm): boolean[] {
  const address = form.addresses[0]
  const employment = form.employments[0]
  return [
    form.financeDetailsCompleted,
    form.drivingLicenceCompleted,
    form.loanAmountCompleted,
    form.maritalStatusCompleted,
    form.employmentStatusCompleted,
    form.addressStatusCompleted,
    form.personalDetailsCompleted,
    form.dateOfBirthCompleted,
    filled(form.title),
    filled(form.firstName),
    filled(form.lastName),
    filled(form.email),
    filled(form.contactNumber),
    form.addressLocationCompleted || filled(address?.postcode),
    given(address?.yearsAtAddress) || given(address?.monthsAtAddress),
    given(employment?.yearsAtEmployer) || given(employment?.monthsAtEmployer),
    given(form.netMonthlyIncome),
  ].map((done) => done === true)
}

/** The share of the 17 items done, as a whole percentage from 0 to 100. */
export function progressPercent(form: ApplicationForm): number {
  const done = progressItems(form).filter(Boolean).length
  return Math.round((done / PROGRESS_ITEMS) * 100)
}
