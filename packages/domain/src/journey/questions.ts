// Every question of the journey table, by step, with the state field its screen writes and the
// payload field its answer is sent as, so no answer can be asked and then dropped (decision 1503).
// A test walks the journey and checks each row against the payload the mapper makes; a step added
// to the table without its questions here fails it.
import type { StepId } from './step-list'

/** How an answer is changed on its way into the payload (the normalisation before sending). */
export type SentAs =
  /** Unchanged: an option's value, a yes/no, a number, a ticked box. */
  | 'as-is'
  /** Spaces around it removed. */
  | 'trimmed'
  /** Trimmed, first letters upper-cased. */
  | 'name'
  /** Digits only, from a 0. */
  | 'phone'
  /** Upper case, one space before the inward code. */
  | 'postcode'
  /** 'YYYY-MM-DDT00:00:00.000'. */
  | 'date-of-birth'
  /** Years capped at 25 (an address or employment) or 50 (a property elsewhere), months at 11. */
  | 'years'
  | 'years-owned'
  | 'months'

export interface Question {
  /**
   * The state field the step's screen writes, dotted from the application state; `[n]` is the
   * step's entry in a repeated step ('form.addresses[n].postcode').
   */
  answer: string
  /** The payload field it is sent as, dotted from the payload, `[n]` the same entry. */
  sentAs: string
  normalised: SentAs
}

const q = (answer: string, sentAs: string, normalised: SentAs = 'as-is'): Question => ({
  answer,
  sentAs,
  normalised,
})

/** The parts of an address the finder fills (found by postcode) or the applicant types. */
const ADDRESS_LINES = [
  'subBuilding',
  'flatNumber',
  'buildingName',
  'buildingNumber',
  'houseName',
  'houseNumber',
  'street',
  'locality',
  'town',
  'county',
] as const

function addressQuestions(from: string, to: string): Question[] {
  return [
    ...ADDRESS_LINES.map((line) => q(`${from}.${line}`, `${to}.${line}`, 'trimmed')),
    q(`${from}.postcode`, `${to}.postcode`, 'postcode'),
  ]
}

const OUR_CHANNELS = ['Email', 'Sms', 'Phone', 'Post'] as const
const PARTNER_CHANNELS = ['ThirdPartyEmail', 'ThirdPartySms', 'ThirdPartyPhone'] as const

function optInQuestions(from: string, to: string): Question[] {
  return [...OUR_CHANNELS, ...PARTNER_CHANNELS].map((channel) =>
    q(`${from}isOpted${channel}`, `${to}IsOpted${channel}`),
  )
}

