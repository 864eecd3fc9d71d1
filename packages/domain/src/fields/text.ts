import { type FieldError, type Person, fieldError } from '../messages/messages'

/** docs/requirements.md#email and docs/requirements.md#constants-and-limits: text and email inputs take at most 50 characters. */
export const TEXT_MAX_LENGTH = 50

export interface TextOptions {
  label: string
  person?: Person
  /** Defaults to true: every text question of the journey must be answered unless it says otherwise. */
  required?: boolean
}

/** Removes the spaces around an answer, as the specification does before sending (docs/requirements.md#validation). */
export function normaliseText(value: string): string {
  return value.trim()
}

/**
 * Blank (after trimming) gives 'Please enter your {label}.'. The input's maxLength keeps typed text
 * within 50 characters; a longer value can still arrive from a pasted or restored answer, or from a
 * request to the server, and is refused with its own message (docs/decisions/0102).
 */
export function validateText(value: string, opts: TextOptions): FieldError | null {
  const { label, person, required = true } = opts
  const text = normaliseText(value)
  if (text === '') return required ? fieldError('text.required', { label }, person) : null
  if (text.length > TEXT_MAX_LENGTH) {
    return fieldError('text.tooLong', { label, max: TEXT_MAX_LENGTH }, person)
  }
  return null
}
