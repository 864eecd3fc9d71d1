import { errorId, hintId } from './field'

export function FieldHint({ id, hint }: { id: string; hint?: string | undefined }) {
  if (!hint) return null
  return (
    <div id={hintId(id)} className="field-hint">
      {hint}
    </div>
  )
}

/** The message beside the field; the hidden "Error:" tells a screen reader what it is. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null
  return (
    <p id={errorId(id)} className="field-error">
      <span className="visually-hidden">Error:</span> {error}
    </p>
  )
}
