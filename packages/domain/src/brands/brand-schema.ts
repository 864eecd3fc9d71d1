// The shape and formats of a brand configuration, for the server's start-up check and the tests.
// Never imported by the start screen (zod is too heavy for its budget); brand-check.ts adds the
// rules that need a calculation: colour contrast and the representative example's APR.

import { z } from 'zod'
import type { Brand, FirmDetails, RepresentativeExampleTerms } from './brand'
import { BRAND_IDS } from './brand-data'

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
    regulatoryStatement: text().refine(
      (value) => value.includes('authorised and regulated by the Financial Conduct Authority'),
      "must say 'authorised and regulated by the Financial Conduct Authority'",
    ),
    firmReferenceNumber: z
      .string({ error: (issue) => missing(issue) ?? 'must be text' })
      .regex(/^\d{6,7}$/, 'must be the 6 or 7 digits of the Financial Services Register'),
    postalAddress: text(),
  },
  { error: objectError },
)

export const brandSchema = z.strictObject(
  {
    id: z.enum(BRAND_IDS as [Brand['id'], ...Brand['id'][]], {
      error: (issue) => missing(issue) ?? `must be one of ${BRAND_IDS.join(', ')}`,
    }),
    kind: z.enum(['lender-broker', 'second-broker', 'car-finance', 'credit-score-partner'], {
      error: (issue) => missing(issue) ?? 'is not a known kind of brand',
    }),
    tradingName: text(),
    headline: text(),
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
void [sameBrand, sameTerms, sameFirm]
