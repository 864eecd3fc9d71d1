import { maritalStatusOptions } from '@forecourt/domain/journey/options'
import { brandExamples } from '../brand-examples'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { RadioGroup } from './radio-group'

const maritalStatus = () => (
  <WithState initial="">
    {(value, setValue) => (
      <RadioGroup
        id="marital-status"
        label="What is your marital status?"
        options={maritalStatusOptions}
        value={value}
        onChange={setValue}
      />
    )}
  </WithState>
)

export const radioGroupExamples: Example[] = [
  { name: 'default', render: maritalStatus },
  {
    name: 'with hint and option hints',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <RadioGroup
            id="loan-purpose-type"
            label="What would you like the loan to be secured on?"
            hint="This decides which lenders we ask"
            options={[
              { value: 'vehicle', label: 'The vehicle', hint: 'Hire purchase or similar' },
              { value: 'property', label: 'My home', hint: 'A homeowner loan' },
            ]}
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
      <WithState initial="">
        {(value, setValue) => (
          <RadioGroup
            id="marital-status"
            label="What is your marital status?"
            error="Please choose an option to continue."
            options={maritalStatusOptions}
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
      <RadioGroup
        id="marital-status"
        label="What is your marital status?"
        options={maritalStatusOptions}
        value="Married"
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'legend as page heading, inline',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <RadioGroup
            id="is-joint-application"
            label="Would you like to add a joint applicant?"
            legendAsHeading
            inline
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
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
          <RadioGroup
            id="joint-marital-status"
            label="What is their marital status?"
            error="Please choose an option to continue."
            options={maritalStatusOptions}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  ...brandExamples(maritalStatus),
]
