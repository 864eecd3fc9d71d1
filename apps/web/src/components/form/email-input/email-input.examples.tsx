import { WithState } from '../example-state'
import type { Example } from '../examples'
import { EmailInput } from './email-input'

export const emailInputExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <EmailInput id="email" label="Email address" value={value} onChange={setValue} />
        )}
      </WithState>
    ),
  },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <EmailInput
            id="email"
            label="Email address"
            hint="We will send your quote to this address"
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
      <WithState initial="jo@example">
        {(value, setValue) => (
          <EmailInput
            id="email"
            label="Email address"
            error="Please try again. That email address doesn’t look right."
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
      <EmailInput
        id="email"
        label="Email address"
        value="jo@example.com"
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
          <EmailInput
            id="joint-email"
            label="Their email address"
            autoComplete="off"
            error="Please enter their email."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
