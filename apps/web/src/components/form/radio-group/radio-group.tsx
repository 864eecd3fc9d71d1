import '../form.css'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLegend } from '@forecourt/ui/field/field-parts'
import { describedBy, fieldClass, hintId, type GroupFieldProps } from '../field-props'

export interface RadioOption {
  value: string
  label: string
  hint?: string
}

export interface RadioGroupProps extends GroupFieldProps {
  options: readonly RadioOption[]
  /** The chosen option's value; '' when nothing is chosen. */
  value: string
  onChange: (value: string) => void
  /** Options side by side (short lists such as yes/no or titles); they wrap on narrow screens. */
  inline?: boolean
}

/** The id of the option at that index: the first option carries the group's id, so the error summary can link to it. */
export function radioId(groupId: string, index: number): string {
  return index === 0 ? groupId : `${groupId}-${index + 1}`
}

/**
 * Radios in a fieldset whose legend asks the question. The hint and the error describe the
 * fieldset, so they are read once on entering the group, not again on every option.
 */
export function RadioGroup({
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
}: RadioGroupProps) {
  return (
    <div className={fieldClass(error)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <FieldLegend label={label} asHeading={legendAsHeading} />
        <FieldHint fieldId={id} hint={hint} />
        {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
        <div className={inline ? 'choices choices--inline' : 'choices'}>
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
                  aria-describedby={option.hint ? hintId(optionId) : undefined}
                />
                <label className="choice__label" htmlFor={optionId}>
                  {option.label}
                </label>
                {option.hint ? (
                  <div id={hintId(optionId)} className="choice__hint">
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
