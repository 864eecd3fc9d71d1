import { errorId } from '@forecourt/ui/error-message/error-message'
import { hintId } from '@forecourt/ui/field/field-parts'

// The id scheme that ties a field to its hint, its error message and the error summary's link.

export interface FieldProps {
  /** The input's id; the error summary links to `#id`. */
  id: string
  label: string
  hint?: string | undefined
  /** The message; its presence puts the field in error. */
  error?: string | undefined
  disabled?: boolean
}

// The hint's and the error message's id schemes are the UI kit's, where they are drawn.
export { errorId, hintId }

/** `aria-describedby`: the hint, then the error; undefined when there is neither. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId(id) : undefined, error ? errorId(id) : undefined].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function fieldClass(error: string | undefined, extra?: string): string {
  return ['field', error ? 'field--error' : undefined, extra].filter(Boolean).join(' ')
}
