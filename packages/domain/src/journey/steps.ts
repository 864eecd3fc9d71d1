// The journey as data (journey.md, "Order of screens"): one table from which next/previous, the
// deep-link guard, progress and the check-your-answers page derive. No screen decides where to go.
import { hasEmployer } from './employer'
import { employerWording } from './employer-wording'
import { openingSteps } from './opening-steps'
import { isSecurityOccupancy } from './security-occupancy'
import { filled, known, type JourneyContext, type StepDefinition } from './step-definition'

export type { JourneyContext, StepDefinition, StepLoop } from './step-definition'

const securedOnProperty = ({ state }: JourneyContext) => state.form.loanPurposeType === 'property'
const isJoint = ({ state }: JourneyContext) => state.form.isJointApplication === true

const address = ({ state }: JourneyContext, n: number) => state.form.addresses[n - 1]
const employment = ({ state }: JourneyContext, n: number) => state.form.employments[n - 1]

export const steps: readonly StepDefinition[] = [
  ...openingSteps,
  {
    id: 'driving-licence',
    path: '/driving-licence',
    title: 'What type of driving licence do you have?',
    isAnswered: ({ state }) => filled(state.form.drivingLicenceType),
  },
  {
    id: 'marital-status',
    path: '/marital-status',
    title: 'What is your marital status?',
    isAnswered: ({ state }) => filled(state.form.maritalStatus),
  },
  {
    id: 'date-of-birth',
    path: '/date-of-birth',
    title: 'What is your date of birth?',
    isAnswered: ({ state }) => filled(state.form.dateOfBirth),
  },
  {
    id: 'personal',
    path: '/personal',
    title: 'About you',
    isAnswered: ({ state }) =>
      filled(state.form.title) && filled(state.form.firstName) && filled(state.form.lastName),
  },
  {
    id: 'contact',
    path: '/contact',
    title: 'How can we contact you?',
    isAnswered: ({ state }) => filled(state.form.email) && filled(state.form.contactNumber),
  },
  {
    id: 'address',
    path: '/address/{n}',
    title: 'What is your address?',
    loop: 'address',
    isAnswered: (ctx, n) => filled(address(ctx, n)?.postcode) && filled(address(ctx, n)?.town),
  },
  {
    id: 'address-length',
    path: '/address-length/{n}',
    title: 'How long have you lived at this address?',
    loop: 'address',
    isAnswered: (ctx, n) => {
      const entry = address(ctx, n)
      return ((entry?.yearsAtAddress ?? 0) > 0 || (entry?.monthsAtAddress ?? 0) > 0) === true
    },
  },
  {
    id: 'residential-status',
    path: '/residential-status/{n}',
    title: 'What is your residential status at this address?',
    loop: 'address',
    isAnswered: (ctx, n) => filled(address(ctx, n)?.residentialStatus),
  },
  {
    id: 'property-details',
    path: '/property-details',
    title: 'About the property',
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) =>
      known(state.form.propertyValue) &&
      known(state.form.mortgageBalance) &&
      filled(state.form.propertyBedrooms) &&
      filled(state.form.propertyType),
  },
  {
    id: 'security-address-confirm',
    path: '/security-address-confirm',
    title: 'Is the property you are borrowing against your current address?',
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) => known(state.form.isSecurityCurrentAddress),
  },
  {
    id: 'security-address-add',
    path: '/security-address-add',
    title: 'What is the address of the property?',
    shownWhen: (ctx) => securedOnProperty(ctx) && ctx.state.form.isSecurityCurrentAddress === false,
    // The property's address, who lives there and how long it has been owned (decision 1501).
    isAnswered: ({ state }) => {
      const property = state.form.securityAddress
      return (
        filled(property.postcode) &&
        filled(property.town) &&
        isSecurityOccupancy(property.residentialStatus) &&
        ((property.yearsAtAddress ?? 0) > 0 || (property.monthsAtAddress ?? 0) > 0)
      )
    },
  },
  {
    id: 'own-other-properties',
    path: '/own-other-properties',
    title: 'Do you own any other properties?',
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) => known(state.form.ownOtherProperties),
  },
  {
    id: 'employment',
    path: '/employment/{n}',
    title: 'What is your employment status?',
    loop: 'employment',
    isAnswered: (ctx, n) => filled(employment(ctx, n)?.employmentStatus),
  },
  {
    id: 'employment-add',
    path: '/employment-add/{n}',
    title: 'About your employer',
    titleFor: (ctx, n) => employerWording(employment(ctx, n)?.employmentStatus ?? '', n).title,
    loop: 'employment',
    shownWhen: (ctx, n) => hasEmployer(employment(ctx, n)?.employmentStatus ?? ''),
    isAnswered: (ctx, n) =>
      filled(employment(ctx, n)?.occupation) && filled(employment(ctx, n)?.employerName),
  },
  {
    id: 'employment-length',
    path: '/employment-length/{n}',
    title: 'How long have you been in this employment status?',
    loop: 'employment',
    isAnswered: (ctx, n) => {
      const entry = employment(ctx, n)
      return (entry?.yearsAtEmployer ?? 0) > 0 || (entry?.monthsAtEmployer ?? 0) > 0
    },
  },
  {
    id: 'employment-income',
    path: '/employment-income/1',
    title: 'What is your monthly income after tax?',
    isAnswered: ({ state }) => known(state.form.netMonthlyIncome),
  },
  {
    id: 'joint',
    path: '/joint',
    title: 'Would you like to add a joint applicant?',
    isAnswered: ({ state }) => known(state.form.isJointApplication),
  },
  {
    id: 'joint-customer-details',
    path: '/joint-customer-details',
    title: 'About the joint applicant',
    shownWhen: isJoint,
    isAnswered: ({ state }) => {
      const joint = state.form.joint
      return (
        filled(joint.title) &&
        filled(joint.firstName) &&
        filled(joint.lastName) &&
        filled(joint.maritalStatus) &&
        filled(joint.drivingLicenceType)
      )
    },
  },
  {
    id: 'joint-date-of-birth',
    path: '/joint-date-of-birth',
    title: 'What is their date of birth?',
    shownWhen: isJoint,
    isAnswered: ({ state }) => filled(state.form.joint.dateOfBirth),
  },
  {
    id: 'joint-employment-add',
    path: '/joint-employment-add',
    title: 'Their employment',
    shownWhen: isJoint,
    isAnswered: ({ state }) => {
      const joint = state.form.joint
      if (!filled(joint.employmentStatus)) return false
      return (
        !hasEmployer(joint.employmentStatus) ||
        (filled(joint.occupation) && filled(joint.employerName))
      )
    },
  },
  {
    id: 'joint-employment-length',
    path: '/joint-employment-length',
    title: 'How long have they been in this employment status?',
    shownWhen: isJoint,
    isAnswered: ({ state }) =>
      (state.form.joint.yearsAtEmployer ?? 0) > 0 || (state.form.joint.monthsAtEmployer ?? 0) > 0,
  },
  {
    id: 'joint-employment-income',
    path: '/joint-employment-income',
    title: 'What is their monthly income after tax?',
    shownWhen: isJoint,
    isAnswered: ({ state }) => known(state.form.joint.netMonthlyIncome),
  },
  {
    id: 'joint-customer-contact',
    path: '/joint-customer-contact',
    title: 'How can we contact them?',
    shownWhen: isJoint,
    isAnswered: ({ state }) =>
      filled(state.form.joint.email) && filled(state.form.joint.contactNumber),
  },
  {
    id: 'breathing-space',
    path: '/breathing-space',
    title: 'Your circumstances',
    isAnswered: ({ state }) =>
      known(state.form.breathingSpace) && known(state.discussFinancialCirumstances),
  },
  {
    id: 'optins',
    path: '/optins',
    title: 'How would you like to hear from us?',
    // Opting in to nothing is a valid answer, so the step counts once it has been passed.
    isAnswered: ({ state }) => state.completedSteps.includes('optins'),
  },
  {
    id: 'joint-optins',
    path: '/joint-optins',
    title: 'How would they like to hear from us?',
    shownWhen: isJoint,
    isAnswered: ({ state }) => state.completedSteps.includes('joint-optins'),
  },
  {
    id: 'soft-search',
    path: '/soft-search',
    title: 'Checking your eligibility',
    isAnswered: ({ state }) => state.form.agreeSoftSearch,
  },
  {
    id: 'fair-processing-notice',
    path: '/fair-processing-notice',
    title: 'How we use your information',
    isAnswered: ({ state }) => state.form.fairProcessingAcknowledged,
  },
  {
    id: 'before-you-submit',
    path: '/before-you-submit',
    title: 'Check your answers',
    isAnswered: ({ state }) => state.form.isAgreedTermsAndConditions,
  },
  {
    id: 'submit',
    path: '/submit',
    title: 'Sending your application',
    isAnswered: ({ state }) => state.applicationSubmitOk,
  },
]
