import '../form.css'
import type { JSX } from 'react'
import { Radios, type RadiosProps } from '@forecourt/ui/radios/radios'

export { radioId } from '@forecourt/ui/radios/radios'
export type { ChoiceOption as RadioOption } from '@forecourt/ui/field/field-props'

/** The form's radios are the UI kit's at their full size (the smaller ones are a filter panel's). */
export type RadioGroupProps = Omit<RadiosProps, 'small'>

/**
 * Radios in a fieldset whose legend asks the question: the UI kit's own component (no wrapper
 * function, so the journey's code pays nothing for the name).
 */
export const RadioGroup: (props: RadioGroupProps) => JSX.Element = Radios
