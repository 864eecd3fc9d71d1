// The SHA-256 of a disclosure's exact text, and the check of a reported (id, version, hash) against the
// committed manifest (packages/domain/src/brands/disclosure-manifest.ts). Decision 1651.

import { createHash } from 'node:crypto'
import type { BrandId } from '@forecourt/domain/brands/brand'
import {
  currentDisclosure,
  renderDisclosure,
  type DisclosureId,
  type RenderedDisclosure,
} from '@forecourt/domain/brands/disclosures'
import { DISCLOSURE_MANIFEST as PUBLISHED } from '@forecourt/domain/brands/disclosure-manifest'

/** Brand → disclosure id → version → SHA-256 (hex) of the rendered text. */
export type DisclosureManifest = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
>

export const DISCLOSURE_MANIFEST: DisclosureManifest = PUBLISHED

/** SHA-256, lower-case hex, of the text's UTF-8 bytes. */
export function disclosureHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** The manifest's hash for one version; undefined when it is not published. */
export function publishedHash(brand: string, id: string, version: number): string | undefined {
  return DISCLOSURE_MANIFEST[brand]?.[id]?.[String(version)]
}

/**
 * Whether the browser's report names a text the brand has published: the id, the version and the hash of
 * its text. The hash is worked out afresh from the text, so a manifest edited by hand proves nothing.
 */
export function isPublishedDisclosure(
  brand: BrandId,
  id: string,
  version: number,
  hash: string,
): boolean {
  const actual = renderedHash(brand, id, version)
  return actual !== undefined && actual === hash && publishedHash(brand, id, version) === actual
}

// A version's text never changes while the process runs, so each is rendered and hashed once: a
// submission records a dozen texts, and the work belongs off its path.
const rendered = new Map<string, string | undefined>()

function renderedHash(brand: BrandId, id: string, version: number): string | undefined {
  const key = `${brand}\u0000${id}\u0000${version}`
  if (!rendered.has(key)) {
    const text = renderDisclosure(brand, id, version)?.text
    rendered.set(key, text === undefined ? undefined : disclosureHash(text))
  }
  return rendered.get(key)
}

export interface CurrentText extends RenderedDisclosure {
  hash: string
}

/** The current version of a brand's disclosure with its hash (for records the server makes itself). */
export function currentText(brand: BrandId, id: DisclosureId): CurrentText | undefined {
  const key = `${brand}\u0000${id}`
  if (!current.has(key)) {
    const text = currentDisclosure(brand, id)
    current.set(key, text === undefined ? undefined : { ...text, hash: disclosureHash(text.text) })
  }
  return current.get(key)
}

const current = new Map<string, CurrentText | undefined>()
