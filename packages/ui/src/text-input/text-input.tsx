import './text-input.css'
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, KeyboardEvent } from 'react'
import { ErrorMessage } from '../error-message/error-message'
import {
  ariaInvalid,
  describedBy,
  FieldHint,
  FieldLabel,
  fieldClass,
  inputClass,
} from '../field/field-parts'
import type { SingleFieldProps } from '../field/field-props'

/**
 * GOV.UK's fixed widths, named by the characters they hold; each is a maximum, so a field never makes a
 * 320px screen scroll sideways.
 */
export type InputWidth = 2 | 4 | 5 | 6 | 10 | 20 | 30

export interface TextInputProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  type?: Extract<
    HTMLInputTypeAttribute,
    'text' | 'email' | 'tel' | 'password' | 'search' | 'date' | 'month'
  >
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | undefined
  /** The purpose of personal data (given-name, postal-code, one-time-code, …). */
  autoComplete?: HTMLInputAutoCompleteAttribute | undefined
  maxLength?: number | undefined
  spellCheck?: boolean | undefined
  width?: InputWidth | undefined
  /** Shown before the input, e.g. '£'; part of the accessible name. */
  prefix?: string | undefined
  /** Shown after the input, e.g. 'months'; part of the accessible name. */
  suffix?: string | undefined
  onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined
}

/** A labelled single-line input with its hint and error message wired for assistive technology. */
export function TextInput({
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
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  spellCheck,
  width,
  prefix,
  suffix,
  onKeyDown,
}: TextInputProps) {
  const labelId = `${id}-label`
  const prefixId = `${id}-prefix`
  const suffixId = `${id}-suffix`
  const input = (
    <input
      id={id}
      name={name ?? id}
      type={type}
      className={inputClass('field-input', error, width ? `field-input--w${width}` : undefined)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      disabled={disabled}
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      spellCheck={spellCheck}
      // A prefix or suffix ('£', 'months') is part of what the number means, so it joins the name
      // (read once, through the label; hidden elsewhere so browse mode does not read it twice).
      aria-labelledby={
        prefix || suffix
          ? [labelId, prefix ? prefixId : undefined, suffix ? suffixId : undefined]
              .filter(Boolean)
              .join(' ')
          : undefined
      }
      aria-describedby={describedBy(id, { hint, error })}
      aria-invalid={ariaInvalid(error)}
    />
  )
  return (
    <div className={fieldClass(error)}>
      <FieldLabel id={labelId} htmlFor={id} label={label} asHeading={labelAsHeading} />
      <FieldHint fieldId={id} hint={hint} />
      {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
      {prefix || suffix ? (
        <div className="affix-wrapper">
          {prefix ? (
            <span id={prefixId} className="affix affix--prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          {input}
          {suffix ? (
            <span id={suffixId} className="affix affix--suffix" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      ) : (
        input
      )}
    </div>
  )
}
