import { type FieldError, type Person, fieldError } from '../messages/messages'

/** docs/requirements.md#validation and docs/requirements.md#constants-and-limits. */
export const EMAIL_MAX_LENGTH = 50

/** Spaces are blocked as the applicant types (docs/requirements.md#validation); pasted ones are removed the same way. */
export function sanitiseEmailInput(raw: string): string {
  return raw.replace(/\s+/g, '')
}

/** Trimmed before sending (docs/requirements.md#normalisation-before-sending). Case is kept: the local part of an address may be case-sensitive. */
export function normaliseEmail(value: string): string {
  return value.trim()
}

// A practical pattern rather than the whole of RFC 5322 (docs/decisions/0104-email-pattern.md):
// the local part uses the characters the HTML email input accepts, without leading, trailing or
// doubled dots; the domain has at least two labels and ends in a top-level domain of letters
// (or an xn-- internationalised one).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  const topLevel = labels[labels.length - 1] ?? ''
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(topLevel)
  )
}

export interface EmailOptions {
  /** Defaults to 'email address'. */
  label?: string
  person?: Person
  /** Defaults to true. */
  required?: boolean
}

/** Blank → 'Please enter your email address.'; malformed or over 50 characters → "doesn’t look right". */
export function validateEmail(value: string, opts: EmailOptions = {}): FieldError | null {
  const { label = 'email address', person, required = true } = opts
  const email = normaliseEmail(value)
  if (email === '') return required ? fieldError('email.required', { label }, person) : null
  if (email.length > EMAIL_MAX_LENGTH || !isEmailAddress(email)) {
    return fieldError('email.invalid', {}, person)
  }
  return null
}
