// Application state → the full submission payload (docs/requirements.md#submission-payload),
// normalised as docs/requirements.md#normalisation-before-sending says. Every choice the specification leaves open
// is in docs/decisions/0204-submission-payload-mapping.md.

import type { Brand } from '../brands/brand'
import { formatDateOfBirthForSending } from '../fields/date-of-birth'
import { normaliseEmail } from '../fields/email'
import { normaliseName } from '../fields/name'
import { normalisePhoneForSending } from '../fields/phone'
import { normalisePostcode } from '../fields/postcode'
import {
  SECURITY_YEARS_CAP_FROM_FIRST_ADDRESS,
  SECURITY_YEARS_CAP_FROM_FORM,
  capMonths,
  capYears,
} from '../fields/years-months'
import { hasEmployer } from '../journey/options'
import type {
  Address,
  ApplicationForm,
  ApplicationState,
  Employment,
  JointApplicant,
} from '../state/application-state'
import { emptyVehicle } from '../state/application-state'
import { type Droppable, type DroppableObject, dropEmpty } from './drop-empty'

/** docs/requirements.md#normalisation-before-sending: a loan amount still null when the application is sent. */
export const NULL_LOAN_AMOUNT_SENT_AS = 6500

export interface PayloadAddress {
  /** From 1. */
  addressIndex: number
  flatNumber?: string
  buildingName?: string
  houseName?: string
  buildingNumber?: string
  houseNumber?: string
  subBuilding?: string
  locality?: string
  street?: string
  town?: string
  county?: string
  /** 'SW1A 1AA'. */
  postcode?: string
  /** Capped at 25. */
  yearsAtAddress?: number
  /** Capped at 11. */
  monthsAtAddress?: number
  residentialStatus?: string
}

export type PayloadSecurityAddress = Omit<PayloadAddress, 'addressIndex'>

export interface PayloadEmployment {
  /** From 1. */
  employmentIndex: number
  employmentStatus?: string
  /** Capped at 25. */
  yearsAtEmployer?: number
  /** Capped at 11. */
  monthsAtEmployer?: number
  occupation?: string
  employerName?: string
  /** The employer's town. */
  Town?: string
}

/** The marketing choices, one per channel (docs/requirements.md#consent), for either applicant. */
export interface PayloadOptIns {
  IsOptedEmail: boolean
  IsOptedSms: boolean
  IsOptedPhone: boolean
  IsOptedPost: boolean
  IsOptedThirdParty: boolean
  IsOptedThirdPartyEmail: boolean
  IsOptedThirdPartySms: boolean
  IsOptedThirdPartyPhone: boolean
}

export interface PayloadAttribution {
  /** Traffic source: utm_source. */
  evsrc?: string
  /** Campaign: utm_campaign. */
  evcmp?: string
  /** Referring page. */
  evrfd?: string
  Gclid?: string
  fbclid?: string
  source?: string
  medium?: string
  term?: string
  keyword?: string
  campaign?: string
  Adgroup?: string
}

export interface PayloadJointApplicant extends PayloadOptIns {
  firstName?: string
  lastName?: string
  title?: string
  email?: string
  contactNumber?: string
  dateOfBirth?: string
  maritalStatus?: string
  drivingLicenceType?: string
  employmentStatus?: string
  yearsAtEmployer?: number
  monthsAtEmployer?: number
  occupation?: string
  employerName?: string
  Town?: string
  netMonthlyIncome?: number
}

/** The version of the `forecourt` object's shape; a change to its meaning takes the next one. */
export const PAYLOAD_EXTENSIONS_VERSION = 1

/**
 * Answers the applicant gives that the specification's payload has no field for, so none is dropped on the way to
 * the broker and the lenders (docs/decisions/1503). Always sent, with its version.
 */
export interface PayloadExtensions {
  version: typeof PAYLOAD_EXTENSIONS_VERSION
  /** /deposit, on brands that ask: whether a deposit will be paid. */
  hasDeposit?: boolean
  /** /deposit: Cash, Part exchange, or Cash and part exchange; only with a deposit. */
  depositType?: string
  /** /own-other-properties: only with a loan secured on property. */
  ownOtherProperties?: boolean
  /** /breathing-space: in a breathing space or mental health crisis moratorium. */
  breathingSpace?: boolean
  /** /fair-processing-notice: the notice was read and acknowledged. */
  fairProcessingNoticeAcknowledged?: boolean
  /**
   * /joint-same-address, only with a joint application: whether the joint applicant lives at the
   * main applicant's current address (`addresses[0]`), which is then theirs too (decision 1841).
   */
  jointLivesAtApplicantAddress?: boolean
  /**
   * /joint-address/{n} to /joint-residential-status/{n}: the joint applicant's own address history,
   * entries as in `addresses`; only when `jointLivesAtApplicantAddress` is false.
   */
  jointAddresses?: PayloadAddress[]
}

