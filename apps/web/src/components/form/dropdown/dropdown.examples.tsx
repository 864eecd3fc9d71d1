import { propertyTypeOptions } from '@forecourt/domain/journey/options'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { Dropdown } from './dropdown'

export const dropdownExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Dropdown
            id="property-type"
            label="Property type"
            options={propertyTypeOptions}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Dropdown
            id="property-type"
            label="Property type"
            hint="The property the loan is secured on"
            options={propertyTypeOptions}
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
          <Dropdown
            id="property-type"
            label="Property type"
            error="Please choose your property type."
            options={propertyTypeOptions}
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
      <Dropdown
        id="property-type"
        label="Property type"
        options={propertyTypeOptions}
        value="Terraced"
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'label as page heading',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Dropdown
            id="property-type"
            label="What type of property is it?"
            labelAsHeading
            options={propertyTypeOptions}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
