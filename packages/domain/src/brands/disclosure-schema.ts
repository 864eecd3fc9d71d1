// The shape of a brand's disclosure settings (disclosures.ts), for the brand check run at server start-up
// and in tests. Kept apart from disclosures.ts so the texts can be loaded without zod.

import { z } from 'zod'
import { DISCLOSURES, type BrandDisclosures, type DisclosureId } from './disclosures'

const KNOWN_IDS = DISCLOSURES.map((definition) => definition.id) as [
  DisclosureId,
  ...DisclosureId[],
]

const missing = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing' : undefined

function text() {
  return z
    .string({ error: (issue) => missing(issue) ?? 'must be text' })
    .refine((value) => value.trim() !== '', 'is missing')
}

export const brandDisclosureFactsSchema = z.strictObject({
  commissionModel: text(),
  panelSize: z
    .number({ error: (issue) => missing(issue) ?? 'must be a number of lenders' })
    .int('must be a whole number of lenders')
    .positive('must be a whole number of lenders'),
  tie: text(),
  partners: z.array(text(), { error: (issue) => missing(issue) ?? 'must be a list' }),
  termsEdition: text(),
  privacyEdition: text(),
})

export const brandDisclosuresSchema = z.strictObject({
  facts: brandDisclosureFactsSchema,
  ids: z.array(
    z.enum(KNOWN_IDS, { error: (issue) => `${String(issue.input)} is not a known disclosure` }),
    { error: (issue) => missing(issue) ?? 'must be a list' },
  ),
})

// What the schema accepts is a BrandDisclosures (the type's lists are read-only, the schema's are not).
type Accepts<A, B> = [A] extends [B] ? true : false
const accepts: Accepts<z.infer<typeof brandDisclosuresSchema>, BrandDisclosures> = true
void accepts

/** The disclosures every brand must have: CONC 4.5.3R asks for the commission; the panel goes with it. */
export const REQUIRED_DISCLOSURES: readonly DisclosureId[] = ['commission', 'panel']

/** Problems with one brand's disclosure settings, unprefixed; empty when they are fine. */
export function checkDisclosureSettings(settings: unknown): string[] {
  if (settings === undefined) {
    return REQUIRED_DISCLOSURES.map((id) => `has no ${describe(id)}`)
  }
  const parsed = brandDisclosuresSchema.safeParse(settings)
  if (!parsed.success) {
    return parsed.error.issues.map(
      (issue) => `disclosures.${issue.path.map(String).join('.')} ${issue.message}`,
    )
  }
  const problems = REQUIRED_DISCLOSURES.filter((id) => !parsed.data.ids.includes(id)).map(
    (id) => `has no ${describe(id)}`,
  )
  const partnerConsents = parsed.data.ids.some((id) => id.includes('marketing-partner-'))
  if (partnerConsents && parsed.data.facts.partners.length === 0) {
    problems.push('asks for partner marketing consent without naming a partner')
  }
  return problems
}

function describe(id: DisclosureId): string {
  return id === 'commission' ? 'commission disclosure' : id === 'panel' ? 'panel statement' : id
}
