// What the search index stores and what a search looks up, before any hashing: the normalisation of
// names (case, accents, apostrophes, hyphenated and spaced parts), the start of a reference, and how a
// query is read into terms that must all match (decision 2125).

import { expect, test } from 'vitest'
import {
  classifyQuery,
  compactReference,
  hyphenatedReference,
  nameTokens,
  normaliseNameText,
  referenceBucket,
} from '../src/back-office/search-terms'

test.each([
  ['Ada', 'ada'],
  ['OKAFOR-SMITH', 'okafor-smith'],
  ["O'Brien", 'obrien'],
  ['O\u2019Brien', 'obrien'],
  ['O\u2018Brien', 'obrien'],
  ['O\u02bcBrien', 'obrien'],
  ['O`Brien', 'obrien'],
  ['OBrien', 'obrien'],
  // Accents, composed or typed as a letter and a combining mark.
  ['Zo\u00eb', 'zoe'],
  ['Zoe\u0308', 'zoe'],
  ['Bront\u00eb', 'bronte'],
  ['Se\u00f1or', 'senor'],
  ['\u00c5ngstr\u00f6m', 'angstrom'],
  ['Fran\u00e7ois', 'francois'],
  // A dotted capital I is an i.
  ['\u0130lhan', 'ilhan'],
  // Compatibility forms (NFKD): a ligature and full-width letters.
  ['\ufb01ona', 'fiona'],
  ['\uff21da', 'ada'],
])('the name %j is compared as %j', (name, normalised) => {
  expect(normaliseNameText(name)).toBe(normalised)
})

test.each([
  ['Ada', ['ada']],
  ['  ada  ', ['ada']],
  ['Okafor-Smith', ['okafor smith', 'okafor', 'smith']],
  ['Okafor Smith', ['okafor smith', 'okafor', 'smith']],
  ["O'Brien", ['obrien']],
  ['Mary-Jane', ['mary jane', 'mary', 'jane']],
  ['de la Cruz', ['de la cruz', 'de', 'la', 'cruz']],
  ['St. John', ['st john', 'st', 'john']],
  ['Smith--Smith', ['smith smith', 'smith']],
  ['Jos\u00e9-Mar\u00eda', ['jose maria', 'jose', 'maria']],
  ["'", []],
  ['', []],
])('the name %j gives the tokens %j', (name, tokens) => {
  expect(nameTokens(name)).toEqual(tokens)
})

test('a reference and every start of it from FC and four characters are held under its first four, compact, in capitals', () => {
  expect(referenceBucket('FC-7K2M-9QXD-R4TB')).toBe('FC7K2M')
  expect(referenceBucket('fc-7k2m-9qxd-r4tb')).toBe('FC7K2M')
  expect(referenceBucket('FC7K2M9Q')).toBe('FC7K2M')
  expect(referenceBucket('FC-7K2M')).toBe('FC7K2M')
  // Too short, too long, or not a reference.
  expect(referenceBucket('FC-7K2')).toBeUndefined()
  expect(referenceBucket('FC-7K2M-9QXD-R4TB-1')).toBeUndefined()
  expect(referenceBucket('AB-7K2M-9QXD')).toBeUndefined()
  expect(compactReference(' fc 7k2m-9q ')).toBe('FC7K2M9Q')
  expect(hyphenatedReference('FC7K2M')).toBe('FC-7K2M')
  expect(hyphenatedReference('FC7K2M9Q')).toBe('FC-7K2M-9Q')
  expect(hyphenatedReference('FC7K2M9QXDR4TB')).toBe('FC-7K2M-9QXD-R4TB')
})

test.each([
  // References, whole or their start, in any case, with or without hyphens and spaces.
  [' fc-nn07-t1t4-r4tb ', [{ field: 'reference', value: 'FCNN07T1T4R4TB' }]],
  ['FC-RQE9', [{ field: 'reference', value: 'FCRQE9' }]],
  ['fc-rqe9-a', [{ field: 'reference', value: 'FCRQE9A' }]],
  ['FC RQE9 AB12', [{ field: 'reference', value: 'FCRQE9AB12' }]],
  ['fcrqe9', [{ field: 'reference', value: 'FCRQE9' }]],
  ['FC-NN07-T1T4', [{ field: 'reference', value: 'FCNN07T1T4' }]],
  // Email addresses, phone numbers and postcodes as before.
  ['Ada.ONeill@Example.com', [{ field: 'email', value: 'ada.oneill@example.com' }]],
  ['+44 7911 123456', [{ field: 'phone', value: '07911123456' }]],
  ['(07911) 123-456', [{ field: 'phone', value: '07911123456' }]],
  ['ls63ah', [{ field: 'postcode', value: 'LS6 3AH' }]],
  [' LS6  3AH ', [{ field: 'postcode', value: 'LS6 3AH' }]],
  // Names: one word, a hyphenated word (its whole), several words (each must match).
  ['  O\u2019Neill ', [{ field: 'name', value: 'oneill' }]],
  ['OBrien', [{ field: 'name', value: 'obrien' }]],
  ['okafor', [{ field: 'name', value: 'okafor' }]],
  ['Smith-Jones', [{ field: 'name', value: 'smith jones' }]],
  [
    'Ada  Okafor-Smith',
    [
      { field: 'name', value: 'ada' },
      { field: 'name', value: 'okafor smith' },
    ],
  ],
  ['ZO\u00cb zoe', [{ field: 'name', value: 'zoe' }]],
  // Words of different kinds together.
  [
    'smith LS63AH',
    [
      { field: 'name', value: 'smith' },
      { field: 'postcode', value: 'LS6 3AH' },
    ],
  ],
  [
    'Okafor ada@example.com',
    [
      { field: 'name', value: 'okafor' },
      { field: 'email', value: 'ada@example.com' },
    ],
  ],
  // A postcode or a phone number with spaces among other words.
  [
    'smith LS6 3AH',
    [
      { field: 'name', value: 'smith' },
      { field: 'postcode', value: 'LS6 3AH' },
    ],
  ],
  [
    'LS6 3AH smith',
    [
      { field: 'postcode', value: 'LS6 3AH' },
      { field: 'name', value: 'smith' },
    ],
  ],
  [
    'Okafor 07911 123 456',
    [
      { field: 'name', value: 'okafor' },
      { field: 'phone', value: '07911123456' },
    ],
  ],
  // Letters alone after FC read as a name.
  ['Fc', [{ field: 'name', value: 'fc' }]],
  ['', []],
  ['   ', []],
])('the query %j is read as %j', (query, terms) => {
  expect(classifyQuery(query)).toEqual(terms)
})

test.each([
  ['12345', 'unrecognised'],
  ['Smith 42', 'unrecognised'],
  ['smith LS6', 'unrecognised'],
  ['smith LS6 smith', 'unrecognised'],
  ['smith 07911 123', 'unrecognised'],
  ['smith FC-AB', 'shortReference'],
  ['a+b', 'unrecognised'],
  ["'", 'unrecognised'],
  // The start of a reference too short to look up.
  ['FC-RQE', 'shortReference'],
  ['FC-', 'shortReference'],
  ['fc 12', 'shortReference'],
  ['smith FC-R9', 'shortReference'],
  ['a b c d e f g h i', 'tooManyWords'],
])('the query %j cannot be searched: %s', (query, problem) => {
  expect(classifyQuery(query)).toBe(problem)
})

test('eight different words are searched, and a word repeated counts once', () => {
  expect(classifyQuery('a b c d e f g h')).toHaveLength(8)
  expect(classifyQuery('a b c d e f g h a A')).toHaveLength(8)
})
