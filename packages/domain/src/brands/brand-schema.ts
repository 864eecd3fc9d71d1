// The shape and formats of a brand configuration, for the server's start-up check and the tests.
// Never imported by the start screen (zod is too heavy for its budget); brand-check.ts adds the
// rules that need a calculation: colour contrast and the representative example's APR.

import { z } from 'zod'
import { isEmailAddress } from '../fields/email'
import type {
  Brand,
  BrandContact,
  BrandRating,
  FirmDetails,
  RepresentativeExampleTerms,
} from './brand'
import { BRAND_IDS } from './brand-data'
import { HEADLINE_PLACEHOLDERS } from './headline'

const missing = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing' : undefined

// Only the object's own type is reworded; unknown keys keep zod's message, which names them.
const objectError = (issue: { code?: string; input: unknown }) =>
  issue.code === 'invalid_type' ? (missing(issue) ?? 'must be an object') : undefined

function text() {
  return z
    .string({ error: (issue) => missing(issue) ?? 'must be text' })
    .refine((value) => value.trim() !== '', 'is missing')
}

function amount(rule: string) {
  return z.number({ error: (issue) => missing(issue) ?? `must be ${rule}` })
}

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/
const GTM_ID = /^GTM-[A-Z0-9]+$/
// Dot-separated labels of letters, digits and hyphens, not starting or ending with a hyphen.
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/
// Scheme, host and an optional path; a brand's links leave for the open web, so only https.
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:[/?#]\S*)?$/

function httpsUrlOrEmpty(meaning: string) {
  return z
    .string({ error: (issue) => missing(issue) ?? 'must be text' })
    .refine((value) => value === '' || HTTPS_URL.test(value), `must be an https address ${meaning}`)
}

export const representativeExampleTermsSchema = z.strictObject(
  {
    amount: amount('a positive amount').positive('must be a positive amount'),
    termMonths: amount('a whole number of months')
      .int('must be a whole number of months')
      .positive('must be a whole number of months'),
    apr: amount('a percentage').nonnegative('must not be negative'),
    rateType: z.enum(['fixed', 'variable'], {
      error: (issue) => missing(issue) ?? "must be 'fixed' or 'variable'",
    }),
    interestRate: amount('a percentage').nonnegative('must not be negative').optional(),
    productFee: amount('an amount in pounds').nonnegative('must not be negative').optional(),
    lendingFee: amount('an amount in pounds').nonnegative('must not be negative').optional(),
    securedOnProperty: z.boolean({ error: (issue) => missing(issue) ?? 'must be true or false' }),
  },
  { error: objectError },
)

export const firmDetailsSchema = z.strictObject(
  {
    legalName: text(),
    regulatoryStatement: text()
      .refine(
        (value) => value.includes('authorised and regulated by the Financial Conduct Authority'),
        "must say 'authorised and regulated by the Financial Conduct Authority'",
      )
      // Every brand is a credit broker (docs/decisions/1532), and must say so.
      .refine((value) => value.includes('credit broker'), "must say 'credit broker'"),
    firmReferenceNumber: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(/^\d{6,7}$/, 'must be the 6 or 7 digits of the Financial Services Register'),
    postalAddress: text(),
  },
  { error: objectError },
)

// A UK number with its area code, digits in groups: 01, 02 and 03 numbers, freephone 0800 and 0808,
// and mobiles. Numbers that cost the caller more than a basic rate (084, 087, 09) and personal
// numbers (070) are refused: an applicant must be able to reach the broker at a basic rate.
const UK_PHONE = /^0(?:[1-3]\d|7[1-57-9]|80[08])[\d ]+$/
const PHONE_DIGITS = /^\d{10,11}$/

export const contactSchema = z.strictObject(
  {
    phone: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .refine(
        (value) =>
          UK_PHONE.test(value) &&
          !/ {2}|^ | $/.test(value) &&
          PHONE_DIGITS.test(value.replaceAll(' ', '')),
        'must be a basic-rate or freephone UK number with its area code, such as 0117 496 0731',
      ),
    email: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .refine(isEmailAddress, 'must be an email address'),
    openingHours: text(),
    replyWithin: text(),
  },
  { error: objectError },
)

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

export const ratingSchema = z
  .strictObject(
    {
      source: text(),
      sourceUrl: z
        .string({ error: (issue) => missing(issue) ?? 'must be text' })
        .regex(HTTPS_URL, 'must be the https address of the rating'),
      score: amount('a number').positive('must be more than 0'),
      outOf: amount('a number').positive('must be more than 0'),
      reviewCount: amount('a whole number of reviews')
        .int('must be a whole number of reviews')
        .positive('must be a whole number of reviews'),
      date: z
        .string({ error: (issue) => missing(issue) ?? 'must be text' })
        .refine(isCalendarDate, 'must be the date the figures were read, written yyyy-mm-dd'),
    },
    { error: objectError },
  )
  .refine((rating) => rating.score <= rating.outOf, {
    message: 'must not be more than outOf',
    path: ['score'],
  })

const PLACEHOLDER = /\{[^}]*\}/g

