import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldError, FieldHint } from '../field-parts'

export interface ChoiceOption {
  value: string
  label: string
}

export interface CheckboxesProps extends FieldProps {
  options: readonly ChoiceOption[]
  values: readonly string[]
  onChange: (values: string[]) => void
  /** Smaller boxes and a smaller legend, as in a filter panel. */
  small?: boolean
}

/** A group of checkboxes in a fieldset; the legend is the question. The first box carries `id`. */
export function Checkboxes({
  id,
  label,
  hint,
  error,
  disabled,
  options,
  values,
  onChange,
  small = false,
}: CheckboxesProps) {
  const toggle = (value: string, checked: boolean) =>
    onChange(
      checked
        ? options.map((o) => o.value).filter((v) => v === value || values.includes(v))
        : values.filter((v) => v !== value),
    )
  return (
    <div className={fieldClass(error, small ? 'field--small' : undefined)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, hint, error)}>
        <legend className="field-legend">{label}</legend>
        <FieldHint id={id} hint={hint} />
        <FieldError id={id} error={error} />
        {options.map((option, i) => {
          const optionId = i === 0 ? id : `${id}-${i + 1}`
          return (
            <div className="choice" key={option.value}>
              <input
                id={optionId}
                className="choice__input"
                type="checkbox"
                name={id}
                value={option.value}
                checked={values.includes(option.value)}
                disabled={disabled}
                onChange={(event) => toggle(option.value, event.target.checked)}
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
