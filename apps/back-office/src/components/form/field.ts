import { errorId } from '@forecourt/ui/error-message/error-message'

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

export const hintId = (id: string) => `${id}-hint`
// The error message's id scheme is the UI kit's, where the message is drawn.
export { errorId }

/** `aria-describedby`: the hint, then the error; undefined when there is neither. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId(id) : undefined, error ? errorId(id) : undefined].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function fieldClass(error: string | undefined, extra?: string): string {
  return ['field', error ? 'field--error' : undefined, extra].filter(Boolean).join(' ')
}
