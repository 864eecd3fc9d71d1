// A published disclosure text never changes: the committed manifest holds the hash of every version, and
// a text edited without a new version fails here (and in the generator) naming the text. Decision 1651.

import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { allRenderedDisclosures } from '@forecourt/domain/brands/disclosures'
import {
  currentText,
  DISCLOSURE_MANIFEST,
  disclosureHash,
  isPublishedDisclosure,
} from '../src/evidence/disclosure-hash'
import { updatedManifest } from '../src/evidence/write-disclosure-manifest'

test('every version of every text is in the committed manifest with the hash of its text', () => {
  const { added, changed } = updatedManifest()
  // `added` not empty: run `node --import tsx apps/server/src/evidence/write-disclosure-manifest.ts`.
  expect(added).toEqual([])
  // `changed` not empty: a published text was edited; put it back and add a new version instead.
  expect(changed).toEqual([])
  for (const brand of BRAND_IDS) {
    for (const rendered of allRenderedDisclosures(brand)) {
      expect(DISCLOSURE_MANIFEST[brand]?.[rendered.id]?.[String(rendered.version)]).toBe(
        createHash('sha256').update(Buffer.from(rendered.text, 'utf8')).digest('hex'),
      )
    }
  }
})

test('a text changed without a new version is named as changed', () => {
  const edited = structuredClone(DISCLOSURE_MANIFEST) as Record<
    string,
    Record<string, Record<string, string>>
  >
  edited.carfinance!.commission!['1'] = disclosureHash(
    'the text as it was before someone edited it',
  )
  const { changed, added } = updatedManifest(edited)
  expect(changed).toEqual(['carfinance commission version 1'])
  expect(added).toEqual([])
})

test('a version missing from the manifest is named as new', () => {
  const partial = structuredClone(DISCLOSURE_MANIFEST) as Record<
    string,
    Record<string, Record<string, string>>
  >
  delete partial.milebroker!.panel
  expect(updatedManifest(partial).added).toEqual([
    'milebroker panel version 1',
    'milebroker panel version 2',
  ])
})

test('the hash is SHA-256 of the UTF-8 text, so one typographic character changes it', () => {
  expect(disclosureHash('abc')).toBe(
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  )
  expect(disclosureHash('doesn’t')).not.toBe(disclosureHash("doesn't"))
})

test('a report is accepted only for a published id, version and the hash of that exact text', () => {
  const commission = currentText('scorepal', 'commission')!
  expect(isPublishedDisclosure('scorepal', 'commission', 1, commission.hash)).toBe(true)
  expect(isPublishedDisclosure('scorepal', 'commission', 2, commission.hash)).toBe(false)
  expect(isPublishedDisclosure('scorepal', 'panel', 1, commission.hash)).toBe(false)
  // The same id and version on another brand is another text.
  expect(isPublishedDisclosure('creditlens', 'commission', 1, commission.hash)).toBe(false)
  expect(isPublishedDisclosure('scorepal', 'no-such-text', 1, commission.hash)).toBe(false)
})
