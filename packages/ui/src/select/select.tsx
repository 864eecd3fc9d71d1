import './select.css'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import { ErrorMessage } from '../error-message/error-message'
import {
  ariaInvalid,
  describedBy,
  FieldHint,
  FieldLabel,
  fieldClass,
  inputClass,
} from '../field/field-parts'
import type { ChoiceOption, SingleFieldProps } from '../field/field-props'

export interface SelectProps extends SingleFieldProps {
  options: readonly Omit<ChoiceOption, 'hint'>[]
  /** The chosen value; '' while the first, empty option is shown. */
  value: string
  onChange: (value: string) => void
  /**
   * A first option with the value '' ('Please select', 'Any brand'), so "nothing chosen" is a value a
   * rule can refuse with its own message; left out when every choice must be made.
   */
  emptyLabel?: string | undefined
  autoComplete?: HTMLInputAutoCompleteAttribute | undefined
}

/** A native select with its label, hint and error message. */
export function Select({
  id,
  name,
  label,
  labelAsHeading,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
  options,
  value,
  onChange,
  emptyLabel,
  autoComplete,
}: SelectProps) {
  return (
    <div className={fieldClass(error)}>
      <FieldLabel htmlFor={id} label={label} asHeading={labelAsHeading} />
      <FieldHint fieldId={id} hint={hint} />
      {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
      <select
        id={id}
        name={name ?? id}
        className={inputClass('field-select', error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-describedby={describedBy(id, { hint, error })}
        aria-invalid={ariaInvalid(error)}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
