// The contract every form control shares (`step.field()` returns it), and the id scheme that ties a
// field to its hint, its error message and the error summary link: both are the UI kit's, whose plain
// controls the form's wrap.

export type { FieldProps, GroupFieldProps, SingleFieldProps } from '@forecourt/ui/field/field-props'
export type { InputWidth } from '@forecourt/ui/text-input/text-input'
export { errorId } from '@forecourt/ui/error-message/error-message'
export {
  ariaInvalid,
  describedBy,
  fieldClass,
  hintId,
  inputClass,
} from '@forecourt/ui/field/field-parts'
