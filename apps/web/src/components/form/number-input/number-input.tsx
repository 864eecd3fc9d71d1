import type { HTMLInputAutoCompleteAttribute } from 'react'
import type { InputWidth, SingleFieldProps } from '../field-props'
import { InputField } from '../input-field'

export interface NumberInputProps extends SingleFieldProps {
  /** The raw text typed: parsing and rounding are the domain's job, not the control's. */
  value: string
  onChange: (value: string) => void
  /** 'numeric' (whole numbers, the default) or 'decimal' (pence allowed): the on-screen keyboard. */
  inputMode?: 'numeric' | 'decimal'
  /** Shown before the input, e.g. '£'; part of the accessible name. */
  prefix?: string
  /** Shown after the input, e.g. 'per month'; part of the accessible name. */
  suffix?: string
  autoComplete?: HTMLInputAutoCompleteAttribute
  maxLength?: number
  width?: InputWidth
}

/**
 * A number typed as text with a numeric keyboard: type="number" would change the value on a
 * scroll of the mouse wheel and hide what was typed from the validation messages.
 */
export function NumberInput({ inputMode = 'numeric', ...props }: NumberInputProps) {
  return <InputField {...props} type="text" inputMode={inputMode} spellCheck={false} />
}
