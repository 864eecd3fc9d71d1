// The shape of a brand (white-label variant). The brands themselves are data in brand-data.ts;
// brand-check.ts rejects a brand whose configuration is incomplete or unsafe.

export type BrandId = 'harbourlend' | 'milebroker' | 'carfinance' | 'scorepal' | 'creditlens'

export type LoanKind = 'vehicle' | 'property'

/** The figures a representative example is computed from; every other figure is calculated. */
export interface RepresentativeExampleTerms {
  amount: number
  termMonths: number
  /** Annual percentage rate, in percent (18.4 means 18.4%). */
  apr: number
  rateType: 'fixed' | 'variable'
  /** Annual interest rate, in percent, where the brand states one. */
  interestRate?: number
  productFee?: number
  lendingFee?: number
  /** Property-secured examples carry the repossession warning. */
  securedOnProperty: boolean
}

export interface FirmDetails {
  legalName: string
  regulatoryStatement: string
  firmReferenceNumber: string
  postalAddress: string
}

/** How applicants reach the broker: shown in every page's footer and on the confirmation pages. */
export interface BrandContact {
  /** A UK number as people write it, with its area code: '0117 496 0731'. */
  phone: string
  email: string
  /** When the phone is answered, for people: 'Monday to Friday, 9am to 6pm'. */
  openingHours: string
  /** How soon the broker contacts a new applicant, to follow 'within': 'one working day'. */
  replyWithin: string
}

/** A customer rating, shown as a badge only with its source, count and date. */
export interface BrandRating {
  /** Who collected the reviews: 'Trustpilot'. */
  source: string
  /** The source's page for this firm, where the figures can be checked. */
  sourceUrl: string
  score: number
  outOf: number
  reviewCount: number
  /** The day the figures were read, yyyy-mm-dd. */
  date: string
}

export interface Brand {
  id: BrandId
  /**
   * The specification's five variants. 'lender-broker' is its name for the variant that brokers
   * both vehicle and homeowner (property-secured) loans; like every brand, it is a credit broker,
   * not a lender (docs/decisions/1532).
   */
  kind: 'lender-broker' | 'second-broker' | 'car-finance' | 'credit-score-partner'
  tradingName: string
  /**
   * The start screen's h1. '{vehicle}' and '{Vehicle}' stand for the vehicle type of the host,
   * in lower case or capitalised ('Finance for your next {vehicle}' → '… next horsebox').
   */
  headline: string
  /** Brand colour (#RRGGBB), used as a background for text in textOnColour. */
  colour: string
  textOnColour: string
  gtmId: string
  affiliateKey: string
  /**
   * The host names the brand is served on in production (lower case, no port). A request on one of them is
   * this brand's, and only this brand's applications are accepted there (decision 1572).
   */
  domains: string[]
  /** Path of the brand's SVG logo, served by the front end. */
  logo: string
  /** External addresses; empty means the in-page modal opens. */
  privacyUrl: string
  termsUrl: string
  thankYouUrl: string
  /**
   * Whether the external thank-you address carries the applicant's email, base64-encoded, as `e`
   * (the specification's behaviour, and the default when absent). Unused without a thank-you address.
   */
  emailInThankYouUrl?: boolean
  showsDepositAndLookingToBuy: boolean
  loanKinds: LoanKind[]
  representativeExample: RepresentativeExampleTerms
  firm: FirmDetails
  contact: BrandContact
  /**
   * Eligibility is checked with a soft search, which does not affect the applicant's credit score
   * (the journey's soft-search step): the start screen and the confirmation say so.
   */
  softSearch: boolean
  /** Absent: no rating badge anywhere. */
  rating?: BrandRating
}