/** docs/requirements.md#submission-payload, with every empty or null field dropped (docs/requirements.md#normalisation-before-sending); optional fields are the ones that can be. */
export interface FullSubmissionPayload extends PayloadOptIns {
  /** The session GUID. */
  submissionKey: string
  affiliateKey: string
  affiliateUserId?: string
  dealerNumber?: string
  vehicleType?: string
  loanPurposeType?: string
  /** Months. */
  term?: number
  lookingToBuy?: string
  dateApplied: string
  termsAndConditionsAgreed: boolean
  loanAmount: number
  /** docs/requirements.md#payload-fields: always sent, so a lender can tell the 6500 default from an answer. */
  loanAmountUnknown: boolean
  cashDeposit: number
  firstName?: string
  lastName?: string
  maritalStatus?: string
  email?: string
  /** Digits only, '07700900123'. */
  contactNumber?: string
  isSecurityCurrentAddress?: boolean
  isJointApplication: boolean
  financeType?: string
  discussFinancialCirumstances?: boolean
  additionalNeedsRequirements?: string
  agreeSoftSearch: boolean
  propertyValue?: number
  mortgageBalance?: number
  propertyBedrooms?: string
  propertyType?: string
  /** 'YYYY-MM-DDT00:00:00.000'. */
  dateOfBirth?: string
  title?: string
  drivingLicenceType?: string
  addresses?: PayloadAddress[]
  securityAddress?: PayloadSecurityAddress
  employments?: PayloadEmployment[]
  netMonthlyIncome?: number
  Attribution?: PayloadAttribution
  sessionId?: string
  userAgent?: string
  remoteAddress?: string
  /** The host the application was made on. */
  submittedBy?: string
  IsCompleted: boolean
  // A vehicle loaded from stock.
  vehicleId?: string
  imageUrl?: string
  make?: string
  model?: string
  price?: number
  mileage?: number
  colour?: string
  vrm?: string
  /** Only for a joint application. */
  JointApplicant?: PayloadJointApplicant
  /** Forecourt's extension to the specification's payload: the answers it has no field for (decision 1503). */
  forecourt: PayloadExtensions
}

export interface PayloadOptions {
  brand: Brand
  /** When the payload is made; the applied date when start-up recorded none. */
  now: Date
  /** Overrides the form's terms agreement (the submit step passes what the applicant ticked). */
  agreeTerms?: boolean
}

// Every other free-text answer is trimmed like names and email (docs/requirements.md#normalisation-before-sending), so one made of spaces counts
// as empty and is dropped.
const text = (value: string | null | undefined): string => (value ?? '').trim()

function addressFields(
  address: Address,
  yearsCap?: number,
): DroppableObject<PayloadSecurityAddress> {
  return {
    flatNumber: text(address.flatNumber),
    buildingName: text(address.buildingName),
    houseName: text(address.houseName),
    buildingNumber: text(address.buildingNumber),
    houseNumber: text(address.houseNumber),
    subBuilding: text(address.subBuilding),
    locality: text(address.locality),
    street: text(address.street),
    town: text(address.town),
    county: text(address.county),
    postcode: normalisePostcode(address.postcode),
    yearsAtAddress: capYears(address.yearsAtAddress, yearsCap),
    monthsAtAddress: capMonths(address.monthsAtAddress),
    residentialStatus: text(address.residentialStatus),
  }
}

function hasContent(value: unknown): boolean {
  return dropEmpty(value) !== undefined
}

/** Entries left entirely blank (an abandoned "add another") are left out before numbering. */
function mapAddresses(addresses: readonly Address[]): Droppable<PayloadAddress[]> {
  return addresses
    .map((address) => addressFields(address))
    .filter(hasContent)
    .map((fields, i) => ({ addressIndex: i + 1, ...fields }))
}

/**
 * docs/requirements.md#constants-and-limits: the current address's years are capped at 10 when it is the security; the security address
 * the applicant typed, at 50. No answer to "is it your current address?" means no security address.
 */
function mapSecurityAddress(form: ApplicationForm): Droppable<PayloadSecurityAddress> {
  if (form.isSecurityCurrentAddress === true) {
    const first = form.addresses[0]
    return first ? addressFields(first, SECURITY_YEARS_CAP_FROM_FIRST_ADDRESS) : null
  }
  if (form.isSecurityCurrentAddress === false) {
    return addressFields(form.securityAddress, SECURITY_YEARS_CAP_FROM_FORM)
  }
  return null
}

