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

export interface Brand {
  id: BrandId
  kind: 'lender-broker' | 'second-broker' | 'car-finance' | 'credit-score-partner'
  tradingName: string
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
  showsDepositAndLookingToBuy: boolean
  loanKinds: LoanKind[]
  representativeExample: RepresentativeExampleTerms
  firm: FirmDetails
}
