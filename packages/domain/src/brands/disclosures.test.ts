import { expect, test } from 'vitest'
import { checkAllBrands } from './brand-check'
import { BRAND_IDS, brands } from './brand-data'
import {
  COMMISSION_DISCLOSURE,
  PANEL_STATEMENT,
  allRenderedDisclosures,
  currentRequiredDisclosure,
  brandDisclosures,
  consentDisclosureId,
  CONSENT_CHANNELS,
  currentDisclosure,
  DISCLOSURES,
  fillTemplate,
  renderDisclosure,
} from './disclosures'

test.each(BRAND_IDS)('%s has a commission disclosure and a panel statement', (id) => {
  expect(currentDisclosure(id, 'commission')?.text).toContain(brands[id].tradingName)
  expect(currentDisclosure(id, 'commission')?.text).toContain(
    'You can ask us how much commission we will receive before you decide.',
  )
  expect(currentDisclosure(id, 'panel')?.text).toMatch(/^We work with a panel of \d+ lenders;/)
})

test('the commission disclosure is filled from the brand, with nothing left unfilled', () => {
  expect(currentDisclosure('carfinance', 'commission')).toEqual({
    brand: 'carfinance',
    id: 'commission',
    title: 'How we are paid (commission)',
    version: 1,
    text:
      'Car Finance Direct is a credit broker, not a lender. We introduce you to lenders on our panel, and ' +
      'the lender that gives you finance pays us commission for the introduction. You pay us no fee. The ' +
      'commission is a fixed amount or a percentage of the amount you borrow, set by each lender. How much ' +
      'we receive can differ from one lender to another, and with some lenders it depends on the interest ' +
      'rate you are offered. You can ask us how much commission we will receive before you decide.',
  })
  for (const id of BRAND_IDS) {
    for (const rendered of allRenderedDisclosures(id)) expect(rendered.text).not.toMatch(/[{}]/)
  }
})

test('the panel statement says what is true of the brand, and the first version renders as published', () => {
  expect(currentDisclosure('harbourlend', 'panel')).toMatchObject({
    version: 2,
    text: 'We work with a panel of 9 lenders; we do not search the whole market. We are not tied to any lender.',
  })
  // Version 1 called Harbour Lending a lender, against its commission disclosure and regulatory statement;
  // applications that were shown it keep its exact text in their evidence.
  expect(renderDisclosure('harbourlend', 'panel', 1)?.text).toBe(
    'We work with a panel of 9 lenders; we do not search the whole market. Harbour Lending Ltd is itself ' +
      'a lender: we may offer you a loan of our own before we introduce you to the other lenders on our ' +
      'panel, and we do not receive commission on our own loans.',
  )
  expect(currentDisclosure('milebroker', 'panel')?.text).toBe(
    'We work with a panel of 14 lenders; we do not search the whole market. We are not tied to any lender.',
  )
})

test('each marketing channel has its own consent text, for each applicant, naming the partners', () => {
  expect(CONSENT_CHANNELS).toEqual([
    'email',
    'sms',
    'phone',
    'post',
    'partner-email',
    'partner-sms',
    'partner-phone',
  ])
  expect(currentDisclosure('carfinance', consentDisclosureId('sms', 'main'))?.text).toBe(
    'Yes, I would like to hear about offers from Car Finance Direct by text message. This is optional, ' +
      'does not affect your application, and you can change your mind at any time.',
  )
  expect(currentDisclosure('carfinance', consentDisclosureId('partner-email', 'main'))?.text).toBe(
    'Yes, I would like to hear about offers from our partners Forecourt Motor Insurance Ltd and Direct ' +
      'Warranty Services Ltd by email. This is optional, does not affect your application, and you can ' +
      'change your mind at any time.',
  )
  expect(currentDisclosure('carfinance', consentDisclosureId('post', 'joint'))?.text).toMatch(
    /^Yes, the joint applicant would like to hear about offers from Car Finance Direct by post\. Only say yes if they have told you/,
  )
  const texts = CONSENT_CHANNELS.flatMap((channel) =>
    (['main', 'joint'] as const).map(
      (applicant) => currentDisclosure('carfinance', consentDisclosureId(channel, applicant))?.text,
    ),
  )
  expect(new Set(texts).size).toBe(14)
})

