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
  const rendered = renderDisclosure(brand, id, version)
  if (rendered === undefined) return false
  const actual = disclosureHash(rendered.text)
  return actual === hash && publishedHash(brand, id, version) === actual
}

export interface CurrentText extends RenderedDisclosure {
  hash: string
}

/** The current version of a brand's disclosure with its hash (for records the server makes itself). */
export function currentText(brand: BrandId, id: DisclosureId): CurrentText | undefined {
  const rendered = currentDisclosure(brand, id)
  return rendered === undefined ? undefined : { ...rendered, hash: disclosureHash(rendered.text) }
}
