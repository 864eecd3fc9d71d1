import { brandExamples } from '../brand-examples'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { Checkbox } from './checkbox'

const consent = () => (
  <WithState initial={false}>
    {(value, setValue) => (
      <Checkbox
        id="is-agreed-terms"
        label="I agree to the terms and conditions"
        value={value}
        onChange={setValue}
      />
    )}
  </WithState>
)

export const checkboxExamples: Example[] = [
  { name: 'default', render: consent },
  {
    name: 'with hint',
    render: () => (
      <WithState initial={false}>
        {(value, setValue) => (
          <Checkbox
            id="is-opted-email"
            label="Email"
            hint="News and offers about vehicle finance"
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
      <WithState initial={false}>
        {(value, setValue) => (
          <Checkbox
            id="is-agreed-terms"
            label="I agree to the terms and conditions"
            error="Please check this box."
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
      <Checkbox
        id="is-agreed-terms"
        label="I agree to the terms and conditions"
        value
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'with legend as page heading',
    render: () => (
      <WithState initial={false}>
        {(value, setValue) => (
          <Checkbox
            id="agree-soft-search"
            legend="Can we run a soft search?"
            legendAsHeading
            label="I agree to a soft credit search"
            hint="A soft search does not affect your credit score"
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
      <WithState initial={false}>
        {(value, setValue) => (
          <Checkbox
            id="is-opted-email-partner"
            legend="How can we contact them about offers?"
            label="Email"
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  ...brandExamples(consent),
]
