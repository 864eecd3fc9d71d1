// UK postcodes: docs/requirements.md#normalisation-before-sending and the format check the address steps and the
// server share.

/**
 * docs/requirements.md#normalisation-before-sending: all spaces removed, the result upper-cased, and one space put back before the last group
 * that starts with a digit (the inward code): 'sw1a1aa' → 'SW1A 1AA', ' m1  1ae ' → 'M1 1AE'.
 * Anything that is not a postcode comes back compacted and upper-cased, without a leading space.
 */
export function normalisePostcode(value: string): string {
  // Upper-casing can, rarely, produce characters that count as spaces; removing them afterwards as
  // well keeps the function idempotent.
  const compact = value.replace(/\s+/g, '').toUpperCase().replace(/\s+/g, '')
  const match = /^(.+?)(\d\D*)$/u.exec(compact)
  return match ? `${match[1]} ${match[2]}` : compact
}

// The pattern published with the UK government's data standards (outward code, a space, inward
// code), plus the one non-geographic code GIR 0AA. Letters that never appear in a position are
// excluded, so 'QA1 1AA' and 'SW1A 1CA' are refused.
const UK_POSTCODE =
  /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY]) \d[ABD-HJLNP-UW-Z]{2})$/

/** Whether the value, once normalised, is a UK postcode in the standard format. */
export function isValidUkPostcode(value: string): boolean {
  return UK_POSTCODE.test(normalisePostcode(value))
}
