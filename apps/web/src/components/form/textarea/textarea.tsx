import '../form.css'
import type { JSX } from 'react'
import {
  Textarea as KitTextarea,
  type TextareaProps as KitTextareaProps,
} from '@forecourt/ui/textarea/textarea'

export {
  charactersLeft,
  COUNT_ANNOUNCE_DELAY_MS,
  countInfoId,
} from '@forecourt/ui/textarea/textarea'

/**
 * The form never cuts an answer off as it is typed (a paste would lose its end silently): it shows the
 * characters left and the step's rule refuses a longer answer with a message.
 */
export type TextareaProps = Omit<KitTextareaProps, 'maxLength'>

/** A multi-line answer, with a label, a hint, the error and, when limited, a character count. */
export const Textarea: (props: TextareaProps) => JSX.Element = KitTextarea
