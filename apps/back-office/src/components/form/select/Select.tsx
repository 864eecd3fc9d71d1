import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldHint } from '@forecourt/ui/field/field-parts'
import { FieldError } from '../field-parts'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectProps extends FieldProps {
  value: string
  onChange: (value: string) => void
  options: readonly SelectOption[]
  /** A first option with the value '' ('Any brand'); left out when every choice must be made. */
  emptyLabel?: string
}

export function Select({
  id,
  label,
  hint,
  error,
  disabled,
  value,
  onChange,
  options,
  emptyLabel,
}: SelectProps) {
  return (
    <div className={fieldClass(error)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldHint fieldId={id} hint={hint} />
      <FieldError id={id} error={error} />
      <select
        id={id}
        name={id}
        className={error ? 'field-select field-select--error' : 'field-select'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
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
