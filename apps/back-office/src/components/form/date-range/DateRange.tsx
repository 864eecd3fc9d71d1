import { TextInput } from '@forecourt/ui/text-input/text-input'

export interface DateRangeValue {
  /** `YYYY-MM-DD`, or '' for no bound. */
  from: string
  to: string
}

export interface DateRangeProps {
  /** The fieldset's legend: what the dates bound. */
  legend: string
  /** The inputs' ids are `<idPrefix>-from` and `<idPrefix>-to`, which the error summary links to. */
  idPrefix: string
  value: DateRangeValue
  onChange: (value: DateRangeValue) => void
  errorFor: (id: string) => string | undefined
}

/** A filter's pair of dates, From and To, in one fieldset named by its legend. */
export function DateRange({ legend, idPrefix, value, onChange, errorFor }: DateRangeProps) {
  return (
    <fieldset className="field-fieldset field">
      <legend className="field-legend">{legend}</legend>
      <TextInput
        id={`${idPrefix}-from`}
        label="From"
        type="date"
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        error={errorFor(`${idPrefix}-from`)}
      />
      <TextInput
        id={`${idPrefix}-to`}
        label="To"
        type="date"
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        error={errorFor(`${idPrefix}-to`)}
      />
    </fieldset>
  )
}
