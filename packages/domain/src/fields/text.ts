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
