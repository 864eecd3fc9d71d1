// The application state held in the browser (docs/requirements.md#application-state), saved in session storage and
// restored only when the stored version is exactly STATE_VERSION.

export const STATE_VERSION = '1.0.0'

/** One address in the applicant's history; the security address adds `manual`. */
export interface Address {
  subBuilding: string
  flatNumber: string
  buildingName: string
  buildingNumber: string
  houseName: string
  houseNumber: string
  street: string
  locality: string
  town: string
  county: string
  postcode: string
  yearsAtAddress: number | null
  monthsAtAddress: number | null
  residentialStatus: string
}

export interface SecurityAddress extends Address {
  manual: boolean
}

export interface Employment {
  occupation: string
  employerName: string
  employerTown: string
  employmentStatus: string
  yearsAtEmployer: number | null
  monthsAtEmployer: number | null
}

/**
 * The second applicant, entered by the same person in the same session. Their date-of-birth parts
 * live beside the main applicant's at the top level (jointDobDay, …), as in docs/requirements.md#submission-payload.
 */
export interface JointApplicant {
  title: string
  firstName: string
  lastName: string
  email: string
  contactNumber: string
  dateOfBirth: string | null
  maritalStatus: string
  drivingLicenceType: string
  employmentStatus: string
  occupation: string
  employerName: string
  employerTown: string
  yearsAtEmployer: number | null
  monthsAtEmployer: number | null
  netMonthlyIncome: number | null
  isOptedEmail: boolean
  isOptedSms: boolean
  isOptedPhone: boolean
  isOptedPost: boolean
  isOptedThirdParty: boolean
  isOptedThirdPartyEmail: boolean
  isOptedThirdPartySms: boolean
  isOptedThirdPartyPhone: boolean
  /**
   * Whether they live at the main applicant's current address (docs/decisions/1841): null until
   * asked. Only "No" asks for their own address history.
   */
  livesAtApplicantAddress: boolean | null
  /** Their own address history, asked only when they live elsewhere; the same entries as the main one's. */
  addresses: Address[]
}

export interface Vehicle {
  colour: string
  fuelType: string
  make: string
  mileage: number | null
  model: string
  price: number | null
  registrationYear: string
  transmission: string
  vrm: string
  imageUrl: string
  /**
   * The stock API's type of this vehicle ('' when it named none we know). The start screen's
   * headline names it; the payload's `vehicleType` stays the host's (docs/decisions/1901).
   */
  vehicleType: string
}

export interface UtmParameters {
  campaign: string
  content: string
  medium: string
  source: string
  term: string
  type: string
  keyword: string
  adgroup: string
  gclid: string
  fbclid: string
}

/** A remembered address-lookup choice, so Previous keeps what the applicant picked. */
export interface SavedAddress {
  manual: boolean
  streetAddress: string
  value: string
}

export interface ApplicationForm {
  // Progress flags (docs/requirements.md#submission-payload, docs/requirements.md#progress)
  financeDetailsCompleted: boolean
  drivingLicenceCompleted: boolean
  loanAmountCompleted: boolean
  maritalStatusCompleted: boolean
  employmentStatusCompleted: boolean
  addressStatusCompleted: boolean
  personalDetailsCompleted: boolean
  dateOfBirthCompleted: boolean
  addressLocationCompleted: boolean
  // Choices
  isSecurityCurrentAddress: boolean | null
  breathingSpace: boolean | null
  loanPurposeType: string
  isJointApplication: boolean | null
  vehicleType: string
  financeType: string
  depositType: string
  lookingToBuy: string
  drivingLicenceType: string
  ownOtherProperties: boolean | null
  agreeSoftSearch: boolean
  fairProcessingAcknowledged: boolean
  // Loan
  loanAmount: number | null
  loanAmountUnknown: boolean
  /** Months (the slider asks in years; docs/requirements.md#screens-and-routes). */
  term: number | null
  cashDeposit: number
  // Property
  propertyValue: number | null
  mortgageBalance: number | null
  propertyBedrooms: string
  propertyType: string
  // Person
  title: string
  firstName: string
  lastName: string
  email: string
  contactNumber: string
  /** ISO date at midnight UTC, or null outside the allowed ages. */
  dateOfBirth: string | null
  maritalStatus: string
  netMonthlyIncome: number | null
  joint: JointApplicant
  securityAddress: SecurityAddress
  addresses: Address[]
  employments: Employment[]
  // Consent (each false by default)
  isOptedEmail: boolean
  isOptedSms: boolean
  isOptedPhone: boolean
  isOptedPost: boolean
  isOptedEmailPartner: boolean
  isOptedSmsPartner: boolean
  isOptedPhonePartner: boolean
  isOptedPostPartner: boolean
  isOptedThirdParty: boolean
  isOptedThirdPartyEmail: boolean
  isOptedThirdPartySms: boolean
  isOptedThirdPartyPhone: boolean
  isAgreedTermsAndConditions: boolean
  // Tracking and technical
  affiliateUserId: string
  sessionId: string
  remoteAddress: string
  hostAddress: string
  userAgent: string
  submittedBy: string
  urlPrefix: string
  referrer: string
  applicationStartDate: string
  IsFullApplication: boolean
  gclid: string
  fbclid: string
  fbpId: string
  fbcId: string
  utmParameters: UtmParameters
  vehicle: Vehicle
}

