import './form.css'
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, KeyboardEvent } from 'react'
import { ErrorMessage } from '@forecourt/ui/error-message/error-message'
import { FieldHint, FieldLabel } from '@forecourt/ui/field/field-parts'
import {
  ariaInvalid,
  describedBy,
  fieldClass,
  inputClass,
  type InputWidth,
  type SingleFieldProps,
} from './field-props'

// The single-input field the text, email, phone and number controls are made of: they differ only
// in the attributes and the clean-up they pass in.

export interface InputFieldProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  type: HTMLInputTypeAttribute
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  autoComplete?: HTMLInputAutoCompleteAttribute | undefined
  maxLength?: number | undefined
  spellCheck?: boolean | undefined
  width?: InputWidth | undefined
  prefix?: string | undefined
  suffix?: string | undefined
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
  /** Applied to every raw value before it reaches onChange. */
  clean?: (raw: string) => string
}

export function InputField({
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
  type,
  inputMode,
  autoComplete,
  maxLength,
  spellCheck,
  width,
  prefix,
  suffix,
  onKeyDown,
  clean,
}: InputFieldProps) {
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
      onChange={(event) => onChange(clean ? clean(event.target.value) : event.target.value)}
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
