import '../form.css'

// One checkbox with its label beside it; the whole row is the touch target: the UI kit's own.
export { Checkbox, type CheckboxProps } from '@forecourt/ui/checkboxes/checkbox'
