import { ErrorMessage } from '@forecourt/ui/error-message/error-message'

// The UI kit draws a field's parts (@forecourt/ui/field/field-parts); the back office's controls take an
// optional error, drawn only when there is one.

/** The message beside the field, when there is one: the UI kit's error message. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null
  return <ErrorMessage fieldId={id} message={error} />
}
