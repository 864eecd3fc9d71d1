import '../choice/choice.css'
import { ErrorMessage } from '../error-message/error-message'
import { ariaInvalid, describedBy, FieldLegend, fieldClass, hintId } from '../field/field-parts'
import type { FieldProps } from '../field/field-props'

export interface CheckboxProps extends FieldProps {
  value: boolean
  onChange: (checked: boolean) => void
  /** Wraps the checkbox in a fieldset with this legend: the question the box answers. */
  legend?: string | undefined
  legendAsHeading?: boolean | undefined
}

/** One checkbox with its label beside it; the whole row is the touch target. */
export function Checkbox({
  id,
  name,
  label,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
  value,
  onChange,
  legend,
  legendAsHeading,
}: CheckboxProps) {
  const content = (
    <>
      {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
      <div className="choice">
        <input
          id={id}
          name={name ?? id}
          type="checkbox"
          className="choice__input"
          checked={value}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={describedBy(id, { hint, error })}
          aria-invalid={ariaInvalid(error)}
        />
        <label className="choice__label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <div id={hintId(id)} className="choice__hint">
            {hint}
          </div>
        ) : null}
      </div>
    </>
  )
  return (
    <div className={fieldClass(error)}>
      {legend ? (
        <fieldset className="field-fieldset">
          <FieldLegend label={legend} asHeading={legendAsHeading} />
          {content}
        </fieldset>
      ) : (
        content
      )}
    </div>
  )
}
