import { TEXT_MAX_LENGTH } from '@forecourt/domain/fields/text'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import type { InputWidth, SingleFieldProps } from '../field-props'
import { InputField } from '../input-field'

export interface TextInputProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  /** The purpose of personal data (given-name, family-name, postal-code, …); 'off' for a joint applicant's. */
  autoComplete?: HTMLInputAutoCompleteAttribute
  spellCheck?: boolean
  width?: InputWidth
}

/** A free-text field, at most 50 characters (docs/requirements.md#text). */
export function TextInput(props: TextInputProps) {
  return <InputField {...props} type="text" maxLength={TEXT_MAX_LENGTH} />
}
