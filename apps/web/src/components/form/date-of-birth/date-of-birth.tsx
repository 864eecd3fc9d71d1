import '../form.css'
import '@forecourt/ui/text-input/text-input.css'
import { padDatePart, type DateParts } from '@forecourt/domain/fields/date-of-birth'
import type { ChangeEvent, FocusEvent } from 'react'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLegend } from '@forecourt/ui/field/field-parts'
import {
  ariaInvalid,
  describedBy,
  fieldClass,
  inputClass,
  type GroupFieldProps,
} from '../field-props'

export type DatePart = keyof DateParts

export interface DateOfBirthProps extends GroupFieldProps {
  /** The three parts as typed; the domain turns them into a date and checks them. */
  value: DateParts
  onChange: (value: DateParts) => void
  /** The parts an error is about (the domain says which); all three when left out. */
  invalidParts?: readonly DatePart[]
  /**
   * The joint applicant's date of birth: the bday tokens would offer the user's own birthday,
   * so autofill is turned off (docs/decisions/0302-autocomplete-tokens.md).
   */
  joint?: boolean
}

/** The id of each part's input. Day carries the field's own id, so an error summary link reaches it. */
export function datePartId(id: string, part: DatePart): string {
  return part === 'day' ? id : `${id}-${part}`
}

const parts = [
  { part: 'day', text: 'Day', maxLength: 2, width: 'field-input--w2' },
  { part: 'month', text: 'Month', maxLength: 2, width: 'field-input--w2' },
  { part: 'year', text: 'Year', maxLength: 4, width: 'field-input--w4' },
] as const

/**
 * Day, month and year in a fieldset whose legend asks the question. Focus stays where the
 * applicant puts it: moving it on after two digits fought Tab and the phone keyboard's Next, which
 * then skipped Month (docs/decisions/2081-date-of-birth-focus-stays-put.md). A single digit is
 * zero-padded when the applicant leaves the part.
 */
export function DateOfBirth({
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
  invalidParts,
  joint = false,
}: DateOfBirthProps) {
  function handleChange(part: DatePart) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      onChange({ ...value, [part]: event.target.value })
    }
  }

  function handleBlur(part: DatePart) {
    return (event: FocusEvent<HTMLInputElement>) => {
      // The input's own text, not the value prop, which may not have caught up with the last key.
      const typed = event.target.value
      const padded = part === 'year' ? typed : padDatePart(typed)
      if (padded !== typed) onChange({ ...value, [part]: padded })
      onBlur?.()
    }
  }

  return (
    <div className={fieldClass(error)}>
      <fieldset className="field-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <FieldLegend label={label} asHeading={legendAsHeading} />
        <FieldHint fieldId={id} hint={hint} />
        {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
        <div className="parts">
          {parts.map(({ part, text, maxLength, width }) => {
            const inputId = datePartId(id, part)
            const invalid = error && (invalidParts ?? ['day', 'month', 'year']).includes(part)
            return (
              <div className="part" key={part}>
                <label className="field-label" htmlFor={inputId}>
                  {text}
                </label>
                <input
                  id={inputId}
                  name={`${name ?? id}-${part}`}
                  type="text"
                  className={inputClass('field-input', invalid ? error : undefined, width)}
                  inputMode="numeric"
                  maxLength={maxLength}
                  spellCheck={false}
                  autoComplete={joint ? 'off' : `bday-${part}`}
                  value={value[part]}
                  onChange={handleChange(part)}
                  onBlur={handleBlur(part)}
                  disabled={disabled}
                  aria-invalid={ariaInvalid(invalid ? error : undefined)}
                />
              </div>
            )
          })}
        </div>
      </fieldset>
    </div>
  )
}
