import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { hintId } from './field'

export function FieldHint({ id, hint }: { id: string; hint?: string | undefined }) {
  if (!hint) return null
  return (
    <div id={hintId(id)} className="field-hint">
      {hint}
    </div>
  )
}

/** The message beside the field, when there is one: the UI kit's error message. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null
  return <ErrorMessage fieldId={id} message={error} />
}
