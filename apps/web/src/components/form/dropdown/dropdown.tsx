import '../form.css'
import type { HTMLInputAutoCompleteAttribute } from 'react'
import { Select } from '@forecourt/ui/select/select'
import type { SingleFieldProps } from '../field-props'

export interface DropdownOption {
  value: string
  label: string
}

export interface DropdownProps extends SingleFieldProps {
  options: readonly DropdownOption[]
  /** The chosen value; '' while the placeholder is shown. */
  value: string
  onChange: (value: string) => void
  autoComplete?: HTMLInputAutoCompleteAttribute
}

/** A native select whose first option is 'Please select' (docs/requirements.md#controls). */
export function Dropdown(props: DropdownProps) {
  return <Select {...props} emptyLabel="Please select" />
}
