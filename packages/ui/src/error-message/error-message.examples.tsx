import type { Example } from '../examples'
import { ErrorMessage } from './error-message'

export const errorMessageExamples: Example[] = [
  {
    name: 'default',
    render: () => <ErrorMessage fieldId="first-name" message="Please enter your first name." />,
  },
  {
    name: 'shaking',
    render: () => (
      <ErrorMessage fieldId="first-name" message="Please enter your first name." shake />
    ),
  },
  {
    name: 'in the back office',
    render: () => <ErrorMessage fieldId="reason" message="Enter why the data is erased" />,
  },
]
