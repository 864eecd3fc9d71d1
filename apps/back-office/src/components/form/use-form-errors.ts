import { useCallback, useState } from 'react'
import type { FieldError } from '#lib/api'
import type { ErrorSummaryItem } from '@forecourt/ui/error-summary/error-summary'

/**
 * A form's errors: the summary's items and each field's message from one list, with a key that
 * changes on every failed submit so the summary takes focus again.
 */
export function useFormErrors() {
  const [state, setState] = useState<{ errors: ErrorSummaryItem[]; attempt: number }>({
    errors: [],
    attempt: 0,
  })
  const show = useCallback((errors: ErrorSummaryItem[]) => {
    setState((current) => ({ errors, attempt: current.attempt + 1 }))
  }, [])
  const clear = useCallback(() => setState((current) => ({ ...current, errors: [] })), [])
  const errorFor = (id: string) => state.errors.find((error) => error.id === id)?.message
  return { errors: state.errors, focusKey: state.attempt, show, clear, errorFor }
}

/** The server's field errors as summary items, each field mapped to the id of its input. */
export function fromServer(
  errors: FieldError[],
  ids: Record<string, string> = {},
): ErrorSummaryItem[] {
  return errors.map((error) => ({ id: ids[error.field] ?? error.field, message: error.message }))
}
