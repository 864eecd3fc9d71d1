import '../choice/choice.css'
import { ErrorMessage } from '../error-message/error-message'
import { describedBy, FieldHint, FieldLegend, fieldClass, optionHintId } from '../field/field-parts'
import type { ChoiceOption, GroupFieldProps } from '../field/field-props'

export interface RadiosProps extends GroupFieldProps {
  options: readonly ChoiceOption[]
  /** The chosen option's value; '' when nothing is chosen. */
  value: string
  onChange: (value: string) => void
  /** Options side by side (short lists such as yes/no or titles); they wrap on narrow screens. */
  inline?: boolean | undefined
  /** Smaller radios and less space under the group, as in a filter panel. */
  small?: boolean | undefined
}

/** The id of the option at that index: the first option carries the group's id, so the error summary can link to it. */
export function radioId(groupId: string, index: number): string {
  return index === 0 ? groupId : `${groupId}-${index + 1}`
}

/**
 * One choice of several: radios in a fieldset whose legend asks the question. The hint and the error
 * describe the fieldset, so they are read once on entering the group, not again on every option.
 */
export function Radios({
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
  value,
  onChange,
  inline = false,
  small = false,
}: RadiosProps) {
  const choicesClass = ['choices', inline ? 'choices--inline' : '', small ? 'choices--small' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className={fieldClass(error, small ? 'field--small' : undefined)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <FieldLegend label={label} asHeading={legendAsHeading} />
        <FieldHint fieldId={id} hint={hint} />
        {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
        <div className={choicesClass}>
          {options.map((option, index) => {
            const optionId = radioId(id, index)
            return (
              <div className="choice" key={option.value}>
                <input
                  id={optionId}
                  name={name ?? id}
                  type="radio"
                  className="choice__input"
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => onChange(option.value)}
                  onBlur={onBlur}
                  disabled={disabled}
                  aria-describedby={option.hint ? optionHintId(optionId) : undefined}
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
