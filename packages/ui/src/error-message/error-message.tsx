import './error-message.css'

/** The id of a field's error message: the field's `aria-describedby` points at it. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`
}

export interface ErrorMessageProps {
  /** The id of the field the message belongs to; the message's own id is `<fieldId>-error`. */
  fieldId: string
  message: string
  /** Plays the error shake (500 ms, only without reduced motion); the caller turns it off again. */
  shake?: boolean
}

/** The message beside a field. The hidden prefix tells screen-reader users it is an error. */
export function ErrorMessage({ fieldId, message, shake = false }: ErrorMessageProps) {
  return (
    <p id={errorId(fieldId)} className={shake ? 'field-error shake' : 'field-error'}>
      {/* The space sits outside the hidden span so every accessible-name algorithm keeps it. */}
      <span className="visually-hidden">Error:</span> {message}
    </p>
  )
}
