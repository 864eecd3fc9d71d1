// The five brands of docs/requirements.md#brands, as data. The start screen loads this file, so it must stay
// free of schema libraries; brand-check.ts validates it in tests and at server start-up.
// Firm details, affiliate keys and addresses are fictitious. The phone numbers are in Ofcom's ranges
// kept for drama, which never reach anyone, and the email addresses are on each brand's own
// .example domain, which cannot receive mail (docs/decisions/1521).

import type { Brand, BrandContact, BrandId, RepresentativeExampleTerms } from './brand'

/** The brand used when the first host label matches none (and for the modal-apply host). */
export const DEFAULT_BRAND_ID: BrandId = 'carfinance'

/** A host whose first label is this uses the default brand and opens the introductory modal. */
export const APPLY_MODAL_LABEL = 'apply'

/** The introductory modal's example (docs/requirements.md#introductory-modal); the specification gives no rate type. */
export const APPLY_MODAL_EXAMPLE: RepresentativeExampleTerms = {
  amount: 7500,
  termMonths: 48,
  apr: 18.4,
  rateType: 'fixed',
  securedOnProperty: false,
}

const carFinanceExample: RepresentativeExampleTerms = {
  amount: 7500,
  termMonths: 48,
  apr: 21.4,
  rateType: 'fixed',
  securedOnProperty: false,
}

/** The demo brands' phone lines keep the same hours and the same promise. */
function demoContact(phone: string, email: string): BrandContact {
  return {
    phone,
    email,
    openingHours: 'Monday to Friday, 9am to 6pm',
    replyWithin: 'one working day',
  }
}

function regulatoryStatement(legalName: string, firmReferenceNumber: string): string {
  return (
    `${legalName} is authorised and regulated by the Financial Conduct Authority ` +
    `(firm reference number ${firmReferenceNumber}). We act as a credit broker, not a lender. ` +
    'All finance is subject to status and income. Written quotations are available on request.'
  )
}

