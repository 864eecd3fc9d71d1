import { expect, test } from 'vitest'
import type { Brand } from './brand'
import { checkAllBrands, checkBrand, contrastRatio } from './brand-check'
import { BRAND_IDS, brands } from './brand-data'
import { brandDisclosures } from './disclosures'

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
      "harbourlend: firm.regulatoryStatement must say 'credit broker'",
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
    'a statement that does not say the firm is a credit broker',
    {
      ...valid,
      firm: {
        ...valid.firm,
        regulatoryStatement:
          'Harbour Lending Ltd is authorised and regulated by the Financial Conduct Authority.',
      },
    },
    ["harbourlend: firm.regulatoryStatement must say 'credit broker'"],
  ],
  ['no contact details', { ...valid, contact: undefined }, ['harbourlend: contact is missing']],
  [
    'empty contact details',
    { ...valid, contact: { phone: '', email: '', openingHours: ' ', replyWithin: '' } },
    [
      'harbourlend: contact.phone must be a basic-rate or freephone UK number with its area code, such as 0117 496 0731',
      'harbourlend: contact.email must be an email address',
      'harbourlend: contact.openingHours is missing',
      'harbourlend: contact.replyWithin is missing',
    ],
  ],
  [
    'a contact email that is not an address',
    { ...valid, contact: { ...valid.contact, email: 'harbourlend.example' } },
    ['harbourlend: contact.email must be an email address'],
  ],
  [
    'a misspelt contact field',
    { ...valid, contact: { ...valid.contact, hours: '9 to 5' } },
    ['harbourlend: unknown field contact.hours'],
  ],
  [
    'a headline with an unknown placeholder',
    { ...valid, headline: 'Finance for your {vehicleType}' },
    ['harbourlend: headline may hold only the placeholders {vehicle} and {Vehicle}'],
  ],
  [
    'a thank-you email setting that is not true or false',
    { ...valid, emailInThankYouUrl: 'yes' },
    ['harbourlend: emailInThankYouUrl must be true or false'],
  ],
  [
    'no soft-search setting',
    { ...valid, softSearch: undefined },
    ['harbourlend: softSearch is missing'],
  ],
  [
    'a rating without its source, count or date',
    { ...valid, rating: { score: 4.8, outOf: 5 } },
    [
      'harbourlend: rating.source is missing',
      'harbourlend: rating.sourceUrl is missing',
      'harbourlend: rating.reviewCount is missing',
      'harbourlend: rating.date is missing',
    ],
  ],
  [
    'a rating above its scale, on a made-up date, from no real address',
    {
      ...valid,
      rating: {
        source: 'Trustpilot',
        sourceUrl: 'http://www.trustpilot.example/review/harbourlend',
        score: 5.5,
        outOf: 5,
        reviewCount: 12.5,
        date: '2026-02-30',
      },
    },
    [
      'harbourlend: rating.sourceUrl must be the https address of the rating',
      'harbourlend: rating.reviewCount must be a whole number of reviews',
      'harbourlend: rating.date must be the date the figures were read, written yyyy-mm-dd',
    ],
  ],
  [
    'a score above the scale',
    {
      ...valid,
      rating: {
        source: 'Trustpilot',
        sourceUrl: 'https://www.trustpilot.example/review/harbourlend',
        score: 5.5,
        outOf: 5,
        reviewCount: 1200,
        date: '2026-11-01',
      },
    },
    ['harbourlend: rating.score must not be more than outOf'],
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

test.each([
  '0117 496 0731',
  '020 7946 0123',
  '01632 960123',
  '0300 123 4567',
  '0800 123 4567',
  '0808 157 0123',
  '07700 900123',
  '01234567890',
])('the contact phone %j is accepted', (phone) => {
  expect(checkBrand({ ...valid, contact: { ...valid.contact, phone } })).toEqual([])
})

test.each([
  ['a premium-rate number', '0909 879 0123'],
  ['an 0845 number', '0845 123 4567'],
  ['an 0870 number', '0870 123 4567'],
  ['a personal number', '07012 345678'],
  ['a pager', '07600 123456'],
  ['too few digits', '0117 496 07'],
  ['too many digits', '0117 496 07311'],
  ['the international form', '+44 117 496 0731'],
  ['letters', '0117 HARBOUR'],
  ['doubled spaces', '0117  496 0731'],
  ['a trailing space', '0117 496 0731 '],
])('the contact phone check refuses %s', (_name, phone) => {
  expect(checkBrand({ ...valid, contact: { ...valid.contact, phone } })).toEqual([
    'harbourlend: contact.phone must be a basic-rate or freephone UK number with its area code, such as 0117 496 0731',
  ])
})

test('a rating with its source, score, count and date passes', () => {
  expect(
    checkBrand({
      ...valid,
      rating: {
        source: 'Trustpilot',
        sourceUrl: 'https://www.trustpilot.example/review/harbourlend',
        score: 4.8,
        outOf: 5,
        reviewCount: 1234,
        date: '2026-11-01',
      },
    }),
  ).toEqual([])
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
  expect(checkBrand({})).toHaveLength(19)
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

test('a disclosure that calls the firm a lender is refused: every brand is a credit broker, not a lender', () => {
  const settings = {
    ...brandDisclosures.harbourlend,
    facts: {
      ...brandDisclosures.harbourlend.facts,
      tie: 'Harbour Lending Ltd is itself a lender: we may offer you a loan of our own.',
    },
  }
  expect(checkAllBrands(brands, { ...brandDisclosures, harbourlend: settings })).toEqual([
    'harbourlend: disclosure panel says "is itself a lender", but the firm is a credit broker, not a ' +
      'lender, as its regulatory statement and commission disclosure say',
  ])
})

test('a regulatory statement that says the firm lends is refused', () => {
  const harbour = brands.harbourlend
  const firm = {
    ...harbour.firm,
    regulatoryStatement: `${harbour.firm.regulatoryStatement} We also lend in our own name.`,
  }
  expect(checkBrand({ ...harbour, firm })).toEqual([
    'harbourlend: firm.regulatoryStatement says "lend in our own name", but every brand is a credit broker',
  ])
})
