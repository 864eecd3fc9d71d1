import './field.css'
import { errorId } from '../error-message/error-message'

// The pieces every control draws the same way: label or legend (optionally the page heading) and hint.

/** The id of a field's hint: the field's `aria-describedby` points at it. */
export function hintId(fieldId: string): string {
  return `${fieldId}-hint`
}

/**
 * The id of one option's own hint in a group of radios or checkboxes. Not hintId: the first option carries the
 * group's id, whose hint is the group's, and two elements must never share an id.
 */
export function optionHintId(optionId: string): string {
  return `${optionId}-item-hint`
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

/**
 * The value of `aria-describedby` for a field: its hint, then its error message, then any extra ids.
 * Undefined when there is nothing to point at, so no empty attribute is rendered.
 */
export function describedBy(
  id: string,
  texts: { hint?: string | undefined; error?: string | undefined },
  ...extra: (string | undefined)[]
): string | undefined {
  const ids = [
    texts.hint ? hintId(id) : undefined,
    texts.error ? errorId(id) : undefined,
    ...extra,
  ].filter((value): value is string => Boolean(value))
  return ids.length > 0 ? ids.join(' ') : undefined
}

/** `aria-invalid` only when in error: React drops the attribute for undefined. */
export function ariaInvalid(error: string | undefined): true | undefined {
  return error ? true : undefined
}

/** Class names of a field's frame: the red left border marks the field in error. */
export function fieldClass(error: string | undefined, extra?: string): string {
  return ['field', error ? 'field--error' : undefined, extra].filter(Boolean).join(' ')
}

/** A control's class, its error modifier (`<base>--error`) when in error, and any extra class. */
export function inputClass(base: string, error: string | undefined, extra?: string): string {
  return [base, error ? `${base}--error` : undefined, extra].filter(Boolean).join(' ')
}