test('an unknown disclosure, version or brand setting renders nothing', () => {
  expect(renderDisclosure('carfinance', 'commission', 2)).toBeUndefined()
  expect(renderDisclosure('carfinance', 'no-such-text', 1)).toBeUndefined()
  expect(
    renderDisclosure('carfinance', 'panel', 1, {
      ...brandDisclosures,
      carfinance: { ...brandDisclosures.carfinance, ids: ['commission'] },
    }),
  ).toBeUndefined()
})

test('a template with an unknown placeholder is an error, never shown as it is', () => {
  expect(() => fillTemplate('Hello {nobody}', {})).toThrow('unknown placeholder {nobody}')
})

test('versions are numbered 1, 2, … in order, and disclosure ids are unique', () => {
  for (const definition of DISCLOSURES) {
    expect(definition.versions.map((entry) => entry.version)).toEqual(
      definition.versions.map((_entry, index) => index + 1),
    )
  }
  expect(new Set(DISCLOSURES.map((definition) => definition.id)).size).toBe(DISCLOSURES.length)
})

test('the brand check refuses a brand without a commission disclosure or panel statement', () => {
  const without = {
    ...brandDisclosures,
    milebroker: {
      ...brandDisclosures.milebroker,
      ids: brandDisclosures.milebroker.ids.filter((id) => id !== 'commission' && id !== 'panel'),
    },
  }
  expect(checkAllBrands(brands, without)).toEqual([
    'milebroker: has no commission disclosure',
    'milebroker: has no panel statement',
  ])
  const { scorepal: _gone, ...missing } = brandDisclosures
  expect(checkAllBrands(brands, missing)).toEqual([
    'scorepal: has no commission disclosure',
    'scorepal: has no panel statement',
  ])
})

test('the brand check refuses malformed disclosure facts', () => {
  const broken = {
    ...brandDisclosures,
    carfinance: {
      ...brandDisclosures.carfinance,
      facts: { ...brandDisclosures.carfinance.facts, panelSize: 0, partners: [] },
    },
  }
  expect(checkAllBrands(brands, broken)).toEqual([
    'carfinance: disclosures.facts.panelSize must be a whole number of lenders',
  ])
  const noPartners = {
    ...brandDisclosures,
    carfinance: {
      ...brandDisclosures.carfinance,
      facts: { ...brandDisclosures.carfinance.facts, partners: [] },
    },
  }
  expect(checkAllBrands(brands, noPartners)).toEqual([
    'carfinance: asks for partner marketing consent without naming a partner',
  ])
})

test.each(BRAND_IDS)(
  '%s: the start screen’s way to the commission and panel texts gives the same texts',
  (id) => {
    expect(currentRequiredDisclosure(id, COMMISSION_DISCLOSURE)).toEqual(
      currentDisclosure(id, 'commission'),
    )
    expect(currentRequiredDisclosure(id, PANEL_STATEMENT)).toEqual(currentDisclosure(id, 'panel'))
  },
)

test('the joint applicant’s own soft-search agreement is the applicant’s, in their own words', () => {
  expect(currentDisclosure('carfinance', 'soft-search')?.text).toBe(
    'I agree that Car Finance Direct and the lenders on its panel may run a soft credit search to see ' +
      'which finance I could be offered. A soft search does not affect my credit score and other ' +
      'lenders cannot see it.',
  )
  expect(currentDisclosure('carfinance', 'joint-soft-search')).toEqual({
    brand: 'carfinance',
    id: 'joint-soft-search',
    title: 'Soft credit search (joint applicant)',
    version: 1,
    text:
      'I agree that Car Finance Direct and the lenders on its panel may run a soft credit search on me, ' +
      'as the joint applicant, to see which finance we could be offered. A soft search does not ' +
      'affect my credit score and other lenders cannot see it.',
  })
})
