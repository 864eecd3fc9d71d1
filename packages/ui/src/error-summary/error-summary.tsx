import './error-summary.css'
import { useEffect, useRef, type MouseEvent } from 'react'

export interface ErrorSummaryItem {
  /** The id of the input to focus: a control's `id` prop. */
  id: string
  /** The message text, verbatim, as shown beside the field. */
  message: string
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[]
  /** Change it on every failed submit: the summary takes focus again, so it is read again. */
  focusKey?: number | string
  /**
   * Whether the summary takes focus when it appears (the default). False: only when `focusKey`
   * changes, for errors that can appear while the user moves on to the next field.
   */
  focusOnAppear?: boolean
}

/**
 * The GOV.UK error summary: shown above the form after a failed submit, it takes focus so a screen
 * reader reads it (no role="alert", which would read it a second time, and no fixed id: a screen may
 * show two), and each link moves focus to its field.
 */
export function ErrorSummary({ errors, focusKey, focusOnAppear = true }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = errors.length > 0
  const focusedFor = useRef(focusKey)

  useEffect(() => {
    const keyChanged = focusedFor.current !== focusKey
    focusedFor.current = focusKey
    if (shown && (focusOnAppear || keyChanged)) ref.current?.focus()
  }, [shown, focusKey, focusOnAppear])

  if (!shown) return null
  return (
    <div ref={ref} className="error-summary" tabIndex={-1}>
      <h2 className="error-summary__title">There is a problem</h2>
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

/**
 * Focuses the field rather than only jumping to it (a jump leaves focus on the link), and shows
 * its question: the legend of its group, or its label, may sit above the input and off screen.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string): void {
  const field = document.getElementById(fieldId)
  if (!field) return
  event.preventDefault()
  const question =
    field.closest('fieldset')?.querySelector('legend') ??
    document.querySelector(`label[for="${CSS.escape(fieldId)}"]`) ??
    field
  // jsdom has no layout and no scrollIntoView.
  if (typeof question.scrollIntoView === 'function') question.scrollIntoView()
  field.focus({ preventScroll: true })
}

/** Prefixes the page title with "Error: " while errors show, as GOV.UK services do. */
export function titleWithErrors(title: string, hasErrors: boolean): string {
  return hasErrors ? `Error: ${title}` : title
}
