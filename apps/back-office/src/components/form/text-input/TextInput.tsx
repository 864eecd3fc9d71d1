import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react'
import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldHint } from '@forecourt/ui/field/field-parts'
import { FieldError } from '../field-parts'

export interface TextInputProps extends FieldProps {
  value: string
  onChange: (value: string) => void
  type?: Extract<
    HTMLInputTypeAttribute,
    'text' | 'email' | 'password' | 'search' | 'date' | 'month'
  >
  autoComplete?: HTMLInputAutoCompleteAttribute
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email'
  spellCheck?: boolean
  maxLength?: number
  /** A width in characters (a maximum: the field still fits a 320px screen). */
  width?: 6 | 10 | 20 | 30
  name?: string
}

/** A labelled single-line input with its hint and error wired for assistive technology. */
export function TextInput({
  id,
  label,
  hint,
  error,
  disabled,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  spellCheck,
  maxLength,
  width,
  name,
}: TextInputProps) {
  return (
    <div className={fieldClass(error)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldHint fieldId={id} hint={hint} />
      <FieldError id={id} error={error} />
      <input
        id={id}
        name={name ?? id}
        type={type}
        className={[
          'field-input',
          error ? 'field-input--error' : '',
          width ? `field-input--w${width}` : '',
        ]
          .filter(Boolean)
          .join(' ')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        maxLength={maxLength}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </div>
  )
}
