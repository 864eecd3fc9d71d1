import '../form.css'
import '@forecourt/ui/text-input/text-input.css'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLabel } from '@forecourt/ui/field/field-parts'
import {
  ariaInvalid,
  describedBy,
  fieldClass,
  inputClass,
  type SingleFieldProps,
} from '../field-props'

export interface SliderUnit {
  /** The unit after the number 1, e.g. 'year'. */
  one: string
  /** The unit after any other number, e.g. 'years'. */
  other: string
}

export interface SliderProps extends SingleFieldProps {
  /**
   * The raw value, shared by the slider and the typed box: '' or out of range while the
   * applicant types, so the step's schema can give its own message.
   */
  value: string
  onChange: (value: string) => void
  min: number
  max: number
  step?: number
  unit: SliderUnit
  /** The label of the typed alternative, e.g. 'Or type the number of years'. */
  typedLabel: string
}

/** The unit after a number: singular only for exactly 1 (docs/requirements.md#controls). */
export function unitFor(count: number, unit: SliderUnit): string {
  return count === 1 ? unit.one : unit.other
}

/** Where the slider's thumb sits for a raw value: on a step, within range; undefined when blank or not a number. */
export function sliderPosition(
  value: string,
  { min, max, step }: { min: number; max: number; step: number },
): number | undefined {
  if (value.trim() === '') return undefined
  const number = Number(value)
  if (!Number.isFinite(number)) return undefined
  const clamped = Math.min(max, Math.max(min, number))
  // Snap as the browser does, so the text beside the thumb never disagrees with it.
  return Math.min(max, min + Math.round((clamped - min) / step) * step)
}

/**
 * A range slider with the current value and unit beside it, plus a typed alternative bound to
 * the same value: a slider alone is hard to set precisely by touch, voice or switch control.
 */
export function Slider({
  id,
  name,
  label,
  labelAsHeading,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
  value,
  onChange,
  min,
  max,
  step = 1,
  unit,
  typedLabel,
}: SliderProps) {
  const position = sliderPosition(value, { min, max, step })
  const positionText = position === undefined ? undefined : `${position} ${unitFor(position, unit)}`
  const typedId = `${id}-typed`
  const description = describedBy(id, { hint, error })
  return (
    <div className={fieldClass(error)}>
      <FieldLabel htmlFor={id} label={label} asHeading={labelAsHeading} />
      <FieldHint fieldId={id} hint={hint} />
      {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
      <div className="slider">
        <input
          id={id}
          name={name ?? id}
          type="range"
          className="slider__range"
          min={min}
          max={max}
          step={step}
          value={position ?? min}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-valuetext={positionText}
          aria-describedby={description}
          aria-invalid={ariaInvalid(error)}
        />
        {positionText ? <span className="slider__value">{positionText}</span> : null}
      </div>
      <div className="slider__typed">
        <FieldLabel htmlFor={typedId} label={typedLabel} />
        <input
          id={typedId}
          type="text"
          className={inputClass('field-input', error, 'field-input--w4')}
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={description}
          aria-invalid={ariaInvalid(error)}
        />
        <span aria-hidden="true">{unitFor(position ?? 0, unit)}</span>
      </div>
    </div>
  )
}
