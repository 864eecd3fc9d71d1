import '../form.css'
import { Radios, type RadiosProps } from '@forecourt/ui/radios/radios'

export { radioId } from '@forecourt/ui/radios/radios'
export type { ChoiceOption as RadioOption } from '@forecourt/ui/field/field-props'

export type RadioGroupProps = Omit<RadiosProps, 'small'>

/**
 * Radios in a fieldset whose legend asks the question: the UI kit's radios, at the form's size (the
 * filter panel's smaller radios are the back office's).
 */
export function RadioGroup(props: RadioGroupProps) {
  return <Radios {...props} />
}
