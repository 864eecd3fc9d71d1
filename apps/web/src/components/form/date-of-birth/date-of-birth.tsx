import '../form.css'
import { padDatePart, type DateParts } from '@forecourt/domain/fields/date-of-birth'
import { useRef, type ChangeEvent, type FocusEvent } from 'react'
import { ErrorMessage } from '../error-message/error-message'
import { FieldHint, FieldLegend } from '../field-parts'
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
  { part: 'day', text: 'Day', maxLength: 2, width: 'field-input--w2', next: 'month' },
  { part: 'month', text: 'Month', maxLength: 2, width: 'field-input--w2', next: 'year' },
  { part: 'year', text: 'Year', maxLength: 4, width: 'field-input--w4', next: undefined },
] as const

/**
 * The second digit just typed at the end of the part. Only typing moves focus on: a paste, an
 * autofill or an edit in the middle leaves it where the applicant put it.
 */
function typedSecondDigit(event: ChangeEvent<HTMLInputElement>): boolean {
  const input = event.target
  const native = event.nativeEvent as Partial<InputEvent>
  return (
    native.inputType === 'insertText' &&
    /^\d{2}$/.test(input.value) &&
    input.selectionEnd === input.value.length
  )
}

/**
 * Day, month and year in a fieldset whose legend asks the question. After two digits in the
 * day or the month, focus moves to the next part (docs/requirements.md#validation); a single digit is
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
  const monthRef = useRef<HTMLInputElement>(null)
  const yearRef = useRef<HTMLInputElement>(null)
  // Focus only ever moves forward, so the day needs no ref.
  const refs = { month: monthRef, year: yearRef }

  function handleChange(part: DatePart, next: 'month' | 'year' | undefined) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      onChange({ ...value, [part]: event.target.value })
      if (next && typedSecondDigit(event)) refs[next].current?.focus()
    }
  }

  function handleBlur(part: DatePart) {
    return (event: FocusEvent<HTMLInputElement>) => {
      // The input's own text, not the value prop: when focus moves on by itself, this blur
      // happens before the typed digit has come back through the props.
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
          {parts.map(({ part, text, maxLength, width, next }) => {
            const inputId = datePartId(id, part)
            const invalid = error && (invalidParts ?? ['day', 'month', 'year']).includes(part)
            return (
              <div className="part" key={part}>
                <label className="field-label" htmlFor={inputId}>
                  {text}
                </label>
                <input
                  ref={part === 'day' ? undefined : refs[part]}
                  id={inputId}
                  name={`${name ?? id}-${part}`}
                  type="text"
                  className={inputClass('field-input', invalid ? error : undefined, width)}
                  inputMode="numeric"
                  maxLength={maxLength}
                  spellCheck={false}
                  autoComplete={joint ? 'off' : `bday-${part}`}
                  value={value[part]}
                  onChange={handleChange(part, next)}
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