/** Employer details count only for a status that has an employer: a changed answer leaves none behind. */
function employerFields(
  status: string,
  entry: Pick<Employment, 'occupation' | 'employerName' | 'employerTown'>,
): DroppableObject<Pick<PayloadEmployment, 'occupation' | 'employerName' | 'Town'>> {
  if (!hasEmployer(status)) return { occupation: '', employerName: '', Town: '' }
  return {
    occupation: text(entry.occupation),
    employerName: text(entry.employerName),
    Town: text(entry.employerTown),
  }
}

function mapEmployments(employments: readonly Employment[]): Droppable<PayloadEmployment[]> {
  return employments
    .map((employment) => ({
      employmentStatus: text(employment.employmentStatus),
      yearsAtEmployer: capYears(employment.yearsAtEmployer),
      monthsAtEmployer: capMonths(employment.monthsAtEmployer),
      ...employerFields(employment.employmentStatus, employment),
    }))
    .filter(hasContent)
    .map((fields, i) => ({ employmentIndex: i + 1, ...fields }))
}

function mainOptIns(form: ApplicationForm): PayloadOptIns {
  return {
    IsOptedEmail: form.isOptedEmail,
    IsOptedSms: form.isOptedSms,
    IsOptedPhone: form.isOptedPhone,
    IsOptedPost: form.isOptedPost,
    IsOptedThirdParty: form.isOptedThirdParty,
    IsOptedThirdPartyEmail: form.isOptedThirdPartyEmail,
    IsOptedThirdPartySms: form.isOptedThirdPartySms,
    IsOptedThirdPartyPhone: form.isOptedThirdPartyPhone,
  }
}

function mapJointApplicant(joint: JointApplicant): DroppableObject<PayloadJointApplicant> {
  return {
    firstName: normaliseName(joint.firstName),
    lastName: normaliseName(joint.lastName),
    title: text(joint.title),
    email: normaliseEmail(joint.email),
    contactNumber: normalisePhoneForSending(joint.contactNumber),
    dateOfBirth: formatDateOfBirthForSending(joint.dateOfBirth) ?? null,
    maritalStatus: text(joint.maritalStatus),
    drivingLicenceType: text(joint.drivingLicenceType),
    employmentStatus: text(joint.employmentStatus),
    yearsAtEmployer: capYears(joint.yearsAtEmployer),
    monthsAtEmployer: capMonths(joint.monthsAtEmployer),
    ...employerFields(joint.employmentStatus, joint),
    netMonthlyIncome: joint.netMonthlyIncome,
    // The joint applicant's own choices (decision 0204), under the same names as the main ones.
    IsOptedEmail: joint.isOptedEmail,
    IsOptedSms: joint.isOptedSms,
    IsOptedPhone: joint.isOptedPhone,
    IsOptedPost: joint.isOptedPost,
    IsOptedThirdParty: joint.isOptedThirdParty,
    IsOptedThirdPartyEmail: joint.isOptedThirdPartyEmail,
    IsOptedThirdPartySms: joint.isOptedThirdPartySms,
    IsOptedThirdPartyPhone: joint.isOptedThirdPartyPhone,
  }
}

function mapAttribution(form: ApplicationForm): DroppableObject<PayloadAttribution> {
  const utm = form.utmParameters
  return {
    evsrc: text(utm.source),
    evcmp: text(utm.campaign),
    evrfd: text(form.referrer),
    Gclid: text(form.gclid) || text(utm.gclid),
    fbclid: text(form.fbclid) || text(utm.fbclid),
    source: text(utm.source),
    medium: text(utm.medium),
    term: text(utm.term),
    keyword: text(utm.keyword),
    campaign: text(utm.campaign),
    Adgroup: text(utm.adgroup),
  }
}

function mapExtensions(
  state: ApplicationState,
  securedOnProperty: boolean,
  joint: boolean,
): DroppableObject<PayloadExtensions> {
  const { form } = state
  const livesAtApplicantAddress = joint ? form.joint.livesAtApplicantAddress : null
  return {
    version: PAYLOAD_EXTENSIONS_VERSION,
    hasDeposit: state.hasDeposit,
    // The deposit step clears the type with "No"; an answer left from before is not sent either.
    depositType: state.hasDeposit === true ? text(form.depositType) : '',
    ownOtherProperties: securedOnProperty ? form.ownOtherProperties : null,
    breathingSpace: form.breathingSpace,
    // Not yet acknowledged is not an answer: the step asks for the box to be ticked.
    fairProcessingNoticeAcknowledged: form.fairProcessingAcknowledged ? true : null,
    jointLivesAtApplicantAddress: livesAtApplicantAddress,
    // A history typed before a later "Yes" is not where they live: it is not sent.
    jointAddresses: livesAtApplicantAddress === false ? mapAddresses(form.joint.addresses) : null,
  }
}

