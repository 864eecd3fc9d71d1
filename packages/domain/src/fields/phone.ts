import { type FieldError, type Person, fieldError } from '../messages/messages'

/** docs/requirements.md#constants-and-limits: 10 to 13 characters typed; a UK number has 11 digits. */
export const PHONE_MIN_TYPED = 10
export const PHONE_MAX_TYPED = 13
export const PHONE_DIGITS = 11

/**
 * Ofcom's numbers reserved for TV and radio drama ("Telephone numbers for drama purposes"), 1,000
 * numbers each: the first eight digits of the national number, followed by any three. Northern
 * Ireland's range is 028 9649 6xxx; 028 9018 0xxx was an earlier list's and is not reserved.
 */
export const DRAMA_NUMBER_PREFIXES = [
  '01134960', // Leeds 0113 496 0xxx
  '01144960', // Sheffield
  '01154960', // Nottingham
  '01164960', // Leicester
  '01174960', // Bristol
  '01184960', // Reading
  '01214960', // Birmingham
  '01314960', // Edinburgh
  '01414960', // Glasgow
  '01514960', // Liverpool
  '01614960', // Manchester
  '02079460', // London 020 7946 0xxx
  '01914980', // Tyneside, Durham, Sunderland 0191 498 0xxx
  '02896496', // Northern Ireland (Belfast) 028 9649 6xxx
  '02920180', // Cardiff 029 2018 0xxx
  '01632960', // no area 01632 960xxx
  '07700900', // mobile 07700 900xxx
  '08081570', // freephone 08081 570xxx
  '09098790', // premium rate 0909 879 0xxx
  '03069990', // UK-wide 03069 990xxx
] as const

/** docs/requirements.md#phone-numbers: 070 personal numbers and 076 pagers are refused. */
const VALID_PREFIX = /^0(?:[1235]|7[1-57-9])/

// Characters that carry no meaning in a written UK number. docs/requirements.md#validation names plus signs, commas, dots and
// spaces; hyphens and brackets are added ("(0113) 496-0000"): docs/decisions/0105.
const IGNORED = /[+,.()-]/g

/**
 * The input as the applicant types (docs/requirements.md#validation): spaces removed; a leading +44 (also written +44(0) or
 * +440) becomes 0; any other leading plus is kept, so the country-code message can be shown; other
 * plus signs, commas, dots, hyphens and brackets are removed; at most 13 characters are kept.
 */
export function sanitisePhoneInput(raw: string): string {
  const compact = raw.replace(/\s+/g, '')
  const leadingPlus = compact.startsWith('+')
  const body = (leadingPlus ? compact.slice(1) : compact).replace(IGNORED, '')
  let value: string
  if (leadingPlus && body.startsWith('44')) {
    // A UK national number never starts with 0 after the country code, so a 0 here is the trunk
    // prefix that people often keep ("+44 (0)113 …").
    const national = body.slice(2)
    value = `0${national.startsWith('0') ? national.slice(1) : national}`
  } else {
    value = leadingPlus ? `+${body}` : body
  }
  return value.slice(0, PHONE_MAX_TYPED)
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '')
}

/** Whether a number falls in one of Ofcom's drama ranges (spaces and other separators ignored). */
export function isReservedDramaNumber(digits: string): boolean {
  const number = digitsOf(digits)
  return (
    number.length === PHONE_DIGITS &&
    DRAMA_NUMBER_PREFIXES.some((prefix) => number.startsWith(prefix))
  )
}

/** 01, 02, 03, 05 and 071–075, 077–079. */
export function hasValidUkPrefix(digits: string): boolean {
  return VALID_PREFIX.test(digitsOf(digits))
}

export interface PhoneOptions {
  person?: Person
  /** Defaults to true. */
  required?: boolean
}

/**
 * docs/requirements.md#phone-numbers's checks, in this order (docs/decisions/0105-phone-rules.md):
 * blank (5) first, since every other check would misdescribe an empty answer; then
 * 1 leading plus, 2 not 11 digits, 3 not starting with 0, 4 drama range or refused prefix;
 * and last (6) anything still not exactly 0 followed by 10 digits, i.e. 11 digits with other
 * characters among them. The value is sanitised first, so the server can pass what it received.
 */
export function validatePhone(value: string, opts: PhoneOptions = {}): FieldError | null {
  const { person, required = true } = opts
  const phone = sanitisePhoneInput(value)
  if (phone === '') return required ? fieldError('phone.required', {}, person) : null
  if (phone.startsWith('+')) return fieldError('phone.countryCode', {}, person)
  const digits = digitsOf(phone)
  if (digits.length !== PHONE_DIGITS) return fieldError('phone.digits', {}, person)
  if (!/^0\d{9,10}$/.test(digits)) return fieldError('phone.startWithZero', {}, person)
  if (!hasValidUkPrefix(digits) || isReservedDramaNumber(digits)) {
    return fieldError('phone.invalid', {}, person)
  }
  if (!/^0\d{10}$/.test(phone)) return fieldError('phone.wrong', {}, person)
  return null
}

/**
 * docs/requirements.md#normalisation-before-sending: '+44' becomes a leading 0; all non-digits are removed; fewer
 * than 2 characters gives nothing; a 0 is prefixed unless it starts with 0 followed by a digit.
 */
export function normalisePhoneForSending(value: string): string {
  const digits = digitsOf(value.trim().replace(/^\+44/, '0'))
  if (digits.length < 2) return ''
  return /^0\d/.test(digits) ? digits : `0${digits}`
}
