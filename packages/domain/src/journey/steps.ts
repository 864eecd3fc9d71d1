// The journey as data: the step list (step-list.ts) and, per step, when it is shown and when it
// counts as answered. One table from which next/previous, the deep-link guard, progress and the
// check-your-answers page derive. No screen decides where to go.
import { hasEmployer } from './employer'
import { openingFlows } from './opening-steps'
import { isSecurityOccupancy } from './security-occupancy'
import { filled, known, withFlows, type StepFlow } from './step-definition'
import { stepList, type JourneyContext, type StepId } from './step-list'

const securedOnProperty = ({ state }: JourneyContext) => state.form.loanPurposeType === 'property'
const isJoint = ({ state }: JourneyContext) => state.form.isJointApplication === true
// Their own address history is asked only when they live elsewhere (docs/decisions/1841).
const jointLivesElsewhere = (ctx: JourneyContext) =>
  isJoint(ctx) && ctx.state.form.joint.livesAtApplicantAddress === false

const address = ({ state }: JourneyContext, n: number) => state.form.addresses[n - 1]
const employment = ({ state }: JourneyContext, n: number) => state.form.employments[n - 1]
const jointAddress = ({ state }: JourneyContext, n: number) => state.form.joint.addresses[n - 1]

const flows: Readonly<Record<StepId, StepFlow>> = {
  ...openingFlows,
  'driving-licence': {
    isAnswered: ({ state }) => filled(state.form.drivingLicenceType),
  },
  'marital-status': {
    isAnswered: ({ state }) => filled(state.form.maritalStatus),
  },
  'date-of-birth': {
    isAnswered: ({ state }) => filled(state.form.dateOfBirth),
  },
  personal: {
    isAnswered: ({ state }) =>
      filled(state.form.title) && filled(state.form.firstName) && filled(state.form.lastName),
  },
  contact: {
    isAnswered: ({ state }) => filled(state.form.email) && filled(state.form.contactNumber),
  },
  address: {
    isAnswered: (ctx, n) => filled(address(ctx, n)?.postcode) && filled(address(ctx, n)?.town),
  },
  'address-length': {
    isAnswered: (ctx, n) => {
      const entry = address(ctx, n)
      return ((entry?.yearsAtAddress ?? 0) > 0 || (entry?.monthsAtAddress ?? 0) > 0) === true
    },
  },
  'residential-status': {
    isAnswered: (ctx, n) => filled(address(ctx, n)?.residentialStatus),
  },
  'property-details': {
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) =>
      known(state.form.propertyValue) &&
      known(state.form.mortgageBalance) &&
      filled(state.form.propertyBedrooms) &&
      filled(state.form.propertyType),
  },
  'security-address-confirm': {
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) => known(state.form.isSecurityCurrentAddress),
  },
  'security-address-add': {
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
  'own-other-properties': {
    shownWhen: securedOnProperty,
    isAnswered: ({ state }) => known(state.form.ownOtherProperties),
  },
  employment: {
    isAnswered: (ctx, n) => filled(employment(ctx, n)?.employmentStatus),
  },
  'employment-add': {
    shownWhen: (ctx, n) => hasEmployer(employment(ctx, n)?.employmentStatus ?? ''),
    isAnswered: (ctx, n) =>
      filled(employment(ctx, n)?.occupation) && filled(employment(ctx, n)?.employerName),
  },
  'employment-length': {
    isAnswered: (ctx, n) => {
      const entry = employment(ctx, n)
      return (entry?.yearsAtEmployer ?? 0) > 0 || (entry?.monthsAtEmployer ?? 0) > 0
    },
  },
  'employment-income': {
    isAnswered: ({ state }) => known(state.form.netMonthlyIncome),
  },
  joint: {
    isAnswered: ({ state }) => known(state.form.isJointApplication),
  },
  'joint-customer-details': {
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
  'joint-date-of-birth': {
    shownWhen: isJoint,
    isAnswered: ({ state }) => filled(state.form.joint.dateOfBirth),
  },
  'joint-same-address': {
    shownWhen: isJoint,
    isAnswered: ({ state }) => known(state.form.joint.livesAtApplicantAddress),
  },
  'joint-address': {
    shownWhen: jointLivesElsewhere,
    isAnswered: (ctx, n) =>
      filled(jointAddress(ctx, n)?.postcode) && filled(jointAddress(ctx, n)?.town),
  },
  'joint-address-length': {
    shownWhen: jointLivesElsewhere,
    isAnswered: (ctx, n) => {
      const entry = jointAddress(ctx, n)
      return ((entry?.yearsAtAddress ?? 0) > 0 || (entry?.monthsAtAddress ?? 0) > 0) === true
    },
  },
  'joint-residential-status': {
    shownWhen: jointLivesElsewhere,
    isAnswered: (ctx, n) => filled(jointAddress(ctx, n)?.residentialStatus),
  },
  'joint-employment-add': {
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
  'joint-employment-length': {
    shownWhen: isJoint,
    isAnswered: ({ state }) =>
      (state.form.joint.yearsAtEmployer ?? 0) > 0 || (state.form.joint.monthsAtEmployer ?? 0) > 0,
  },
  'joint-employment-income': {
    shownWhen: isJoint,
    isAnswered: ({ state }) => known(state.form.joint.netMonthlyIncome),
  },
  'joint-customer-contact': {
    shownWhen: isJoint,
    isAnswered: ({ state }) =>
      filled(state.form.joint.email) && filled(state.form.joint.contactNumber),
  },
  'breathing-space': {
    isAnswered: ({ state }) =>
      known(state.form.breathingSpace) && known(state.discussFinancialCirumstances),
  },
  optins: {
    // Opting in to nothing is a valid answer, so the step counts once it has been passed.
    isAnswered: ({ state }) => state.completedSteps.includes('optins'),
  },
  'joint-optins': {
    shownWhen: isJoint,
    isAnswered: ({ state }) => state.completedSteps.includes('joint-optins'),
  },
  'soft-search': {
    isAnswered: ({ state }) => state.form.agreeSoftSearch,
  },
  'fair-processing-notice': {
    isAnswered: ({ state }) => state.form.fairProcessingAcknowledged,
  },
  'before-you-submit': {
    isAnswered: ({ state }) => state.form.isAgreedTermsAndConditions,
  },
  submit: {
    isAnswered: ({ state }) => state.applicationSubmitOk,
  },
}

export const steps = withFlows(stepList, flows)
