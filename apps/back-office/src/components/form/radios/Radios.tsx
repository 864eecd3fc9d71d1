import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldHint } from '@forecourt/ui/field/field-parts'
import { FieldError } from '../field-parts'
import type { ChoiceOption } from '../checkboxes/Checkboxes'

export interface RadiosProps extends FieldProps {
  options: readonly ChoiceOption[]
  value: string
  onChange: (value: string) => void
  small?: boolean
}

/** One choice of several, in a fieldset; the first radio carries `id` for the error summary. */
export function Radios({
  id,
  label,
  hint,
  error,
  disabled,
  options,
  value,
  onChange,
  small = false,
}: RadiosProps) {
  return (
    <div className={fieldClass(error, small ? 'field--small' : undefined)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, hint, error)}>
        <legend className="field-legend">{label}</legend>
        <FieldHint fieldId={id} hint={hint} />
        <FieldError id={id} error={error} />
        {options.map((option, i) => {
          const optionId = i === 0 ? id : `${id}-${i + 1}`
          return (
            <div className="choice" key={option.value}>
              <input
                id={optionId}
                className="choice__input"
                type="radio"
                name={id}
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
              <label className="choice__label" htmlFor={optionId}>
                {option.label}
              </label>
            </div>
          )
        })}
      </fieldset>
    </div>
  )
}
