// What the search index stores and what a search looks up, as plain text before hashing: the tokens of an
// application (search-index.ts hashes them) and the terms of what a broker types. Both sides go through
// the same normalisers, so what is typed finds what was stored. Pure functions, no key and no database.
// Decision records: docs/decisions/1605-* (the keyed index), 2125-* (tokens, first names, joint
// applicant's names, reference prefixes, several words).

import { normalisePhoneForSending, sanitisePhoneInput } from '@forecourt/domain/fields/phone'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import type { SearchField } from './search-index-rows'

export type SearchTerm = { field: SearchField; value: string }

// --- References ---

/** A search by reference needs FC and at least this many of its twelve characters. */
export const REFERENCE_PREFIX_MIN = 4

const COMPACT_REFERENCE_PREFIX = new RegExp(`^FC[0-9A-Z]{${REFERENCE_PREFIX_MIN},12}$`)

/** FC-7K2M-9QXD-R4TB, fc 7k2m9qxd, Fc-7K2m: without spaces or hyphens, in capitals. */
export function compactReference(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase()
}

/** The stored form of a compact reference or prefix, hyphens put back: FC7K2M9Q -> FC-7K2M-9Q. */
export function hyphenatedReference(compact: string): string {
  const characters = compact.slice(2)
  const groups = characters.match(/.{1,4}/g) ?? []
  return ['FC', ...groups].join('-')
}

/**
 * The start of a reference the index holds a row for: FC and its first four characters, compact
 * (FC-7K2M-9QXD-R4TB and FC-7K2M-9Q -> FC7K2M), or undefined for what is not a reference or its start. One row per application
 * finds every longer start too: the applications under the row are few (one in a million references
 * share it) and each one's reference is worked out from its key, so a search keeps those whose reference
 * starts with what was typed (decision 2184).
 */
export function referenceBucket(reference: string): string | undefined {
  const compact = compactReference(reference)
  return COMPACT_REFERENCE_PREFIX.test(compact)
    ? compact.slice(0, 2 + REFERENCE_PREFIX_MIN)
    : undefined
}

// --- Email addresses, phone numbers, postcodes: as before, the domain's normalisation ---

export function normaliseEmailTerm(value: string): string {
  return value.trim().toLowerCase()
}

export function normalisePhoneTerm(value: string): string {
  return normalisePhoneForSending(sanitisePhoneInput(value))
}

// --- Names ---

// Straight, typographic and modifier apostrophes, the grave accent and the acute accent typed in their
// place. Escapes, not the characters: the compiled server stays Latin-1 (decision 1961).
const APOSTROPHES = /['`\u00b4\u2018\u2019\u02bc]/g
const COMBINING_MARKS = /\p{M}/gu
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u

/**
 * A name as the index compares it: lower case, accents taken off (NFKD, then combining marks removed), and
 * apostrophes dropped. "O'Brien" and "OBrien" -> "obrien", "Zoe" and "Zo\u00eb" -> "zoe". Lower case as
 * toLowerCase, the same as en-GB's without loading ICU's locale data (decision 2021).
 */
export function normaliseNameText(value: string): string {
  return value.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '').replace(APOSTROPHES, '')
}

/**
 * The tokens of one name: its parts (split at hyphens, spaces and anything else that is not a letter or a
 * digit) and, when there are several, the whole, its parts joined by one space. "Okafor-Smith" ->
 * ["okafor smith", "okafor", "smith"]; "Ada" -> ["ada"].
 */
export function nameTokens(value: string): string[] {
  const parts = normaliseNameText(value)
    .split(NOT_LETTER_OR_DIGIT)
    .filter((part) => part !== '')
  if (parts.length <= 1) return parts
  return [...new Set([parts.join(' '), ...parts])]
}

// --- Queries ---

/** Why a query cannot be searched. */
export type QueryProblem = 'unrecognised' | 'shortReference' | 'tooManyWords'

/** A search looks up at most this many terms, all of which must match. */
export const MAX_QUERY_TERMS = 8

// Letters, then letters, accents, apostrophes, dots and hyphens: one word of a name.
const NAME_WORD = /^\p{L}[\p{L}\p{M}'`\u00b4\u2018\u2019\u02bc.-]*$/u
// FC then a space, a hyphen or a digit, and fewer than four characters: the start of a reference, too
// short to look up. (Letters alone, "Fcab", are read as a name.)
const SHORT_REFERENCE = /^FC(?=[\s\d-])[\s-]*(?:[0-9A-Z][\s-]*){0,3}$/i

/** One word (or the whole query) read as a reference, an email address, a phone number or a postcode. */
function exactTerm(text: string): SearchTerm | undefined {
  const reference = compactReference(text)
  if (COMPACT_REFERENCE_PREFIX.test(reference)) return { field: 'reference', value: reference }
  if (text.includes('@') && !/\s/.test(text)) {
    return { field: 'email', value: normaliseEmailTerm(text) }
  }
  if (/^[\d\s+().-]+$/.test(text) && text.replace(/\D/g, '').length >= 10) {
    return { field: 'phone', value: normalisePhoneTerm(text) }
  }
  if (isValidUkPostcode(text)) return { field: 'postcode', value: normalisePostcode(text) }
  return undefined
}

/**
 * The terms of what was typed in the search box, every one of which an application must have. The whole
 * text is tried first as a reference (or its start), a phone number or a postcode, which may hold
 * spaces; otherwise each word on its own is one of those, an email address, or a word of a name (whose
 * hyphenated parts count as one name: "okafor-smith"), or else read with the words after it as a
 * postcode or phone number. Empty for an empty query.
 */
export function classifyQuery(query: string): SearchTerm[] | QueryProblem {
  const trimmed = query.trim()
  if (trimmed === '') return []
  const whole = exactTerm(trimmed)
  if (whole !== undefined) return [whole]
  if (SHORT_REFERENCE.test(trimmed)) return 'shortReference'
  const terms = new Map<string, SearchTerm>()
  const words = trimmed.split(/\s+/)
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!
    let term = exactTerm(word)
    if (term === undefined && SHORT_REFERENCE.test(word)) return 'shortReference'
    if (term === undefined && NAME_WORD.test(word)) {
      const tokens = nameTokens(word)
      // The whole of a hyphenated word ("okafor smith"), or its one part.
      if (tokens[0] !== undefined) term = { field: 'name', value: tokens[0] }
    }
    // A postcode or a phone number written with spaces among other words ("smith LS6 3AH", "smith 07911
    // 123 456"): this word and the next one to three read together.
    for (let more = 1; term === undefined && more <= 3 && index + more < words.length; more += 1) {
      term = exactTerm(words.slice(index, index + more + 1).join(' '))
      if (term !== undefined) index += more
    }
    if (term === undefined) return 'unrecognised'
    terms.set(`${term.field}\u0000${term.value}`, term)
  }
  if (terms.size > MAX_QUERY_TERMS) return 'tooManyWords'
  return [...terms.values()]
}
