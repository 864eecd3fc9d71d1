import { PHONE_MAX_TYPED } from '@forecourt/domain/fields/phone'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import { preventSpaceKey, withoutSpaces } from '../block-spaces'
import type { SingleFieldProps } from '../field-props'
import { InputField } from '../input-field'

export interface PhoneInputProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  /** 'tel' by default; pass 'off' for a joint applicant's number. */
  autoComplete?: HTMLInputAutoCompleteAttribute
  /** Applied to each change after spaces are removed (the screen passes the domain's sanitisePhoneInput). */
  sanitise?: (raw: string) => string
}

/**
 * A telephone number: at most 13 characters, and a space never reaches the value.
 *
 * The limit is applied to the value, not by a maxlength attribute: the browser would cut a pasted
 * '+44 7700 900982' to '+44 7700 9009' before the spaces could be removed. With a sanitise
 * function (the domain's sanitisePhoneInput), the limit is that function's: it applies it after
 * turning '+44' into '0' (docs/decisions/0303-phone-email-and-number-input.md).
 */
export function PhoneInput({ autoComplete = 'tel', sanitise, ...props }: PhoneInputProps) {
  return (
    <InputField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      spellCheck={false}
      onKeyDown={preventSpaceKey}
      clean={(raw) => {
        const compact = withoutSpaces(raw)
        return sanitise ? sanitise(compact) : compact.slice(0, PHONE_MAX_TYPED)
      }}
    />
  )
}