/** Whether the applicant asked for a joint application; the form's answer wins over the top-level flag. */
export function isJointApplication(state: ApplicationState): boolean {
  return state.form.isJointApplication ?? state.isJointApplication
}

/** The mapped payload before the completion flags are set: shared with the partial save. */
export function mapApplication(
  state: ApplicationState,
  opts: PayloadOptions,
): Omit<FullSubmissionPayload, 'termsAndConditionsAgreed' | 'IsCompleted'> {
  const { form } = state
  const joint = isJointApplication(state)
  const securedOnProperty = form.loanPurposeType === 'property'
  // docs/requirements.md#payload-fields: a vehicle counts as loaded once it has a registration.
  const vehicleLoaded = text(form.vehicle.vrm) !== ''
  const vehicle = vehicleLoaded ? form.vehicle : emptyVehicle()
  const cashDeposit = Number(form.cashDeposit)

  const raw: DroppableObject<
    Omit<FullSubmissionPayload, 'termsAndConditionsAgreed' | 'IsCompleted'>
  > = {
    submissionKey: text(state.GUID),
    affiliateKey: opts.brand.affiliateKey,
    affiliateUserId: text(state.partnerSetup.affiliateUserId) || text(form.affiliateUserId),
    dealerNumber: text(form.affiliateUserId),
    vehicleType: text(form.vehicleType),
    loanPurposeType: text(form.loanPurposeType),
    term: form.term,
    lookingToBuy: text(form.lookingToBuy),
    dateApplied: text(state.appliedDate) || opts.now.toISOString(),
    loanAmount: form.loanAmount ?? NULL_LOAN_AMOUNT_SENT_AS,
    loanAmountUnknown: form.loanAmountUnknown,
    cashDeposit: Number.isFinite(cashDeposit) ? cashDeposit : 0,
    firstName: normaliseName(form.firstName),
    lastName: normaliseName(form.lastName),
    maritalStatus: text(form.maritalStatus),
    email: normaliseEmail(form.email),
    contactNumber: normalisePhoneForSending(form.contactNumber),
    isSecurityCurrentAddress: securedOnProperty ? form.isSecurityCurrentAddress : null,
    isJointApplication: joint,
    financeType: text(form.financeType),
    discussFinancialCirumstances: state.discussFinancialCirumstances,
    additionalNeedsRequirements: text(state.additionalNeedsRequirementsStatement),
    agreeSoftSearch: form.agreeSoftSearch,
    // Property answers go only with a loan secured on property, so a changed loan type leaves
    // none behind.
    propertyValue: securedOnProperty ? form.propertyValue : null,
    mortgageBalance: securedOnProperty ? form.mortgageBalance : null,
    propertyBedrooms: securedOnProperty ? text(form.propertyBedrooms) : '',
    propertyType: securedOnProperty ? text(form.propertyType) : '',
    dateOfBirth: formatDateOfBirthForSending(form.dateOfBirth) ?? null,
    title: text(form.title),
    drivingLicenceType: text(form.drivingLicenceType),
    addresses: mapAddresses(form.addresses),
    securityAddress: securedOnProperty ? mapSecurityAddress(form) : null,
    employments: mapEmployments(form.employments),
    netMonthlyIncome: form.netMonthlyIncome,
    ...mainOptIns(form),
    Attribution: mapAttribution(form),
    sessionId: text(form.sessionId),
    userAgent: text(form.userAgent),
    remoteAddress: text(form.remoteAddress),
    submittedBy: text(state.host) || text(form.hostAddress) || text(form.submittedBy),
    vehicleId: vehicleLoaded ? text(state.vehicleId) : '',
    imageUrl: text(vehicle.imageUrl),
    make: text(vehicle.make),
    model: text(vehicle.model),
    price: vehicle.price,
    mileage: vehicle.mileage,
    colour: text(vehicle.colour),
    vrm: text(vehicle.vrm),
    JointApplicant: joint ? mapJointApplicant(form.joint) : null,
    forecourt: mapExtensions(state, securedOnProperty, joint),
  }
  // The raw object already has every field's final type; dropping empties only removes keys.
  return (dropEmpty(raw) ?? {}) as Omit<
    FullSubmissionPayload,
    'termsAndConditionsAgreed' | 'IsCompleted'
  >
}

/**
 * The full submission (docs/requirements.md#submission): flagged IsCompleted, with the terms agreement the applicant
 * gave. The server refuses it unless both are true.
 */
export function toFullSubmissionPayload(
  state: ApplicationState,
  opts: PayloadOptions,
): FullSubmissionPayload {
  return {
    ...mapApplication(state, opts),
    termsAndConditionsAgreed: opts.agreeTerms ?? state.form.isAgreedTermsAndConditions,
    IsCompleted: true,
  }
}
