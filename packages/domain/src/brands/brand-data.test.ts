import { expect, test, vi } from 'vitest'

// The start screen loads brand-data and host: a schema library there would break the size budget.
// Any import of zod from these files fails this test file.
vi.mock('zod', () => {
  throw new Error('zod imported')
})
vi.mock('zod/mini', () => {
  throw new Error('zod/mini imported')
})
vi.mock('zod/v4', () => {
  throw new Error('zod/v4 imported')
})

const { APPLY_MODAL_EXAMPLE, APPLY_MODAL_LABEL, BRAND_IDS, DEFAULT_BRAND_ID, brands, isBrandId } =
  await import('./brand-data')
await import('./host')

test('the five brands of the requirements (Brands), keyed by their id', () => {
  expect(BRAND_IDS).toEqual(['harbourlend', 'milebroker', 'carfinance', 'scorepal', 'creditlens'])
  for (const id of BRAND_IDS) expect(brands[id].id).toBe(id)
})

test('the default brand is carfinance and the modal-apply label is apply', () => {
  expect(DEFAULT_BRAND_ID).toBe('carfinance')
  expect(APPLY_MODAL_LABEL).toBe('apply')
  expect(APPLY_MODAL_EXAMPLE).toEqual({
    amount: 7500,
    termMonths: 48,
    apr: 18.4,
    rateType: 'fixed',
    securedOnProperty: false,
  })
})

test.each([
  // id, kind, trading name, colour, GTM id, deposit + looking-to-buy, loan kinds
  [
    'harbourlend',
    'lender-broker',
    'Harbour Lending',
    '#0B4F8A',
    'GTM-HRBL7Q2',
    true,
    ['vehicle', 'property'],
  ],
  ['milebroker', 'second-broker', 'Mile Broker', '#6B2C91', 'GTM-MLBR4K8', true, ['vehicle']],
  ['carfinance', 'car-finance', 'Car Finance Direct', '#00703C', 'GTM-CFDX9P3', false, ['vehicle']],
  [
    'scorepal',
    'credit-score-partner',
    'ScorePal Car Finance',
    '#B3261E',
    'GTM-SCPL2M6',
    false,
    ['vehicle'],
  ],
  [
    'creditlens',
    'credit-score-partner',
    'CreditLens Car Finance',
    '#1D5C63',
    'GTM-CRLN8T1',
    false,
    ['vehicle'],
  ],
] as const)(
  '%s is configured as the requirements say (Brands)',
  (id, kind, tradingName, colour, gtmId, shows, loanKinds) => {
    expect(brands[id]).toMatchObject({
      kind,
      tradingName,
      colour,
      gtmId,
      textOnColour: '#FFFFFF',
      logo: `/brands/${id}.svg`,
      // Our own thank-you page (/complete): the brands' own sites are not real (decision 1524).
      thankYouUrl: '',
      showsDepositAndLookingToBuy: shows,
      loanKinds,
    })
  },
)

test.each([
  ['harbourlend', '', ''],
  ['milebroker', '', ''],
  ['carfinance', '', ''],
  ['scorepal', 'https://www.scorepal.example/privacy', 'https://www.scorepal.example/terms'],
  ['creditlens', 'https://www.creditlens.example/privacy', 'https://www.creditlens.example/terms'],
] as const)(
  '%s privacy and terms links: %j %j (empty opens the modal)',
  (id, privacyUrl, termsUrl) => {
    expect(brands[id]).toMatchObject({ privacyUrl, termsUrl })
  },
)

test.each([
  [
    'harbourlend',
    {
      amount: 20000,
      termMonths: 144,
      apr: 19.56,
      rateType: 'variable',
      productFee: 2000,
      lendingFee: 699,
      securedOnProperty: true,
    },
  ],
  [
    'milebroker',
    { amount: 5000, termMonths: 60, apr: 9.9, rateType: 'fixed', securedOnProperty: false },
  ],
  [
    'carfinance',
    { amount: 7500, termMonths: 48, apr: 21.4, rateType: 'fixed', securedOnProperty: false },
  ],
  [
    'scorepal',
    { amount: 7500, termMonths: 48, apr: 21.4, rateType: 'fixed', securedOnProperty: false },
  ],
  [
    'creditlens',
    { amount: 7500, termMonths: 48, apr: 21.4, rateType: 'fixed', securedOnProperty: false },
  ],
] as const)(
  '%s states the representative example of the requirements (Representative examples)',
  (id, example) => {
    expect(brands[id].representativeExample).toMatchObject(example)
  },
)

test.each([
  ['harbourlend', '0117 496 0731', 'hello@harbourlend.example'],
  ['milebroker', '0121 496 0682', 'hello@milebroker.example'],
  ['carfinance', '0113 496 0745', 'hello@carfinance.example'],
  ['scorepal', '0131 496 0768', 'hello@scorepal.example'],
  ['creditlens', '0161 496 0759', 'hello@creditlens.example'],
] as const)('%s is reached on %s and %s, fictional by design', (id, phone, email) => {
  expect(brands[id].contact).toEqual({
    phone,
    email,
    openingHours: 'Monday to Friday, 9am to 6pm',
    replyWithin: 'one working day',
  })
  // Ofcom's drama ranges: 0113/0117/0121/0131/0161 496 0000 to 0999.
  expect(phone).toMatch(/^01(13|17|21|31|61) 496 0\d{3}$/)
  expect(email.endsWith(`@${id}.example`)).toBe(true)
})

test.each([
  ['harbourlend', 'Vehicle and homeowner loans, explained simply'],
  ['milebroker', 'Finance for your next {vehicle}, found for you'],
  ['carfinance', '{Vehicle} finance made simple'],
  ['scorepal', '{Vehicle} finance matched to your credit profile'],
  ['creditlens', 'See the {vehicle} finance you could get'],
] as const)('%s headline: %j', (id, headline) => {
  expect(brands[id].headline).toBe(headline)
})

test('every demo brand checks eligibility with a soft search and shows no rating badge', () => {
  for (const id of BRAND_IDS) {
    expect(brands[id].softSearch).toBe(true)
    // No demo brand has a rating with a real source, so none shows a badge (decision 1527).
    expect(brands[id].rating).toBeUndefined()
    expect(brands[id].emailInThankYouUrl).toBeUndefined()
  }
})

test('affiliate keys and firm reference numbers differ between brands', () => {
  const keys = BRAND_IDS.map((id) => brands[id].affiliateKey)
  const firms = BRAND_IDS.map((id) => brands[id].firm.firmReferenceNumber)
  expect(new Set(keys).size).toBe(5)
  expect(new Set(firms).size).toBe(5)
})

test('the regulatory statement names the firm, the regulator and the broker role', () => {
  expect(brands.carfinance.firm.regulatoryStatement).toBe(
    'Car Finance Direct Ltd is authorised and regulated by the Financial Conduct Authority ' +
      '(firm reference number 745208). We act as a credit broker, not a lender. ' +
      'All finance is subject to status and income. Written quotations are available on request.',
  )
})

test.each([
  ['carfinance', true],
  ['apply', false],
  ['constructor', false],
  ['toString', false],
  ['CARFINANCE', false],
])('%j is a brand id: %s', (value, expected) => {
  expect(isBrandId(value)).toBe(expected)
})
