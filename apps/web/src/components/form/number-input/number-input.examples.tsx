import { WithState } from '../example-state'
import type { Example } from '../examples'
import { NumberInput } from './number-input'

export const numberInputExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <NumberInput id="property-bedrooms" label="Bedrooms" value={value} onChange={setValue} />
        )}
      </WithState>
    ),
  },
  {
    name: 'money with prefix and hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <NumberInput
            id="net-monthly-income"
            label="Monthly income after tax"
            hint="Include any regular income, such as benefits"
            prefix="£"
            width={10}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with error',
    render: () => (
      <WithState initial="250001">
        {(value, setValue) => (
          <NumberInput
            id="property-value"
            label="Property value"
            prefix="£"
            error="Must be between 10000 and 250000."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'locked',
    render: () => (
      <NumberInput
        id="property-value"
        label="Property value"
        prefix="£"
        value="180000"
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'decimal, label as page heading',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <NumberInput
            id="cash-deposit"
            label="How much deposit will you pay?"
            labelAsHeading
            inputMode="decimal"
            prefix="£"
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'joint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <NumberInput
            id="joint-net-monthly-income"
            label="Their monthly income after tax"
            prefix="£"
            error="Please enter their monthly income after tax."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
