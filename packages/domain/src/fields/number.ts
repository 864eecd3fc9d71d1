import { type FieldError, type Person, fieldError } from '../messages/messages'

export interface ParseNumberOptions {
  /** For the few inputs that keep decimals and signs as typed. */
  roundingDisabled?: boolean
}

// A pound sign is allowed at the start, commas only as thousands separators ("1,500", not "1,50",
// which could be a continental 1.5): docs/decisions/0103-number-input.md.
const NUMBER_PATTERN = /^[-+]?£?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?$/

/**
 * docs/requirements.md#normalisation-before-sending: blank becomes null; otherwise the number is rounded up and made positive unless rounding is
 * disabled. Anything that is not a number also becomes null, so it is treated as missing.
 */
export function parseNumberInput(raw: string, opts: ParseNumberOptions = {}): number | null {
  const compact = raw.replace(/\s+/g, '')
  if (!NUMBER_PATTERN.test(compact) || !/\d/.test(compact)) return null
  const value = Number(compact.replace(/[£,]/g, ''))
  if (!Number.isFinite(value)) return null
  if (opts.roundingDisabled) return value
  // In the specification's order: rounded up first, then made positive (-2.5 → -2 → 2).
  return Math.abs(Math.ceil(value))
}

export interface NumberOptions {
  label: string
  /** The range is checked when both min and max are given. */
  min?: number
  max?: number
  person?: Person
  /** Defaults to true. */
  required?: boolean
}

export function validateNumber(value: number | null, opts: NumberOptions): FieldError | null {
  const { label, min, max, person, required = true } = opts
  if (value === null || Number.isNaN(value)) {
    return required ? fieldError('number.required', { label }, person) : null
  }
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    return fieldError('number.range', { min, max }, person)
  }
  return null
}
