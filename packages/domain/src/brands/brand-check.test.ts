import { expect, test } from 'vitest'
import type { Brand } from './brand'
import { checkAllBrands, checkBrand, contrastRatio } from './brand-check'
import { BRAND_IDS, brands } from './brand-data'

test.each(BRAND_IDS)('%s passes the brand check', (id) => {
  expect(checkBrand(brands[id])).toEqual([])
})

test('all five brands pass together', () => {
  expect(checkAllBrands()).toEqual([])
})

test.each([
  ['#FFFFFF', '#000000', 21],
  ['#000', '#fff', 21],
  ['#FFFFFF', '#FFFFFF', 1],
  ['#FFFFFF', '#FFFF00', 1.07],
  ['#FFFFFF', '#767676', 4.54],
  ['#FFFFFF', '#777777', 4.48],
  ['#FFFFFF', '#0B4F8A', 8.4],
  ['#FFFFFF', '#6B2C91', 8.77],
  ['#FFFFFF', '#00703C', 6.21],
  ['#FFFFFF', '#B3261E', 6.54],
  ['#FFFFFF', '#1D5C63', 7.6],
])('contrast of %s on %s is %s:1', (text, background, ratio) => {
  expect(contrastRatio(text, background)).toBeCloseTo(ratio, 2)
  expect(contrastRatio(background, text)).toBeCloseTo(ratio, 2)
})

test.each(['red', '#12345', '', '#GGGGGG'])('contrast refuses the colour %j', (colour) => {
  expect(() => contrastRatio(colour, '#FFFFFF')).toThrow(RangeError)
})

const valid: Brand = brands.harbourlend

