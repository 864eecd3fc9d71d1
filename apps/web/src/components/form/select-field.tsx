import './form.css'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLabel } from '@forecourt/ui/field/field-parts'
import {
  ariaInvalid,
  describedBy,
  fieldClass,
  inputClass,
  type SingleFieldProps,
} from './field-props'

// The native select both dropdowns are made of. Its first option is the placeholder, with an empty
// value, so "nothing chosen" is a value the step's schema can reject with its own message.

export interface SelectFieldProps extends SingleFieldProps {
  options: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  placeholder: string
  autoComplete?: HTMLInputAutoCompleteAttribute | undefined
}

export function SelectField({
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
  placeholder,
  autoComplete,
}: SelectFieldProps) {
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
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
