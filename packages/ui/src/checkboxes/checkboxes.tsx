import '../choice/choice.css'
import { ErrorMessage } from '../error-message/error-message'
import { describedBy, FieldHint, FieldLegend, fieldClass, optionHintId } from '../field/field-parts'
import type { ChoiceOption, GroupFieldProps } from '../field/field-props'

export interface CheckboxesProps extends GroupFieldProps {
  options: readonly ChoiceOption[]
  /** The ticked options' values, in the options' order. */
  values: readonly string[]
  onChange: (values: string[]) => void
  /** Smaller boxes and less space under the group, as in a filter panel. */
  small?: boolean | undefined
}

/** A group of checkboxes in a fieldset; the legend is the question. The first box carries `id`. */
export function Checkboxes({
  id,
  name,
  label,
  legendAsHeading,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
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
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <FieldLegend label={label} asHeading={legendAsHeading} />
        <FieldHint fieldId={id} hint={hint} />
        {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
        <div className={small ? 'choices choices--small' : 'choices'}>
          {options.map((option, i) => {
            const optionId = i === 0 ? id : `${id}-${i + 1}`
            return (
              <div className="choice" key={option.value}>
                <input
                  id={optionId}
                  className="choice__input"
                  type="checkbox"
                  name={name ?? id}
                  value={option.value}
                  checked={values.includes(option.value)}
                  disabled={disabled}
                  onBlur={onBlur}
                  aria-describedby={option.hint ? optionHintId(optionId) : undefined}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                <label className="choice__label" htmlFor={optionId}>
                  {option.label}
                </label>
                {option.hint ? (
                  <div id={optionHintId(optionId)} className="choice__hint">
                    {option.hint}
                  </div>
                ) : null}
              </div>
            )
          })}
        </div>
      </fieldset>
    </div>
  )
}
