import { WithState } from '../example-state'
import type { Example } from '../examples'
import { YearsMonths, type YearsMonthsValue } from './years-months'

const blank: YearsMonthsValue = { years: '', months: '' }

export const yearsMonthsExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial={blank}>
        {(value, setValue) => (
          <YearsMonths
            id="years-at-address"
            label="How long have you lived at this address?"
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
      <WithState initial={blank}>
        {(value, setValue) => (
          <YearsMonths
            id="years-at-employer"
            label="How long have you worked there?"
            hint="For example, 2 years and 6 months"
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
      <WithState initial={blank}>
        {(value, setValue) => (
          <YearsMonths
            id="years-at-address"
            label="How long have you lived at this address?"
            error="Please answer this question."
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
      <YearsMonths
        id="years-at-address"
        label="How long have you lived at this address?"
        value={{ years: '3', months: '4' }}
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'legend as page heading',
    render: () => (
      <WithState initial={blank}>
        {(value, setValue) => (
          <YearsMonths
            id="years-at-address"
            label="How long have you lived at this address?"
            legendAsHeading
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
      <WithState initial={blank}>
        {(value, setValue) => (
          <YearsMonths
            id="joint-years-at-employer"
            label="How long have they worked there?"
            error="Please answer this question."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
