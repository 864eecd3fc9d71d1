import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { DateOfBirth } from './date-of-birth'

const blank: DateParts = { day: '', month: '', year: '' }

export const dateOfBirthExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial={blank}>
        {(value, setValue) => (
          <DateOfBirth
            id="date-of-birth"
            label="What is your date of birth?"
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
          <DateOfBirth
            id="date-of-birth"
            label="What is your date of birth?"
            hint="For example, 27 03 1985"
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with error on one part',
    render: () => (
      <WithState initial={{ day: '32', month: '03', year: '1985' }}>
        {(value, setValue) => (
          <DateOfBirth
            id="date-of-birth"
            label="What is your date of birth?"
            error="Please enter a day between 1 and 31."
            invalidParts={['day']}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'with error on the whole date',
    render: () => (
      <WithState initial={{ day: '12', month: '03', year: '2020' }}>
        {(value, setValue) => (
          <DateOfBirth
            id="date-of-birth"
            label="What is your date of birth?"
            error="You must be at least 18 years old to apply for finance with us."
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
      <DateOfBirth
        id="date-of-birth"
        label="What is your date of birth?"
        value={{ day: '27', month: '03', year: '1985' }}
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
          <DateOfBirth
            id="date-of-birth"
            label="What is your date of birth?"
            legendAsHeading
            hint="For example, 27 03 1985"
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
          <DateOfBirth
            id="joint-date-of-birth"
            label="What is their date of birth?"
            joint
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