export const brands: Readonly<Record<BrandId, Brand>> = {
  harbourlend: {
    id: 'harbourlend',
    kind: 'lender-broker',
    tradingName: 'Harbour Lending',
    headline: 'Vehicle and homeowner loans, explained simply',
    colour: '#0B4F8A',
    textOnColour: '#FFFFFF',
    gtmId: 'GTM-HRBL7Q2',
    affiliateKey: 'aff-hrbl-5c81e2',
    domains: ['harbourlend.example', 'www.harbourlend.example'],
    logo: '/brands/harbourlend.svg',
    privacyUrl: '',
    termsUrl: '',
    thankYouUrl: '',
    showsDepositAndLookingToBuy: true,
    loanKinds: ['vehicle', 'property'],
    representativeExample: {
      amount: 20000,
      termMonths: 144,
      apr: 19.56,
      rateType: 'variable',
      // Decision 0201: nominal rate whose repayments, with the fees added to the loan, give 19.56%.
      interestRate: 14.94,
      productFee: 2000,
      lendingFee: 699,
      securedOnProperty: true,
    },
    firm: {
      legalName: 'Harbour Lending Ltd',
      regulatoryStatement: regulatoryStatement('Harbour Lending Ltd', '731406'),
      firmReferenceNumber: '731406',
      postalAddress: 'Anchor House, 14 Wapping Quay, Bristol, BS1 4RW',
    },
    contact: demoContact('0117 496 0731', 'hello@harbourlend.example'),
    softSearch: true,
  },
  milebroker: {
    id: 'milebroker',
    kind: 'second-broker',
    tradingName: 'Mile Broker',
    headline: 'Finance for your next {vehicle}, found for you',
    colour: '#6B2C91',
    textOnColour: '#FFFFFF',
    gtmId: 'GTM-MLBR4K8',
    affiliateKey: 'aff-mlbr-93d4a7',
    domains: ['milebroker.example', 'www.milebroker.example'],
    logo: '/brands/milebroker.svg',
    privacyUrl: '',
    termsUrl: '',
    thankYouUrl: '',
    showsDepositAndLookingToBuy: true,
    loanKinds: ['vehicle'],
    representativeExample: {
      amount: 5000,
      termMonths: 60,
      apr: 9.9,
      rateType: 'fixed',
      securedOnProperty: false,
    },
    firm: {
      legalName: 'Mile Broker Ltd',
      regulatoryStatement: regulatoryStatement('Mile Broker Ltd', '682915'),
      firmReferenceNumber: '682915',
      postalAddress: '3rd Floor, Milestone Court, 27 Hagley Road, Birmingham, B16 8TJ',
    },
    contact: demoContact('0121 496 0682', 'hello@milebroker.example'),
    softSearch: true,
  },
  carfinance: {
    id: 'carfinance',
    kind: 'car-finance',
    tradingName: 'Car Finance Direct',
    headline: '{Vehicle} finance made simple',
    colour: '#00703C',
    textOnColour: '#FFFFFF',
    gtmId: 'GTM-CFDX9P3',
    affiliateKey: 'aff-cfdx-1f6b38',
    domains: ['carfinance.example', 'www.carfinance.example', 'apply.carfinance.example'],
    logo: '/brands/carfinance.svg',
    privacyUrl: '',
    termsUrl: '',
    thankYouUrl: '',
    showsDepositAndLookingToBuy: false,
    loanKinds: ['vehicle'],
    representativeExample: carFinanceExample,
    firm: {
      legalName: 'Car Finance Direct Ltd',
      regulatoryStatement: regulatoryStatement('Car Finance Direct Ltd', '745208'),
      firmReferenceNumber: '745208',
      postalAddress: 'Unit 6, Forecourt Business Park, Leeds Road, Wakefield, WF1 5QH',
    },
    contact: demoContact('0113 496 0745', 'hello@carfinance.example'),
    softSearch: true,
  },
  scorepal: {
    id: 'scorepal',
    kind: 'credit-score-partner',
    tradingName: 'ScorePal Car Finance',
    headline: '{Vehicle} finance matched to your credit profile',
    colour: '#B3261E',
    textOnColour: '#FFFFFF',
    gtmId: 'GTM-SCPL2M6',
    affiliateKey: 'aff-scpl-4e27c9',
    domains: ['scorepal.example', 'www.scorepal.example'],
    logo: '/brands/scorepal.svg',
    privacyUrl: 'https://www.scorepal.example/privacy',
    termsUrl: 'https://www.scorepal.example/terms',
    thankYouUrl: '',
    showsDepositAndLookingToBuy: false,
    loanKinds: ['vehicle'],
    representativeExample: carFinanceExample,
    firm: {
      legalName: 'ScorePal Car Finance Ltd',
      regulatoryStatement: regulatoryStatement('ScorePal Car Finance Ltd', '768134'),
      firmReferenceNumber: '768134',
      postalAddress: '41 Castle Street, Edinburgh, EH2 3BN',
    },
    contact: demoContact('0131 496 0768', 'hello@scorepal.example'),
    softSearch: true,
  },
  creditlens: {
    id: 'creditlens',
    kind: 'credit-score-partner',
    tradingName: 'CreditLens Car Finance',
    headline: 'See the {vehicle} finance you could get',
    colour: '#1D5C63',
    textOnColour: '#FFFFFF',
    gtmId: 'GTM-CRLN8T1',
    affiliateKey: 'aff-crln-b07a5d',
    domains: ['creditlens.example', 'www.creditlens.example'],
    logo: '/brands/creditlens.svg',
    privacyUrl: 'https://www.creditlens.example/privacy',
    termsUrl: 'https://www.creditlens.example/terms',
    thankYouUrl: '',
    showsDepositAndLookingToBuy: false,
    loanKinds: ['vehicle'],
    representativeExample: carFinanceExample,
    firm: {
      legalName: 'CreditLens Car Finance Ltd',
      regulatoryStatement: regulatoryStatement('CreditLens Car Finance Ltd', '759462'),
      firmReferenceNumber: '759462',
      postalAddress: 'Lens House, 8 Piccadilly Place, Manchester, M1 3BR',
    },
    contact: demoContact('0161 496 0759', 'hello@creditlens.example'),
    softSearch: true,
  },
}

/** Every brand id, in the order of docs/requirements.md#brands. */
export const BRAND_IDS = Object.keys(brands) as BrandId[]

export function isBrandId(value: string): value is BrandId {
  return Object.hasOwn(brands, value)
}