/** By step id of the step list (one missing is a type error), in the order each screen asks. */
export const questionsByStep: Readonly<Record<StepId, readonly Question[]>> = {
  'looking-to-buy': [q('form.lookingToBuy', 'lookingToBuy')],
  'loan-type': [q('form.loanPurposeType', 'loanPurposeType')],
  'amount-to-finance': [q('form.loanAmount', 'loanAmount')],
  'looking-to-borrow': [
    q('form.loanAmount', 'loanAmount'),
    q('form.loanAmountUnknown', 'loanAmountUnknown'),
  ],
  deposit: [
    q('hasDeposit', 'forecourt.hasDeposit'),
    q('form.depositType', 'forecourt.depositType'),
    q('form.cashDeposit', 'cashDeposit'),
  ],
  'term-to-borrow': [q('form.term', 'term')],
  'driving-licence': [q('form.drivingLicenceType', 'drivingLicenceType')],
  'marital-status': [q('form.maritalStatus', 'maritalStatus')],
  'date-of-birth': [q('form.dateOfBirth', 'dateOfBirth', 'date-of-birth')],
  personal: [
    q('form.title', 'title'),
    q('form.firstName', 'firstName', 'name'),
    q('form.lastName', 'lastName', 'name'),
  ],
  contact: [q('form.email', 'email', 'trimmed'), q('form.contactNumber', 'contactNumber', 'phone')],
  address: addressQuestions('form.addresses[n]', 'addresses[n]'),
  'address-length': [
    q('form.addresses[n].yearsAtAddress', 'addresses[n].yearsAtAddress', 'years'),
    q('form.addresses[n].monthsAtAddress', 'addresses[n].monthsAtAddress', 'months'),
  ],
  'residential-status': [
    q('form.addresses[n].residentialStatus', 'addresses[n].residentialStatus'),
  ],
  'property-details': [
    q('form.propertyValue', 'propertyValue'),
    q('form.mortgageBalance', 'mortgageBalance'),
    q('form.propertyBedrooms', 'propertyBedrooms'),
    q('form.propertyType', 'propertyType'),
  ],
  'security-address-confirm': [q('form.isSecurityCurrentAddress', 'isSecurityCurrentAddress')],
  'security-address-add': [
    ...addressQuestions('form.securityAddress', 'securityAddress'),
    q('form.securityAddress.residentialStatus', 'securityAddress.residentialStatus'),
    q('form.securityAddress.yearsAtAddress', 'securityAddress.yearsAtAddress', 'years-owned'),
    q('form.securityAddress.monthsAtAddress', 'securityAddress.monthsAtAddress', 'months'),
  ],
  'own-other-properties': [q('form.ownOtherProperties', 'forecourt.ownOtherProperties')],
  employment: [q('form.employments[n].employmentStatus', 'employments[n].employmentStatus')],
  'employment-add': [
    q('form.employments[n].occupation', 'employments[n].occupation', 'trimmed'),
    q('form.employments[n].employerName', 'employments[n].employerName', 'trimmed'),
    q('form.employments[n].employerTown', 'employments[n].Town', 'trimmed'),
  ],
  'employment-length': [
    q('form.employments[n].yearsAtEmployer', 'employments[n].yearsAtEmployer', 'years'),
    q('form.employments[n].monthsAtEmployer', 'employments[n].monthsAtEmployer', 'months'),
  ],
  'employment-income': [q('form.netMonthlyIncome', 'netMonthlyIncome')],
  joint: [q('form.isJointApplication', 'isJointApplication')],
  'joint-customer-details': [
    q('form.joint.title', 'JointApplicant.title'),
    q('form.joint.firstName', 'JointApplicant.firstName', 'name'),
    q('form.joint.lastName', 'JointApplicant.lastName', 'name'),
    q('form.joint.maritalStatus', 'JointApplicant.maritalStatus'),
    q('form.joint.drivingLicenceType', 'JointApplicant.drivingLicenceType'),
  ],
  'joint-date-of-birth': [
    q('form.joint.dateOfBirth', 'JointApplicant.dateOfBirth', 'date-of-birth'),
  ],
  'joint-same-address': [
    q('form.joint.livesAtApplicantAddress', 'forecourt.jointLivesAtApplicantAddress'),
  ],
  'joint-address': addressQuestions('form.joint.addresses[n]', 'forecourt.jointAddresses[n]'),
  'joint-address-length': [
    q(
      'form.joint.addresses[n].yearsAtAddress',
      'forecourt.jointAddresses[n].yearsAtAddress',
      'years',
    ),
    q(
      'form.joint.addresses[n].monthsAtAddress',
      'forecourt.jointAddresses[n].monthsAtAddress',
      'months',
    ),
  ],
  'joint-residential-status': [
    q('form.joint.addresses[n].residentialStatus', 'forecourt.jointAddresses[n].residentialStatus'),
  ],
  'joint-employment-add': [
    q('form.joint.employmentStatus', 'JointApplicant.employmentStatus'),
    q('form.joint.occupation', 'JointApplicant.occupation', 'trimmed'),
    q('form.joint.employerName', 'JointApplicant.employerName', 'trimmed'),
    q('form.joint.employerTown', 'JointApplicant.Town', 'trimmed'),
  ],
  'joint-employment-length': [
    q('form.joint.yearsAtEmployer', 'JointApplicant.yearsAtEmployer', 'years'),
    q('form.joint.monthsAtEmployer', 'JointApplicant.monthsAtEmployer', 'months'),
  ],
  'joint-employment-income': [q('form.joint.netMonthlyIncome', 'JointApplicant.netMonthlyIncome')],
  'joint-customer-contact': [
    q('form.joint.email', 'JointApplicant.email', 'trimmed'),
    q('form.joint.contactNumber', 'JointApplicant.contactNumber', 'phone'),
  ],
  'breathing-space': [
    q('form.breathingSpace', 'forecourt.breathingSpace'),
    q('discussFinancialCirumstances', 'discussFinancialCirumstances'),
    q('additionalNeedsRequirementsStatement', 'additionalNeedsRequirements', 'trimmed'),
  ],
  optins: optInQuestions('form.', ''),
  'joint-optins': optInQuestions('form.joint.', 'JointApplicant.'),
  'soft-search': [q('form.agreeSoftSearch', 'agreeSoftSearch')],
  'fair-processing-notice': [
    q('form.fairProcessingAcknowledged', 'forecourt.fairProcessingNoticeAcknowledged'),
  ],
  'before-you-submit': [q('form.isAgreedTermsAndConditions', 'termsAndConditionsAgreed')],
  // Sends what the other steps asked; asks nothing itself.
  submit: [],
}
