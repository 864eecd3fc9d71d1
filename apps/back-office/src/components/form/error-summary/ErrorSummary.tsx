import { useEffect, useRef, type MouseEvent } from 'react'

export interface ErrorSummaryItem {
  /** The id of the field to focus. */
  id: string
  message: string
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[]
  /** Change it on every failed submit: the summary takes focus again, so it is read again. */
  focusKey?: number | string
}

/**
 * The GOV.UK error summary: above the form after a failed submit, it takes focus so a screen reader
 * reads it, and each link moves focus to its field.
 */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = errors.length > 0

  useEffect(() => {
    if (shown) ref.current?.focus()
  }, [shown, focusKey])

  if (!shown) return null
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.id}>
            <a href={`#${error.id}`} onClick={(event) => focusField(event, error.id)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Focuses the field itself (a jump to the anchor would leave focus on the link). */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string): void {
  const field = document.getElementById(fieldId)
  if (!field) return
  event.preventDefault()
  const label =
    field.closest('fieldset')?.querySelector('legend') ??
    document.querySelector(`label[for="${CSS.escape(fieldId)}"]`) ??
    field
  if (typeof label.scrollIntoView === 'function') label.scrollIntoView()
  field.focus({ preventScroll: true })
}

/** Prefixes the page title with "Error: " while errors show, as GOV.UK services do. */
export function titleWithErrors(title: string, hasErrors: boolean): string {
  return hasErrors ? `Error: ${title}` : title
}
