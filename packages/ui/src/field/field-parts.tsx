import './field.css'

// The pieces every control draws the same way: label or legend (optionally the page heading) and hint.

/** The id of a field's hint: the field's `aria-describedby` points at it. */
export function hintId(fieldId: string): string {
  return `${fieldId}-hint`
}

export function FieldLabel({
  id,
  htmlFor,
  label,
  asHeading = false,
  className = 'field-label',
}: {
  id?: string | undefined
  htmlFor: string
  label: string
  asHeading?: boolean | undefined
  className?: string
}) {
  const element = (
    <label id={id} className={className} htmlFor={htmlFor}>
      {label}
    </label>
  )
  return asHeading ? <h1 className="field-heading">{element}</h1> : element
}

export function FieldLegend({
  label,
  asHeading = false,
}: {
  label: string
  asHeading?: boolean | undefined
}) {
  return (
    <legend className="field-legend">
      {asHeading ? <h1 className="field-heading">{label}</h1> : label}
    </legend>
  )
}

export function FieldHint({ fieldId, hint }: { fieldId: string; hint?: string | undefined }) {
  if (!hint) return null
  return (
    <div id={hintId(fieldId)} className="field-hint">
      {hint}
    </div>
  )
}
