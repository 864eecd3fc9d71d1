import type { Example } from '../examples'
import { TextInput } from '../text-input/text-input'
import { TitleRadioGroup } from '../title-radio-group/title-radio-group'
import { ErrorSummary } from './error-summary'

export const errorSummaryExamples: Example[] = [
  {
    name: 'one error',
    render: () => <ErrorSummary errors={[{ id: 'email', message: 'Please enter your email.' }]} />,
  },
  {
    name: 'with the fields it links to',
    render: () => (
      <>
        <ErrorSummary
          errors={[
            { id: 'title', message: 'Please enter your title.' },
            { id: 'first-name', message: 'Please enter your first name.' },
          ]}
        />
        <TitleRadioGroup id="title" error="Please enter your title." value="" onChange={() => {}} />
        <TextInput
          id="first-name"
          label="First name"
          autoComplete="given-name"
          error="Please enter your first name."
          value=""
          onChange={() => {}}
        />
      </>
    ),
  },
  {
    name: 'joint',
    render: () => (
      <ErrorSummary errors={[{ id: 'joint-title', message: 'Please enter their title.' }]} />
    ),
  },
]
