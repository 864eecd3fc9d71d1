// Rejects a brand whose configuration is incomplete or unsafe (docs/requirements.md#brands), as a readable
// list the server prints at start-up before refusing to run.

import type { z } from 'zod'
import { reconcileApr } from '../finance/representative-example'
import { brands } from './brand-data'
import { brandSchema, representativeExampleTermsSchema } from './brand-schema'
import { checkDisclosureSettings } from './disclosure-schema'
import type { BrandId } from './brand'
import {
  brandDisclosures,
  disclosureDefinition,
  renderDisclosure,
  type BrandDisclosures,
} from './disclosures'

/** WCAG 2.2 AA for normal text. */
export const MINIMUM_CONTRAST = 4.5

function channels(colour: string): [number, number, number] {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())
  if (!match?.[1]) throw new RangeError(`'${colour}' is not a #RRGGBB or #RGB colour`)
  const hex =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ]
}

function relativeLuminance(colour: string): number {
  const [red, green, blue] = channels(colour).map((value) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
  }) as [number, number, number]
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

/** WCAG 2.x contrast ratio of two colours (#RRGGBB or #RGB), from 1 to 21; order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ]
  return (lighter + 0.05) / (darker + 0.05)
}

function describePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'the configuration' : path.map(String).join('.')
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') {
    // Usually a misspelt field, so the full path of each helps most.
    return issue.keys.map((key) => `unknown field ${[...issue.path, key].map(String).join('.')}`)
  }
  return [`${describePath(issue.path)} ${issue.message}`]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Problems with one brand, each prefixed with the brand's id; empty when the brand is fine. */
export function checkBrand(brand: unknown): string[] {
  const label = isRecord(brand) && typeof brand.id === 'string' && brand.id ? brand.id : 'brand'
  const problems: string[] = []
  const parsed = brandSchema.safeParse(brand)
  if (!parsed.success) problems.push(...parsed.error.issues.flatMap(describeIssue))
  if (!isRecord(brand)) return problems.map((problem) => `${label}: ${problem}`)

  const { colour, textOnColour } = brand
  if (typeof colour === 'string' && typeof textOnColour === 'string') {
    try {
      const ratio = contrastRatio(textOnColour, colour)
      if (ratio < MINIMUM_CONTRAST) {
        // Rounded down, so a ratio just under the bar never reads as 4.50.
        const shown = (Math.floor(ratio * 100) / 100).toFixed(2)
        problems.push(
          `textOnColour ${textOnColour} on colour ${colour} has a contrast of ${shown}:1, ` +
            `under the ${MINIMUM_CONTRAST}:1 that text needs`,
        )
      }
    } catch {
      // A malformed colour is already reported by the schema.
    }
  }

  const terms = representativeExampleTermsSchema.safeParse(brand.representativeExample)
  if (terms.success) {
    const reconciliation = reconcileApr(terms.data)
    if (!reconciliation.reconciles) {
      problems.push(
        `representativeExample APR ${reconciliation.statedApr}% does not reconcile: the calculator ` +
          `gives ${reconciliation.computedApr}% from the amount, term, interest rate and fees`,
      )
    }
    const loanKinds = brand.loanKinds
    if (
      terms.data.securedOnProperty &&
      Array.isArray(loanKinds) &&
      !loanKinds.includes('property')
    ) {
      problems.push(
        'representativeExample is secured on property but the brand offers no property loan',
      )
    }
  }

  const statement = isRecord(brand.firm) ? brand.firm.regulatoryStatement : undefined
  const claim = typeof statement === 'string' ? LENDER_CLAIM.exec(statement) : null
  if (claim) {
    problems.push(`firm.regulatoryStatement says "${claim[0]}", but every brand is a credit broker`)
  }

  return problems.map((problem) => `${label}: ${problem}`)
}

/**
 * Words that make a firm a lender. Every brand is a credit broker, not a lender, and says so in its
 * regulatory statement and commission disclosure (decision 1532): a text that also calls it a lender
 * contradicts them on the same page.
 */
const LENDER_CLAIM =
  /\b(is itself a lender|are (also )?a lender|(a )?loans? of our own|our own loans?|lends? in (its|our) own name)\b/i

/** The current text of each of a brand's disclosures that claims the firm lends. */
function lenderClaims(key: string, settings: unknown): string[] {
  if (!isRecord(settings) || !Array.isArray(settings.ids) || !isRecord(settings.facts)) return []
  const all = { [key]: settings } as unknown as Record<BrandId, BrandDisclosures>
  const problems: string[] = []
  for (const id of settings.ids as string[]) {
    const versions = disclosureDefinition(id)?.versions ?? []
    const current = versions[versions.length - 1]
    if (current === undefined) continue
    let text: string | undefined
    try {
      text = renderDisclosure(key as BrandId, id, current.version, all)?.text
    } catch {
      continue // an unknown placeholder is reported by the disclosure check
    }
    const claim = text === undefined ? null : LENDER_CLAIM.exec(text)
    if (claim) {
      problems.push(
        `disclosure ${id} says "${claim[0]}", but the firm is a credit broker, not a lender, as its ` +
          'regulatory statement and commission disclosure say',
      )
    }
  }
  return problems
}

/**
 * Every brand checked, plus what only shows across brands: the key must be the brand's id, and
 * affiliate keys, tag-manager ids and domains must not repeat (a submission would be credited wrongly).
 */
export function checkAllBrands(
  all: Readonly<Record<string, unknown>> = brands,
  disclosures: Readonly<Record<string, unknown>> = brandDisclosures,
): string[] {
  const problems: string[] = []
  const seen = { affiliateKey: new Map<unknown, string>(), gtmId: new Map<unknown, string>() }
  const seenDomains = new Map<unknown, string>()
  for (const [key, brand] of Object.entries(all)) {
    problems.push(...checkBrand(brand))
    // The disclosures live beside the brand record (disclosures.ts, decision 1651).
    const settings = Object.hasOwn(disclosures, key) ? disclosures[key] : undefined
    problems.push(...checkDisclosureSettings(settings).map((problem) => `${key}: ${problem}`))
    if (Object.hasOwn(brands, key)) {
      problems.push(...lenderClaims(key, settings).map((problem) => `${key}: ${problem}`))
    }
    if (!isRecord(brand)) continue
    if (brand.id !== key) problems.push(`${key}: id ${String(brand.id)} differs from its key`)
    for (const field of ['affiliateKey', 'gtmId'] as const) {
      const value = brand[field]
      const first = seen[field].get(value)
      if (first !== undefined && value !== undefined) {
        problems.push(`${key}: ${field} ${String(value)} is already used by ${first}`)
      } else {
        seen[field].set(value, key)
      }
    }
    for (const domain of Array.isArray(brand.domains) ? (brand.domains as unknown[]) : []) {
      const first = seenDomains.get(domain)
      if (first !== undefined)
        problems.push(`${key}: domain ${String(domain)} is already used by ${first}`)
      else seenDomains.set(domain, key)
    }
  }
  return problems
}
