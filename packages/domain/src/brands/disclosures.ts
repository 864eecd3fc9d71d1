// What each brand tells the applicant and asks them to agree to, as versioned data beside the brand
// record: the commission disclosure, the panel statement, the fair processing notice, the terms and the
// privacy notice, and one marketing consent text per channel. The evidence record names a text by id,
// version and the SHA-256 of the exact text shown (disclosure-manifest.ts), so a version, once
// published, never changes: a new text is a new version. Decision 1651.
//
// Texts are written once with `{placeholders}` filled from the brand (renderDisclosure); the brand check
// refuses a brand without a commission disclosure and a panel statement (brand-check.ts).

import type { BrandId } from './brand'
import { brands } from './brand-data'

export const MARKETING_CHANNELS = ['email', 'sms', 'phone', 'post'] as const
export const PARTNER_CHANNELS = ['partner-email', 'partner-sms', 'partner-phone'] as const
/** A marketing consent's channel: the broker's own four, and the partners' three (no partner post). */
export type ConsentChannel = (typeof MARKETING_CHANNELS)[number] | (typeof PARTNER_CHANNELS)[number]
export const CONSENT_CHANNELS: readonly ConsentChannel[] = [
  ...MARKETING_CHANNELS,
  ...PARTNER_CHANNELS,
]

/** Whose consent a text asks for: the joint applicant's texts are worded for the person ticking for them. */
export type Applicant = 'main' | 'joint'

export type ConsentDisclosureId = `${'' | 'joint-'}marketing-${ConsentChannel}`

export type DisclosureId =
  | 'commission'
  | 'panel'
  | 'fair-processing'
  | 'soft-search'
  | 'joint-soft-search'
  | 'terms'
  | 'privacy'
  | ConsentDisclosureId

export interface DisclosureVersion {
  /** 1, 2, …: never reused, never edited once published. */
  version: number
  /** The day it was first shown (YYYY-MM-DD), for people reading the evidence years later. */
  since: string
  /** The text with `{placeholders}` (see BrandDisclosureFacts), rendered per brand. */
  template: string
  /**
   * The facts a brand had while this version was current, where they have changed since: a changed fact
   * changes the text, so it is a new version, and the old one must still render as it was published.
   */
  factsThen?: Partial<Record<BrandId, Partial<BrandDisclosureFacts>>>
}

export interface DisclosureDefinition {
  id: DisclosureId
  /** What a person reading the evidence calls it. */
  title: string
  /** For marketing consents: the channel the consent is for. */
  channel?: ConsentChannel
  applicant?: Applicant
  /** Oldest first; the last is the current version. */
  versions: readonly DisclosureVersion[]
}

/** What a brand's texts are filled with. */
export interface BrandDisclosureFacts {
  /** How the commission is worked out, completing "The commission is …". */
  commissionModel: string
  /** How many lenders are on the brand's panel. */
  panelSize: number
  /**
   * A tie or group link to a lender, completing the panel statement; empty when there is none (the
   * statement then says so).
   */
  tie: string
  /** The partners a partner marketing consent names (the ICO asks that those relying on it are named). */
  partners: readonly string[]
  /** The editions of the legal documents the terms agreement names (a new edition: a new version). */
  termsEdition: string
  privacyEdition: string
}

/**
 * Per brand: which disclosures it has (by id) and the facts its texts are filled with. A brand must have
 * 'commission' and 'panel' (brand-check.ts).
 */
export interface BrandDisclosures {
  facts: BrandDisclosureFacts
  ids: readonly DisclosureId[]
}

const NOVEMBER_2026 = '2026-11-26'

const OPTIONAL =
  'This is optional, does not affect your application, and you can change your mind at any time.'

const channelWords: Record<ConsentChannel, string> = {
  email: 'by email',
  sms: 'by text message',
  phone: 'by telephone',
  post: 'by post',
  'partner-email': 'by email',
  'partner-sms': 'by text message',
  'partner-phone': 'by telephone',
}

