import '../form.css'
import '@forecourt/ui/text-input/text-input.css'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLegend } from '@forecourt/ui/field/field-parts'
import {
  ariaInvalid,
  describedBy,
  fieldClass,
  inputClass,
  type GroupFieldProps,
} from '../field-props'

export interface YearsMonthsValue {
  /** As typed; capping and parsing are the domain's (capYears, capMonths). */
  years: string
  months: string
}

export interface YearsMonthsProps extends GroupFieldProps {
  value: YearsMonthsValue
  onChange: (value: YearsMonthsValue) => void
}

/** The months input's id; the years input carries the field's own id, so errors link to it. */
export function monthsId(id: string): string {
  return `${id}-months`
}

/** How long (at an address, with an employer): a fieldset whose legend asks, with Years and Months. */
export function YearsMonths({
  id,
  name,
  label,
  legendAsHeading,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
  value,
  onChange,
}: YearsMonthsProps) {
  const parts = [
    { key: 'years', inputId: id, text: 'Years' },
    { key: 'months', inputId: monthsId(id), text: 'Months' },
  ] as const
  return (
    <div className={fieldClass(error)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <FieldLegend label={label} asHeading={legendAsHeading} />
        <FieldHint fieldId={id} hint={hint} />
        {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
        <div className="parts">
          {parts.map(({ key, inputId, text }) => (
            <div className="part" key={key}>
              <label className="field-label" htmlFor={inputId}>
                {text}
              </label>
              <input
                id={inputId}
                name={`${name ?? id}-${key}`}
                type="text"
                className={inputClass('field-input', error, 'field-input--w2')}
                inputMode="numeric"
                maxLength={2}
                spellCheck={false}
                value={value[key]}
                onChange={(event) => onChange({ ...value, [key]: event.target.value })}
                onBlur={onBlur}
                disabled={disabled}
                aria-invalid={ariaInvalid(error)}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
