import { titleOptions } from '@forecourt/domain/journey/options'
import { RadioGroup, type RadioGroupProps } from '../radio-group/radio-group'

export interface TitleRadioGroupProps extends Omit<
  RadioGroupProps,
  'options' | 'label' | 'inline'
> {
  /** The legend; 'Title' unless the screen asks otherwise. */
  label?: string
}

/**
 * The applicant's title (Mr, Mrs, Miss, Ms, Mx, Dr), side by side. Radios cannot carry the
 * honorific-prefix autocomplete token: HTML gives autocomplete no meaning on radios.
 */
export function TitleRadioGroup({ label = 'Title', ...props }: TitleRadioGroupProps) {
  return <RadioGroup {...props} label={label} options={titleOptions} inline />
}