function consentDefinition(channel: ConsentChannel, applicant: Applicant): DisclosureDefinition {
  const partner = channel.startsWith('partner-')
  const from = partner ? 'our partners {partners}' : '{tradingName}'
  const template =
    applicant === 'main'
      ? `Yes, I would like to hear about offers from ${from} ${channelWords[channel]}. ${OPTIONAL}`
      : `Yes, the joint applicant would like to hear about offers from ${from} ${channelWords[channel]}. ` +
        'Only say yes if they have told you they are happy to be contacted this way. ' +
        'This is optional, does not affect the application, and they can change their mind at any time.'
  return {
    id: `${applicant === 'joint' ? 'joint-' : ''}marketing-${channel}`,
    title: `Marketing consent, ${partner ? 'partners' : 'own offers'}, ${channelWords[channel].slice(3)}${
      applicant === 'joint' ? ' (joint applicant)' : ''
    }`,
    channel,
    applicant,
    versions: [{ version: 1, since: NOVEMBER_2026, template }],
  }
}

export const COMMISSION_DISCLOSURE: DisclosureDefinition = {
  id: 'commission',
  title: 'How we are paid (commission)',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template:
        '{tradingName} is a credit broker, not a lender. We introduce you to lenders on our panel, and ' +
        'the lender that gives you finance pays us commission for the introduction. You pay us no fee. ' +
        'The commission is {commissionModel}. How much we receive can differ from one lender to ' +
        'another, and with some lenders it depends on the interest rate you are offered. You can ask ' +
        'us how much commission we will receive before you decide.',
    },
  ],
}

const PANEL_TEMPLATE =
  'We work with a panel of {panelSize} lenders; we do not search the whole market. {tie}'

export const PANEL_STATEMENT: DisclosureDefinition = {
  id: 'panel',
  title: 'Our panel of lenders',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template: PANEL_TEMPLATE,
      // Harbour Lending's first statement called it a lender, against every other text it shows
      // (every brand is a credit broker, decision 1532); version 2 says what is true.
      factsThen: {
        harbourlend: {
          tie:
            'Harbour Lending Ltd is itself a lender: we may offer you a loan of our own before we ' +
            'introduce you to the other lenders on our panel, and we do not receive commission on our ' +
            'own loans.',
        },
      },
    },
    { version: 2, since: '2026-11-29', template: PANEL_TEMPLATE },
  ],
}

export const FAIR_PROCESSING_NOTICE: DisclosureDefinition = {
  id: 'fair-processing',
  title: 'How we use your information',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template:
        '{tradingName} uses the information you give us to assess your application and find you ' +
        'finance. We share it with the lenders and finance providers on our panel, credit reference ' +
        'agencies, fraud prevention agencies, insurers, companies in our group, regulators and law ' +
        'enforcement. We keep it for up to six years. You have rights over your information, ' +
        "including to see it and to complain to the Information Commissioner's Office. Our privacy " +
        'policy explains more.',
    },
  ],
}

export const SOFT_SEARCH_AGREEMENT: DisclosureDefinition = {
  id: 'soft-search',
  title: 'Soft credit search',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template:
        'I agree that {tradingName} and the lenders on its panel may run a soft credit search to see ' +
        'which finance I could be offered. A soft search does not affect my credit score and other ' +
        'lenders cannot see it.',
    },
  ],
}

/**
 * The joint applicant's own agreement to a soft search, on their own page (decision 2127): the main
 * applicant's words, said by the joint applicant about themselves.
 */
export const JOINT_SOFT_SEARCH_AGREEMENT: DisclosureDefinition = {
  id: 'joint-soft-search',
  title: 'Soft credit search (joint applicant)',
  versions: [
    {
      version: 1,
      since: '2026-11-29',
      template:
        'I agree that {tradingName} and the lenders on its panel may run a soft credit search on me, ' +
        'as the joint applicant, to see which finance we could be offered. A soft search does not ' +
        'affect my credit score and other lenders cannot see it.',
    },
  ],
}

export const TERMS_AGREEMENT: DisclosureDefinition = {
  id: 'terms',
  title: 'Terms and conditions',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template:
        'I agree to the terms and conditions ({termsEdition}) of {legalName} and I have read the ' +
        'privacy policy ({privacyEdition}).',
    },
  ],
}

