import { EMAIL_MAX_LENGTH } from '@forecourt/domain/fields/email'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import { preventSpaceKey, withoutSpaces } from '../block-spaces'
import type { SingleFieldProps } from '../field-props'
import { InputField } from '../input-field'

export interface EmailInputProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  /** 'email' by default; pass 'off' for a joint applicant's address. */
  autoComplete?: HTMLInputAutoCompleteAttribute
}

/** An email address: at most 50 characters, and a space never reaches the value. */
export function EmailInput({ autoComplete = 'email', ...props }: EmailInputProps) {
  return (
    <InputField
      {...props}
      type="email"
      autoComplete={autoComplete}
      maxLength={EMAIL_MAX_LENGTH}
      spellCheck={false}
      onKeyDown={preventSpaceKey}
      clean={withoutSpaces}
    />
  )
}
