import { describedBy, fieldClass, type FieldProps } from '../field'
import { FieldHint } from '@forecourt/ui/field/field-parts'
import { FieldError } from '../field-parts'

export interface TextareaProps extends FieldProps {
  value: string
  onChange: (value: string) => void
  rows?: number
  maxLength?: number
}

export function Textarea({
  id,
  label,
  hint,
  error,
  disabled,
  value,
  onChange,
  rows = 5,
  maxLength,
}: TextareaProps) {
  return (
    <div className={fieldClass(error)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldHint fieldId={id} hint={hint} />
      <FieldError id={id} error={error} />
      <textarea
        id={id}
        name={id}
        className={error ? 'field-textarea field-input--error' : 'field-textarea'}
        rows={rows}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </div>
  )
}
