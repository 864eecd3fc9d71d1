// Test support: the walker's decisions (journey-walker.ts) made by fast-check, so a failing walk
// shrinks to a small one. Decisions named in `forced` are fixed (by full label or base name);
// every other answer is generated as an applicant could type it, within what each input allows.

import fc from 'fast-check'
import type { Choices, TypedKind } from './journey-walker'

/** What an input with maxLength 50 keeps of a longer paste, without splitting a character. */
function clip(value: string, max = 50): string {
  let out = ''
  for (const character of value) {
    if (out.length + character.length > max) break
    out += character
  }
  return out
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ']
const ACCENTED = [...'éèêëçñøåäöüÉÖÅŁłßıİğşœæ']
const SCRIPTS = ['李', '王', 'Ω', 'Я', 'ж', 'م', 'ا', '𝒜', '😀']
const NAME_MARKS = [' ', ' ', "'", '’', '-']

const nameArbitrary = fc
  .string({
    unit: fc.constantFrom(...LETTERS, ...ACCENTED, ...SCRIPTS, ...NAME_MARKS),
    maxLength: 60,
  })
  .map((value) => clip(value))

const textArbitrary = fc
  .string({
    unit: fc.constantFrom(
      ...LETTERS,
      ...ACCENTED,
      ...SCRIPTS,
      ...NAME_MARKS,
      ...'0123456789&.,/()',
    ),
    maxLength: 60,
  })
  .map((value) => clip(value))

const houseArbitrary = fc.oneof(
  fc.constantFrom('12', '10A', '14-16', 'Flat 2, 10', 'Rose Cottage', '1F2', '0/1', 'Ty Gwyn'),
  fc.integer({ min: 1, max: 999 }).map(String),
  textArbitrary,
)

const emailArbitrary = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,18}[a-z0-9])?$/),
      fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,12}[a-z0-9])?$/),
      fc.constantFrom('co.uk', 'com', 'uk', 'org', 'net', 'xn--p1ai'),
      fc.constantFrom('', ' '),
    )
    .map(([local, domain, top, space]) => clip(`${space}${local}@${domain}.${top}${space}`)),
  fc.emailAddress().map((value) => clip(value)),
)

const UK_NUMBER = /^0(?:1\d{9}|2\d{9}|3\d{9}|5\d{9}|7[1-57-9]\d{8})$/

const phoneArbitrary = fc
  .tuple(fc.stringMatching(UK_NUMBER), fc.constantFrom('plain', 'spaced', '+44', 'brackets'))
  .map(([digits, format]) => {
    switch (format) {
      case 'spaced':
        return `${digits.slice(0, 5)} ${digits.slice(5)}`
      case '+44':
        return `+44 ${digits.slice(1, 5)} ${digits.slice(5)}`
      case 'brackets':
        return `(${digits.slice(0, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`
      default:
        return digits
    }
  })

const POSTCODE =
  /^(?:[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY]) \d[ABD-HJLNP-UW-Z]{2})$/

const postcodeArbitrary = fc
  .tuple(fc.stringMatching(POSTCODE), fc.constantFrom('as-is', 'lower', 'compact', 'padded'))
  .map(([postcode, style]) => {
    if (style === 'lower') return postcode.toLowerCase()
    if (style === 'compact') return postcode.replace(' ', '')
    if (style === 'padded') return ` ${postcode.toLowerCase()} `
    return postcode
  })

const notesArbitrary = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 80 }),
  fc.string({ minLength: 480, maxLength: 520 }),
)

const vehicleTextArbitrary = fc.stringMatching(/^[A-Z][A-Za-z0-9 -]{0,29}$/)

const TYPED: Record<TypedKind, fc.Arbitrary<string>> = {
  name: nameArbitrary,
  text: textArbitrary,
  house: houseArbitrary,
  email: emailArbitrary,
  phone: phoneArbitrary,
  postcode: postcodeArbitrary,
  notes: notesArbitrary,
  'vehicle-text': vehicleTextArbitrary,
}

export type Forced = Readonly<Record<string, unknown>>

function forcedFor(forced: Forced, label: string): { value: unknown } | undefined {
  if (label in forced) return { value: forced[label] }
  const base = label.split(':')[0] ?? label
  return base in forced ? { value: forced[base] } : undefined
}

/** Choices drawn from fast-check's generator `g`, except those `forced`. */
export function fastCheckChoices(g: fc.GeneratorValue, forced: Forced = {}): Choices {
  return {
    pick<T>(label: string, items: readonly T[]): T {
      const fixed = forcedFor(forced, label)
      if (fixed) return fixed.value as T
      return g(fc.constantFrom, ...items)
    },
    int(label: string, min: number, max: number): number {
      const fixed = forcedFor(forced, label)
      if (fixed) return fixed.value as number
      return g(fc.integer, { min, max })
    },
    typed(label: string, kind: TypedKind): string {
      const fixed = forcedFor(forced, label)
      if (fixed) return fixed.value as string
      return g(() => TYPED[kind])
    },
  }
}
