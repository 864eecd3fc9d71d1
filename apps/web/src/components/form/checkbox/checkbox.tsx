import '../form.css'
import { Checkbox as KitCheckbox, type CheckboxProps } from '@forecourt/ui/checkboxes/checkbox'

export type { CheckboxProps }

/** One checkbox with its label beside it; the whole row is the touch target (the UI kit's). */
export function Checkbox(props: CheckboxProps) {
  return <KitCheckbox {...props} />
}
