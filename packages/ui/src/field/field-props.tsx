// The props every control of the kit takes. Texts come from the caller: a control never writes a message.

export interface FieldProps {
  /** The input's id (a group's first input carries it); the error summary links to `#id`. */
  id: string
  /** The name submitted; the id when not given. */
  name?: string | undefined
  label: string
  hint?: string | undefined
  /** The message text, verbatim; its presence puts the field in error. */
  error?: string | undefined
  disabled?: boolean | undefined
  onBlur?: (() => void) | undefined
  /** Plays the error message's shake (500 ms, only without reduced motion); the caller turns it off again. */
  shake?: boolean | undefined
}

/** A control for a single input: its label can be the page's only heading. */
export interface SingleFieldProps extends FieldProps {
  labelAsHeading?: boolean | undefined
}

/** A control drawn as a fieldset: its legend can be the page's only heading. */
export interface GroupFieldProps extends FieldProps {
  legendAsHeading?: boolean | undefined
}

/** One option of a group of radios or checkboxes, or of a select. */
export interface ChoiceOption {
  value: string
  label: string
  /** A hint under the option's label, read with it (GOV.UK's item hint). */
  hint?: string | undefined
}