export const PRIVACY_NOTICE: DisclosureDefinition = {
  id: 'privacy',
  title: 'Privacy notice',
  versions: [
    {
      version: 1,
      since: NOVEMBER_2026,
      template:
        'By continuing, you agree to our terms and conditions and privacy policy. Our privacy policy ' +
        '({privacyEdition}) says what information {legalName} collects, how it is used and shared, how ' +
        'long it is kept, and your rights.',
    },
  ],
}

/** Every disclosure and every version it has had. */
export const DISCLOSURES: readonly DisclosureDefinition[] = /* @__PURE__ */ everyDefinition()

// A function, so that a bundle using only some definitions (the start screen's commission disclosure and
// panel statement) can leave the others out.
function everyDefinition(): DisclosureDefinition[] {
  return [
    COMMISSION_DISCLOSURE,
    PANEL_STATEMENT,
    FAIR_PROCESSING_NOTICE,
    SOFT_SEARCH_AGREEMENT,
    JOINT_SOFT_SEARCH_AGREEMENT,
    TERMS_AGREEMENT,
    PRIVACY_NOTICE,
    ...CONSENT_CHANNELS.map((channel) => consentDefinition(channel, 'main')),
    ...CONSENT_CHANNELS.map((channel) => consentDefinition(channel, 'joint')),
  ]
}

// Worked out by functions marked pure, for the same reason as everyDefinition.
const ALL_IDS: readonly DisclosureId[] = /* @__PURE__ */ idsOf(DISCLOSURES)

const DEFINITIONS: ReadonlyMap<string, DisclosureDefinition> = /* @__PURE__ */ byId(DISCLOSURES)

function idsOf(definitions: readonly DisclosureDefinition[]): DisclosureId[] {
  return definitions.map((definition) => definition.id)
}

function byId(definitions: readonly DisclosureDefinition[]): Map<string, DisclosureDefinition> {
  return new Map(definitions.map((definition) => [definition.id, definition]))
}

const EDITION = 'November 2026 edition'

/** What each brand's texts are filled with. Fictitious panels and partners. */
export const brandDisclosureFacts: Readonly<Record<BrandId, BrandDisclosureFacts>> = {
  harbourlend: {
    commissionModel: 'a percentage of the amount you borrow, paid by the lender',
    panelSize: 9,
    tie: 'We are not tied to any lender.',
    partners: ['Quayside Insurance Services Ltd', 'Anchor Vehicle Warranties Ltd'],
    termsEdition: EDITION,
    privacyEdition: EDITION,
  },
  milebroker: {
    commissionModel: 'a fixed amount or a percentage of the amount you borrow, set by each lender',
    panelSize: 14,
    tie: 'We are not tied to any lender.',
    partners: ['Milestone GAP Insurance Ltd'],
    termsEdition: EDITION,
    privacyEdition: EDITION,
  },
  carfinance: {
    commissionModel: 'a fixed amount or a percentage of the amount you borrow, set by each lender',
    panelSize: 12,
    tie: 'We are not tied to any lender.',
    partners: ['Forecourt Motor Insurance Ltd', 'Direct Warranty Services Ltd'],
    termsEdition: EDITION,
    privacyEdition: EDITION,
  },
  scorepal: {
    commissionModel: 'a percentage of the amount you borrow, set by each lender',
    panelSize: 11,
    tie: 'We are not tied to any lender.',
    partners: ['ScorePal Credit Reports Ltd'],
    termsEdition: 'as published at www.scorepal.example/terms, November 2026',
    privacyEdition: 'as published at www.scorepal.example/privacy, November 2026',
  },
  creditlens: {
    commissionModel: 'a percentage of the amount you borrow, set by each lender',
    panelSize: 11,
    tie: 'We are not tied to any lender.',
    partners: ['CreditLens Insights Ltd'],
    termsEdition: 'as published at www.creditlens.example/terms, November 2026',
    privacyEdition: 'as published at www.creditlens.example/privacy, November 2026',
  },
}

/** Each brand's disclosures: every brand has them all today. */
export const brandDisclosures: Readonly<Record<BrandId, BrandDisclosures>> =
  /* @__PURE__ */ withEveryDisclosure(brandDisclosureFacts)

