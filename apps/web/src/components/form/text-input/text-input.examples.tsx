import { WithState } from '../example-state'
import type { Example } from '../examples'
import { TextInput } from './text-input'

export const textInputExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <TextInput
            id="first-name"
            label="First name"
            autoComplete="given-name"
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
          <TextInput
            id="last-name"
            label="Last name"
            hint="As it appears on your driving licence"
            autoComplete="family-name"
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
          <TextInput
            id="first-name"
            label="First name"
            hint="As it appears on your driving licence"
            error="Please enter your first name."
            autoComplete="given-name"
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
      <TextInput
        id="first-name"
        label="First name"
        autoComplete="given-name"
        value="Jo"
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'joint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <TextInput
            id="joint-first-name"
            label="Their first name"
            error="Please enter their first name."
            autoComplete="off"
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'postcode, label as page heading',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <TextInput
            id="postcode"
            label="What is your postcode?"
            labelAsHeading
            autoComplete="postal-code"
            width={10}
            spellCheck={false}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
