import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldHint } from '@forecourt/ui/field/field-parts'
import { FieldError } from '../field-parts'

export interface ChoiceOption {
  value: string
  label: string
}

/** A box may carry its own hint under its label, read with it (GOV.UK's checkbox item hint). */
export interface CheckboxOption extends ChoiceOption {
  hint?: string
}

export interface CheckboxesProps extends FieldProps {
  options: readonly CheckboxOption[]
  values: readonly string[]
  onChange: (values: string[]) => void
  /** Smaller boxes and a smaller legend, as in a filter panel. */
  small?: boolean
}

// Not hintId: the first box carries the group's id, whose hint is the group's.
const itemHintId = (optionId: string) => `${optionId}-item-hint`

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
        <FieldHint fieldId={id} hint={hint} />
        <FieldError id={id} error={error} />
        {options.map((option, i) => {
          const optionId = i === 0 ? id : `${id}-${i + 1}`
          const label = (
            <label className="choice__label" htmlFor={optionId}>
              {option.label}
            </label>
          )
          return (
            <div className={option.hint ? 'choice choice--hinted' : 'choice'} key={option.value}>
              <input
                id={optionId}
                className="choice__input"
                type="checkbox"
                name={id}
                value={option.value}
                checked={values.includes(option.value)}
                disabled={disabled}
                aria-describedby={option.hint ? itemHintId(optionId) : undefined}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.hint ? (
                <div>
                  {label}
                  <div id={itemHintId(optionId)} className="choice__hint">
                    {option.hint}
                  </div>
                </div>
              ) : (
                label
              )}
            </div>
          )
        })}
      </fieldset>
    </div>
  )
}
