import type { Example } from '../../examples'
import { TextInput } from '../text-input/TextInput'
import { ErrorSummary } from './ErrorSummary'

export const errorSummaryExamples: Example[] = [
  {
    name: 'one error',
    render: () => (
      <ErrorSummary errors={[{ id: 'reason', message: 'Enter why the data is erased' }]} />
    ),
  },
  {
    name: 'with the fields it links to',
    render: () => (
      <>
        <ErrorSummary
          errors={[
            { id: 'email', message: 'Enter your email address' },
            { id: 'code', message: 'Enter the 6-digit code' },
          ]}
        />
        <TextInput
          id="email"
          label="Email address"
          error="Enter your email address"
          value=""
          onChange={() => {}}
        />
        <TextInput
          id="code"
          label="Code"
          error="Enter the 6-digit code"
          value=""
          onChange={() => {}}
        />
      </>
    ),
  },
]
