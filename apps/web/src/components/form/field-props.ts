import { errorId } from '@forecourt/ui/error-message/error-message'
import { hintId } from '@forecourt/ui/field/field-parts'

// The contract every form control shares, and the id scheme that ties a field to its hint, its
// error message and the error summary link.

/** Props common to every control. Texts come from the caller: a control never writes a message. */
export interface FieldProps {
  /** The input's id (a group's first input derives from it); the error summary links to `#id`. */
  id: string
  name?: string
  label: string
  hint?: string
  /** The message text, verbatim; its presence puts the field in error. */
  error?: string
  /** The global lock-down flag (isLocked) disables every control. */
  disabled?: boolean
  onBlur?: () => void
  /** Plays the error shake (500 ms, only without reduced motion); the caller turns it off again. */
  shake?: boolean
}

/** A control for a single input: its label can be the page's only heading. */
export interface SingleFieldProps extends FieldProps {
  labelAsHeading?: boolean
}

/** A control drawn as a fieldset: its legend can be the page's only heading. */
export interface GroupFieldProps extends FieldProps {
  legendAsHeading?: boolean
}

// The hint's and the error message's id schemes are the UI kit's, where they are drawn.
export { errorId, hintId }

/**
 * The value of `aria-describedby` for a field: its hint, then its error, then any extra ids.
 * Undefined when there is nothing to point at, so no empty attribute is rendered.
 */
export function describedBy(
  id: string,
  texts: { hint?: string | undefined; error?: string | undefined },
  ...extra: (string | undefined)[]
): string | undefined {
  const ids = [texts.hint ? hintId(id) : undefined, texts.error ? errorId(id) : undefined, ...extra]
  const present = ids.filter((value): value is string => Boolean(value))
  return present.length > 0 ? present.join(' ') : undefined
}

/** `aria-invalid` only when in error: React drops the attribute for undefined. */
export function ariaInvalid(error: string | undefined): true | undefined {
  return error ? true : undefined
}

/** Class names of a field's wrapper: the red left border marks the field in error. */
export function fieldClass(error: string | undefined): string {
  return error ? 'field field--error' : 'field'
}

export function inputClass(base: string, error: string | undefined, extra?: string): string {
  return [base, error ? `${base}--error` : undefined, extra].filter(Boolean).join(' ')
}

/** Widths in characters; a width is a maximum, so a field never overflows a 320px screen. */
export type InputWidth = 2 | 4 | 5 | 10 | 20