export interface ApplicationState {
  version: typeof STATE_VERSION
  applicationKey: string
  applicationId: string
  vehicleId: string
  GUID: string
  /**
   * Made with the GUID and kept only in this tab's session: sent with every write, it binds the
   * application to this browser (decision 1801). Never part of a payload.
   */
  applicationSecret: string
  subdomain: string
  host: string
  affiliateConfig: { brandId: string; affiliateKey: string } | null
  token: { authenticationToken: string }
  partnerSetup: { affiliateUserId: string }
  isJointApplication: boolean
  dobDay: string
  dobMonth: string
  dobYear: string
  jointDobDay: string
  jointDobMonth: string
  jointDobYear: string
  fullLicence: boolean | null
  hasDeposit: boolean | null
  savedAddresses: SavedAddress[]
  /** How each of the joint applicant's own addresses was given, as savedAddresses for the main one's. */
  jointSavedAddresses: SavedAddress[]
  applicationSubmitOk: boolean
  isDuplicate: boolean
  isLocked: boolean
  isProduction: boolean
  appliedDate: string
  discussFinancialCirumstances: boolean | null
  additionalNeedsRequirementsStatement: string
  isEnabledGoBack: boolean
  isEnabledContinue: boolean
  showVehicleType: boolean
  showLoanPurposeType: boolean
  /** Ids of the journey steps whose Continue succeeded (for steps where "no choice" is an answer). */
  completedSteps: string[]
  form: ApplicationForm
}

export const DEFAULT_FINANCE_TYPE = 'Secured'
export const DEFAULT_VEHICLE_TYPE = 'Car'
export const DEFAULT_SUBMITTED_BY = 'lm-apply-form'
/** Loan amount used at start-up when the address gives none (docs/requirements.md#constants-and-limits). */
export const START_UP_LOAN_AMOUNT = 5000

export function emptyAddress(): Address {
  return {
    subBuilding: '',
    flatNumber: '',
    buildingName: '',
    buildingNumber: '',
    houseName: '',
    houseNumber: '',
    street: '',
    locality: '',
    town: '',
    county: '',
    postcode: '',
    yearsAtAddress: null,
    monthsAtAddress: null,
    residentialStatus: '',
  }
}

export function emptyEmployment(): Employment {
  return {
    occupation: '',
    employerName: '',
    employerTown: '',
    employmentStatus: '',
    yearsAtEmployer: null,
    monthsAtEmployer: null,
  }
}

export function emptyJointApplicant(): JointApplicant {
  return {
    title: '',
    firstName: '',
    lastName: '',
    email: '',
    contactNumber: '',
    dateOfBirth: null,
    maritalStatus: '',
    drivingLicenceType: '',
    employmentStatus: '',
    occupation: '',
    employerName: '',
    employerTown: '',
    yearsAtEmployer: null,
    monthsAtEmployer: null,
    netMonthlyIncome: null,
    isOptedEmail: false,
    isOptedSms: false,
    isOptedPhone: false,
    isOptedPost: false,
    isOptedThirdParty: false,
    isOptedThirdPartyEmail: false,
    isOptedThirdPartySms: false,
    isOptedThirdPartyPhone: false,
    livesAtApplicantAddress: null,
    addresses: [emptyAddress()],
  }
}

