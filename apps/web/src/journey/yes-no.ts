// Yes/No questions store a boolean (null until answered); radios carry strings. One mapping, so
// every Yes/No screen reads and writes the state the same way.
import type { RadioOption } from '#components/form/radio-group/radio-group'

export const yesNoOptions: readonly RadioOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

/** The radio value for a stored answer: '' while unanswered. */
export function toYesNo(answer: boolean | null): string {
  return answer === null ? '' : answer ? 'yes' : 'no'
}

export function fromYesNo(value: string): boolean {
  return value === 'yes'
}
