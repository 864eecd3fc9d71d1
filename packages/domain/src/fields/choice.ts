import { type FieldError, type MessageKey, type Person, fieldError } from '../messages/messages'

export type ChoiceKind = 'dropdown' | 'addressDropdown' | 'radio' | 'checkbox' | 'title'

export interface ChoiceOptions {
  /** Used by the dropdowns ('Please choose your {label}.'); the address dropdown defaults to 'address'. */
  label?: string
  person?: Person
}

const MESSAGE_BY_KIND: Record<ChoiceKind, MessageKey> = {
  dropdown: 'dropdown.required',
  addressDropdown: 'addressDropdown.required',
  radio: 'radio.required',
  checkbox: 'checkbox.required',
  title: 'title.required',
}

/**
 * Whether a choice has been made. A radio answer of `false` (a "No") is an answer; a checkbox is
 * answered only when it is ticked.
 */
export function isChoiceMade(kind: ChoiceKind, value: unknown): boolean {
  if (kind === 'checkbox') return value === true
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (typeof value === 'number') return !Number.isNaN(value)
  if (Array.isArray(value)) return value.length > 0
  return true
}

export function validateRequiredChoice(
  kind: ChoiceKind,
  value: unknown,
  opts: ChoiceOptions = {},
): FieldError | null {
  if (isChoiceMade(kind, value)) return null
  const label = opts.label ?? (kind === 'addressDropdown' ? 'address' : undefined)
  return fieldError(MESSAGE_BY_KIND[kind], label === undefined ? {} : { label }, opts.person)
}