function withEveryDisclosure(
  facts: Readonly<Record<BrandId, BrandDisclosureFacts>>,
): Record<BrandId, BrandDisclosures> {
  const entries = Object.entries(facts).map(([id, brandFacts]) => [
    id,
    { ids: ALL_IDS, facts: brandFacts },
  ])
  return Object.fromEntries(entries) as Record<BrandId, BrandDisclosures>
}

export function disclosureDefinition(id: string): DisclosureDefinition | undefined {
  return DEFINITIONS.get(id)
}

/** The disclosure id of a marketing consent for a channel and applicant. */
export function consentDisclosureId(
  channel: ConsentChannel,
  applicant: Applicant,
): ConsentDisclosureId {
  return `${applicant === 'joint' ? 'joint-' : ''}marketing-${channel}`
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** What the placeholders of a brand's texts stand for. */
function placeholders(brandId: BrandId, facts: BrandDisclosureFacts): Record<string, string> {
  const brand = brands[brandId]
  return {
    tradingName: brand.tradingName,
    legalName: brand.firm.legalName,
    commissionModel: facts.commissionModel,
    panelSize: String(facts.panelSize),
    tie: facts.tie,
    partners: joinNames(facts.partners),
    termsEdition: facts.termsEdition,
    privacyEdition: facts.privacyEdition,
  }
}

/** A template filled in; an unknown placeholder is an error, never shown as `{name}`. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new RangeError(`unknown placeholder {${name}}`)
    return value
  })
}

export interface RenderedDisclosure {
  brand: BrandId
  id: DisclosureId
  title: string
  version: number
  /** The exact text shown: what the hash is taken over (UTF-8). */
  text: string
}

/** The exact text of one version for a brand; undefined when the brand has no such disclosure or version. */
export function renderDisclosure(
  brandId: BrandId,
  id: string,
  version: number,
  all: Readonly<Record<BrandId, BrandDisclosures>> = brandDisclosures,
): RenderedDisclosure | undefined {
  const settings = all[brandId]
  const definition = DEFINITIONS.get(id)
  if (settings === undefined || definition === undefined) return undefined
  if (!settings.ids.includes(definition.id)) return undefined
  const found = definition.versions.find((entry) => entry.version === version)
  return found === undefined ? undefined : rendered(brandId, definition, found, settings.facts)
}

function rendered(
  brandId: BrandId,
  definition: DisclosureDefinition,
  found: DisclosureVersion,
  facts: BrandDisclosureFacts,
): RenderedDisclosure {
  return {
    brand: brandId,
    id: definition.id,
    title: definition.title,
    version: found.version,
    text: fillTemplate(
      found.template,
      placeholders(brandId, { ...facts, ...found.factsThen?.[brandId] }),
    ),
  }
}

/**
 * The current version of a definition for a brand, for the texts every brand must have (the commission
 * disclosure and the panel statement, brand-check.ts): the start screen imports these two definitions
 * and this function only, so its code carries no other text.
 */
export function currentRequiredDisclosure(
  brandId: BrandId,
  definition: DisclosureDefinition,
): RenderedDisclosure {
  const last = definition.versions[definition.versions.length - 1]
  if (last === undefined) throw new RangeError(`${definition.id} has no version`)
  return rendered(brandId, definition, last, brandDisclosureFacts[brandId])
}

/** The current version of one of a brand's disclosures. */
export function currentDisclosure(
  brandId: BrandId,
  id: DisclosureId,
): RenderedDisclosure | undefined {
  const definition = DEFINITIONS.get(id)
  const last = definition?.versions[definition.versions.length - 1]
  return last === undefined ? undefined : renderDisclosure(brandId, id, last.version)
}

/** Every version of every disclosure a brand has, rendered (the manifest is made from these). */
export function allRenderedDisclosures(brandId: BrandId): RenderedDisclosure[] {
  const settings = brandDisclosures[brandId]
  return DISCLOSURES.filter((definition) => settings.ids.includes(definition.id)).flatMap(
    (definition) =>
      definition.versions.flatMap((entry) => {
        const rendered = renderDisclosure(brandId, definition.id, entry.version)
        return rendered === undefined ? [] : [rendered]
      }),
  )
}
