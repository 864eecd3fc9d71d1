import './form.css'
import { TextInput, type TextInputProps } from '@forecourt/ui/text-input/text-input'

// The single-input field the text, email, phone and number controls are made of: the UI kit's input,
// plus the clean-up a control applies to what is typed before it reaches the answer.

export interface InputFieldProps extends TextInputProps {
  /** Applied to every raw value before it reaches onChange. */
  clean?: (raw: string) => string
}

export function InputField({ clean, onChange, ...props }: InputFieldProps) {
  return <TextInput {...props} onChange={(raw) => onChange(clean ? clean(raw) : raw)} />
}