export const brandSchema = z.strictObject(
  {
    id: z.enum(BRAND_IDS as [Brand['id'], ...Brand['id'][]], {
      error: (issue) => missing(issue) ?? `must be one of ${BRAND_IDS.join(', ')}`,
    }),
    kind: z.enum(['lender-broker', 'second-broker', 'car-finance', 'credit-score-partner'], {
      error: (issue) => missing(issue) ?? 'is not a known kind of brand',
    }),
    tradingName: text(),
    headline: text().refine(
      (value) =>
        (value.match(PLACEHOLDER) ?? []).every((placeholder) =>
          (HEADLINE_PLACEHOLDERS as readonly string[]).includes(placeholder),
        ),
      `may hold only the placeholders ${HEADLINE_PLACEHOLDERS.join(' and ')}`,
    ),
    colour: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(HEX_COLOUR, 'must be a colour written #RRGGBB'),
    textOnColour: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(HEX_COLOUR, 'must be a colour written #RRGGBB'),
    gtmId: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(GTM_ID, 'must be GTM- followed by upper-case letters or digits'),
    affiliateKey: text(),
    domains: z
      .array(
        z
          .string({ error: () => 'must be text' })
          .regex(HOST_NAME, 'must be a lower-case host name without a port, as www.example.com'),
        { error: (issue) => missing(issue) ?? 'must be a list' },
      )
      .min(1, 'must name at least one host the brand is served on'),
    logo: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(/^\/brands\/[a-z0-9-]+\.svg$/, 'must be an SVG under /brands/'),
    privacyUrl: httpsUrlOrEmpty('or empty for the in-page modal'),
    termsUrl: httpsUrlOrEmpty('or empty for the in-page modal'),
    thankYouUrl: httpsUrlOrEmpty('or empty for our own confirmation page'),
    emailInThankYouUrl: z
      .boolean({ error: (issue) => missing(issue) ?? 'must be true or false' })
      .optional(),
    showsDepositAndLookingToBuy: z.boolean({
      error: (issue) => missing(issue) ?? 'must be true or false',
    }),
    loanKinds: z
      .array(z.enum(['vehicle', 'property'], { error: () => "must be 'vehicle' or 'property'" }), {
        error: (issue) => missing(issue) ?? 'must be a list',
      })
      .min(1, 'must offer at least one kind of loan'),
    representativeExample: representativeExampleTermsSchema,
    firm: firmDetailsSchema,
    contact: contactSchema,
    softSearch: z.boolean({ error: (issue) => missing(issue) ?? 'must be true or false' }),
    rating: ratingSchema.optional(),
  },
  { error: objectError },
)

// The schema and the hand-written types must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameBrand: Same<z.infer<typeof brandSchema>, Brand> = true
const sameTerms: Same<
  z.infer<typeof representativeExampleTermsSchema>,
  RepresentativeExampleTerms
> = true
const sameFirm: Same<z.infer<typeof firmDetailsSchema>, FirmDetails> = true
const sameContact: Same<z.infer<typeof contactSchema>, BrandContact> = true
const sameRating: Same<z.infer<typeof ratingSchema>, BrandRating> = true
void [sameBrand, sameTerms, sameFirm, sameContact, sameRating]