export function emptyUtmParameters(): UtmParameters {
  return {
    campaign: '',
    content: '',
    medium: '',
    source: '',
    term: '',
    type: '',
    keyword: '',
    adgroup: '',
    gclid: '',
    fbclid: '',
  }
}

export function emptyVehicle(): Vehicle {
  return {
    colour: '',
    fuelType: '',
    make: '',
    mileage: null,
    model: '',
    price: null,
    registrationYear: '',
    transmission: '',
    vrm: '',
    imageUrl: '',
    vehicleType: '',
  }
}

export function createInitialForm(): ApplicationForm {
  return {
    financeDetailsCompleted: false,
    drivingLicenceCompleted: false,
    loanAmountCompleted: false,
    maritalStatusCompleted: false,
    employmentStatusCompleted: false,
    addressStatusCompleted: false,
    personalDetailsCompleted: false,
    dateOfBirthCompleted: false,
    addressLocationCompleted: false,
    isSecurityCurrentAddress: null,
    breathingSpace: null,
    loanPurposeType: '',
    isJointApplication: null,
    vehicleType: DEFAULT_VEHICLE_TYPE,
    financeType: DEFAULT_FINANCE_TYPE,
    depositType: '',
    lookingToBuy: '',
    drivingLicenceType: '',
    ownOtherProperties: null,
    agreeSoftSearch: false,
    fairProcessingAcknowledged: false,
    loanAmount: null,
    loanAmountUnknown: false,
    term: null,
    cashDeposit: 0,
    propertyValue: null,
    mortgageBalance: null,
    propertyBedrooms: '',
    propertyType: '',
    title: '',
    firstName: '',
    lastName: '',
    email: '',
    contactNumber: '',
    dateOfBirth: null,
    maritalStatus: '',
    netMonthlyIncome: null,
    joint: emptyJointApplicant(),
    securityAddress: { ...emptyAddress(), manual: false },
    addresses: [emptyAddress()],
    employments: [emptyEmployment()],
    isOptedEmail: false,
    isOptedSms: false,
    isOptedPhone: false,
    isOptedPost: false,
    isOptedEmailPartner: false,
    isOptedSmsPartner: false,
    isOptedPhonePartner: false,
    isOptedPostPartner: false,
    isOptedThirdParty: false,
    isOptedThirdPartyEmail: false,
    isOptedThirdPartySms: false,
    isOptedThirdPartyPhone: false,
    isAgreedTermsAndConditions: false,
    affiliateUserId: '',
    sessionId: '',
    remoteAddress: '',
    hostAddress: '',
    userAgent: '',
    submittedBy: DEFAULT_SUBMITTED_BY,
    urlPrefix: '',
    referrer: '',
    applicationStartDate: '',
    IsFullApplication: true,
    gclid: '',
    fbclid: '',
    fbpId: '',
    fbcId: '',
    utmParameters: emptyUtmParameters(),
    vehicle: emptyVehicle(),
  }
}

export function createInitialState(): ApplicationState {
  return {
    version: STATE_VERSION,
    applicationKey: '',
    applicationId: '',
    vehicleId: '',
    GUID: '',
    applicationSecret: '',
    subdomain: '',
    host: '',
    affiliateConfig: null,
    token: { authenticationToken: '' },
    partnerSetup: { affiliateUserId: '' },
    isJointApplication: false,
    dobDay: '',
    dobMonth: '',
    dobYear: '',
    jointDobDay: '',
    jointDobMonth: '',
    jointDobYear: '',
    fullLicence: null,
    hasDeposit: null,
    savedAddresses: [],
    jointSavedAddresses: [],
    applicationSubmitOk: false,
    isDuplicate: false,
    isLocked: false,
    isProduction: false,
    appliedDate: '',
    discussFinancialCirumstances: null,
    additionalNeedsRequirementsStatement: '',
    isEnabledGoBack: false,
    isEnabledContinue: true,
    showVehicleType: false,
    showLoanPurposeType: false,
    completedSteps: [],
    form: createInitialForm(),
  }
}
