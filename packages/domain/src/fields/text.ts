import { type FieldError, type Person, fieldError } from '../messages/messages'

/** docs/requirements.md#email and docs/requirements.md#constants-and-limits: text and email inputs take at most 50 characters. */
export const TEXT_MAX_LENGTH = 50

export interface TextOptions {
  label: string
  person?: Person
  /** Defaults to true: every text question of the journey must be answered unless it says otherwise. */
  required?: boolean
}

/** C0 and C1 control characters: no answer needs one, and a lender's system may act on it. */
const CONTROL = /\p{Cc}/u
/** The same, but for tab, line feed and carriage return: a free-text box keeps its lines. */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u
/** Bidirectional controls, which make text read differently from how it is stored (Trojan Source). */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
/** What shows nothing: spaces of every kind and format characters (zero-width space, joiners, BOM). */
const INVISIBLE = /[\s\p{Cf}]/gu

/**
 * Whether text holds a control character or a bidirectional control (decision 1803). Free text given
 * `lineBreaks` may keep its tabs and line breaks.
 */
export function hasUnsafeCharacters(value: string, opts: { lineBreaks?: boolean } = {}): boolean {
  return (
    (opts.lineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) || BIDI_CONTROL.test(value)
  )
}

/**
 * Characters that show nothing yet can hide or reorder what an operator reads: zero-width space, word
 * joiner, the invisible mathematical operators, the byte-order mark, and the tag characters that carry
 * hidden ASCII. The zero-width joiner and non-joiner (U+200C, U+200D) stay: Persian and Indic names and
 * emoji need them (decision 2123).
 */
const HIDDEN = /[\u200B\u2060-\u2064\uFEFF\u{E0000}-\u{E007F}]/gu
const CONTROL_ALL = /\p{Cc}/gu
const CONTROL_BUT_LINE_BREAKS_ALL = /[^\P{Cc}\t\n\r]/gu
const BIDI_CONTROL_ALL = new RegExp(BIDI_CONTROL.source, 'gu')

/**
 * Free text that did not pass a step's rules (a partial save, a lender's message, a joint applicant's
 * corrections) with what could mislead whoever reads it removed: C0 and C1 controls (but tab, line feed
 * and carriage return where `lineBreaks` says the text keeps its lines), bidirectional controls, and the
 * invisible characters of HIDDEN (decision 2123). Everything else is kept as it came.
 */
export function stripUnsafeCharacters(value: string, opts: { lineBreaks?: boolean } = {}): string {
  return value
    .replace(opts.lineBreaks ? CONTROL_BUT_LINE_BREAKS_ALL : CONTROL_ALL, '')
    .replace(BIDI_CONTROL_ALL, '')
    .replace(HIDDEN, '')
}

const UNSAFE_ANY = new RegExp(
  `${CONTROL_BUT_LINE_BREAKS_ALL.source}|${BIDI_CONTROL.source}|${HIDDEN.source}`,
  'gu',
)

/**
 * Text as an operator must see it: each character stripUnsafeCharacters would remove, shown as its code
 * point in brackets ("[U+202E]"), so text stored before it, or kept as it was refused, cannot read other
 * than it is (decision 2123). Tabs and line breaks stay.
 */
export function revealUnsafeCharacters(value: string): string {
  return value.replace(UNSAFE_ANY, (character) => {
    const code = character.codePointAt(0) ?? 0
    return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`
  })
}

/** Whether text shows nothing at all: empty, or spaces and invisible characters only. */
export function isInvisible(value: string): boolean {
  return value.replace(INVISIBLE, '') === ''
}

/**
 * Removes the spaces around an answer, as the specification does before sending, and composes it
 * (Unicode NFC), so the same name typed on two keyboards is stored the same (decision 1803).
 */
export function normaliseText(value: string): string {
  return value.normalize('NFC').trim()
}

/**
 * Blank (after trimming) gives 'Please enter your {label}.'. The input's maxLength keeps typed text
 * within 50 characters; a longer value can still arrive from a pasted or restored answer, or from a
 * request to the server, and is refused with its own message (docs/decisions/0102).
 */
export function validateText(value: string, opts: TextOptions): FieldError | null {
  const { label, person, required = true } = opts
  const text = normaliseText(value)
  if (isInvisible(text)) return required ? fieldError('text.required', { label }, person) : null
  if (hasUnsafeCharacters(text)) return fieldError('text.characters', { label }, person)
  if (text.length > TEXT_MAX_LENGTH) {
    return fieldError('text.tooLong', { label, max: TEXT_MAX_LENGTH }, person)
  }
  return null
}
