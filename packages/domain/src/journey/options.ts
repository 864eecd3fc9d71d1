// Option lists fixed by docs/requirements.md#option-lists. Values are what the broker receives.

import { hasEmployer, statusesWithEmployer } from './employer'
import { isSecurityOccupancy, securityOccupancyOptions } from './security-occupancy'

export interface Option {
  value: string
  label: string
}

const same = (labels: string[]): Option[] => labels.map((label) => ({ value: label, label }))

export const titleOptions = same(['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'])

export const drivingLicenceOptions = same([
  'Full UK',
  'Provisional UK',
  'EU/EEA',
  'International',
  'No licence',
])

export const maritalStatusOptions = same([
  'Single',
  'Married',
  'Civil partnership',
  'Living with partner',
  'Separated',
  'Divorced',
  'Widowed',
])

export const employmentStatusOptions = same([
  ...statusesWithEmployer,
  'Retired',
  'Student',
  'Homemaker',
  'Not working due to disability',
  'Unemployed',
])

/** The first five statuses have an employer, so the employer's details are asked. */
export { hasEmployer, statusesWithEmployer }

export const residentialStatusOptions = same([
  'Homeowner with a mortgage',
  'Homeowner without a mortgage',
  'Private tenant',
  'Council or housing association tenant',
  'Living with parents',
  'Other',
])

/** Who lives at a security property that is not the applicant's home (docs/decisions/1501). */
export { isSecurityOccupancy, securityOccupancyOptions }

export const propertyTypeOptions = same([
  'Detached',
  'Semi-detached',
  'Terraced',
  'Flat or maisonette',
  'Bungalow',
  'Other',
])

export const propertyBedroomOptions = same(['1', '2', '3', '4', '5', '6+'])

export const depositTypeOptions = same(['Cash', 'Part exchange', 'Cash and part exchange'])

export const lookingToBuyOptions: Option[] = [
  { value: 'Found a vehicle', label: 'I have found a vehicle' },
  { value: 'Still looking', label: 'I am still looking' },
]

export type LoanPurposeType = 'vehicle' | 'property'

export const loanPurposeOptions: { value: LoanPurposeType; label: string }[] = [
  { value: 'vehicle', label: 'Finance secured on the vehicle' },
  { value: 'property', label: 'A homeowner loan secured on my property' },
]

/**
 * The warning the property option carries where the loan kind is chosen; the joint applicant reads the
 * same words on their own page (decision 2127).
 */
export const HOMEOWNER_LOAN_WARNING =
  'Think carefully before securing debt against your home. Your home may be repossessed if you do not keep up repayments.'

/** Loan limits in pounds and terms in years, by what the loan is secured on. */
export const loanLimits = {
  vehicle: { minAmount: 1000, maxAmount: 50000, minYears: 1, maxYears: 7 },
  property: { minAmount: 10000, maxAmount: 250000, minYears: 3, maxYears: 25 },
} as const satisfies Record<LoanPurposeType, object>
