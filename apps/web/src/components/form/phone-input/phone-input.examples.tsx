import { WithState } from '../example-state'
import type { Example } from '../examples'
import { PhoneInput } from './phone-input'
import { PHONE_HINT } from './phone-hint'

export const phoneInputExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <PhoneInput id="contact-number" label="Phone number" value={value} onChange={setValue} />
        )}
      </WithState>
    ),
  },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <PhoneInput
            id="contact-number"
            label="Phone number"
            hint={PHONE_HINT}
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
      <WithState initial="0770090098">
        {(value, setValue) => (
          <PhoneInput
            id="contact-number"
            label="Phone number"
            error="Please try again, UK phone numbers should contain 11 digits."
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
      <PhoneInput
        id="contact-number"
        label="Phone number"
        value="07700900982"
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
          <PhoneInput
            id="joint-contact-number"
            label="Their phone number"
            autoComplete="off"
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