test.each<[string, unknown, string[]]>([
  [
    'a tag-manager id in lower case',
    { ...valid, gtmId: 'GTM-abc1' },
    ['harbourlend: gtmId must be GTM- followed by upper-case letters or digits'],
  ],
  [
    'a tag-manager id without its prefix',
    { ...valid, gtmId: 'HRBL7Q2' },
    ['harbourlend: gtmId must be GTM- followed by upper-case letters or digits'],
  ],
  [
    'white text on yellow',
    { ...valid, colour: '#FFFF00' },
    [
      'harbourlend: textOnColour #FFFFFF on colour #FFFF00 has a contrast of 1.07:1, under the 4.5:1 that text needs',
    ],
  ],
  [
    'a contrast just under the bar',
    { ...valid, colour: '#777777' },
    [
      'harbourlend: textOnColour #FFFFFF on colour #777777 has a contrast of 4.47:1, under the 4.5:1 that text needs',
    ],
  ],
  [
    'a colour that is not #RRGGBB',
    { ...valid, colour: 'navy' },
    ['harbourlend: colour must be a colour written #RRGGBB'],
  ],
  [
    'empty firm details',
    {
      ...valid,
      firm: { legalName: ' ', regulatoryStatement: '', firmReferenceNumber: '', postalAddress: '' },
    },
    [
      'harbourlend: firm.legalName is missing',
      'harbourlend: firm.regulatoryStatement is missing',
      "harbourlend: firm.regulatoryStatement must say 'authorised and regulated by the Financial Conduct Authority'",
      'harbourlend: firm.firmReferenceNumber must be the 6 or 7 digits of the Financial Services Register',
      'harbourlend: firm.postalAddress is missing',
    ],
  ],
  ['no firm details at all', { ...valid, firm: undefined }, ['harbourlend: firm is missing']],
  [
    'a firm reference that is not a number',
    { ...valid, firm: { ...valid.firm, firmReferenceNumber: 'FRN1234' } },
    [
      'harbourlend: firm.firmReferenceNumber must be the 6 or 7 digits of the Financial Services Register',
    ],
  ],
  [
    'a statement without the regulator',
    { ...valid, firm: { ...valid.firm, regulatoryStatement: 'We are a credit broker.' } },
    [
      "harbourlend: firm.regulatoryStatement must say 'authorised and regulated by the Financial Conduct Authority'",
    ],
  ],
  [
    'addresses that are not https',
    {
      ...valid,
      privacyUrl: 'http://www.harbourlend.example/privacy',
      termsUrl: 'javascript:alert(1)',
      thankYouUrl: 'www.harbourlend.example/thank-you',
    },
    [
      'harbourlend: privacyUrl must be an https address or empty for the in-page modal',
      'harbourlend: termsUrl must be an https address or empty for the in-page modal',
      'harbourlend: thankYouUrl must be an https address or empty for our own confirmation page',
    ],
  ],
  [
    'an APR the calculator does not reproduce',
    { ...valid, representativeExample: { ...valid.representativeExample, apr: 18.9 } },
    [
      'harbourlend: representativeExample APR 18.9% does not reconcile: the calculator gives 19.6% from the amount, term, interest rate and fees',
    ],
  ],
  [
    'fees with no interest rate',
    {
      ...valid,
      representativeExample: { ...valid.representativeExample, interestRate: undefined },
    },
    [
      'harbourlend: representativeExample APR 19.56% does not reconcile: the calculator gives 23.51% from the amount, term, interest rate and fees',
    ],
  ],
  [
    'a property-secured example on a vehicle-only brand',
    { ...valid, loanKinds: ['vehicle'] },
    [
      'harbourlend: representativeExample is secured on property but the brand offers no property loan',
    ],
  ],
  [
    'a negative term',
    { ...valid, representativeExample: { ...valid.representativeExample, termMonths: -12 } },
    ['harbourlend: representativeExample.termMonths must be a whole number of months'],
  ],
  ['a misspelt field', { ...valid, gtmID: 'GTM-HRBL7Q2' }, ['harbourlend: unknown field gtmID']],
  [
    'an unknown brand id',
    { ...valid, id: 'harbour' },
    ['harbour: id must be one of harbourlend, milebroker, carfinance, scorepal, creditlens'],
  ],
  [
    'no loan kinds',
    { ...valid, loanKinds: [] },
    [
      'harbourlend: loanKinds must offer at least one kind of loan',
      'harbourlend: representativeExample is secured on property but the brand offers no property loan',
    ],
  ],
  ['not an object', 'harbourlend', ['brand: the configuration must be an object']],
  ['nothing', undefined, ['brand: the configuration is missing']],
])('the check catches %s', (_name, brand, problems) => {
  expect(checkBrand(brand)).toEqual(problems)
})

test.each([['Harbourlend.example'], ['harbourlend.example:443'], ['localhost'], ['-a.example']])(
  'the domain %j is refused',
  (domain) => {
    expect(checkBrand({ ...brands.harbourlend, domains: [domain] })).toEqual([
      'harbourlend: domains.0 must be a lower-case host name without a port, as www.example.com',
    ])
  },
)

test('an empty object lists every missing field', () => {
  expect(checkBrand({})).toHaveLength(17)
  expect(checkBrand({})).toContain('brand: domains is missing')
  expect(checkBrand({})).toContain('brand: gtmId is missing')
})

test('across brands, a reused affiliate key, tag-manager id or domain and a wrong key are caught', () => {
  expect(
    checkAllBrands({
      ...brands,
      milebroker: { ...brands.milebroker, affiliateKey: brands.harbourlend.affiliateKey },
      creditlens: { ...brands.creditlens, gtmId: brands.harbourlend.gtmId },
      scorepal: { ...brands.carfinance, domains: ['www.carfinance.example'] },
    }),
  ).toEqual([
    `milebroker: affiliateKey ${brands.harbourlend.affiliateKey} is already used by harbourlend`,
    'scorepal: id carfinance differs from its key',
    `scorepal: affiliateKey ${brands.carfinance.affiliateKey} is already used by carfinance`,
    'scorepal: gtmId GTM-CFDX9P3 is already used by carfinance',
    'scorepal: domain www.carfinance.example is already used by carfinance',
    'creditlens: gtmId GTM-HRBL7Q2 is already used by harbourlend',
  ])
})
