import '../form.css'
import { errorId } from '../field-props'

export interface ErrorMessageProps {
  /** The id of the field the message belongs to; the message's own id is `<fieldId>-error`. */
  fieldId: string
  message: string
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
