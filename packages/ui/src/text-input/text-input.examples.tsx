import { useState } from 'react'
import type { Example } from '../examples'
import { TextInput, type TextInputProps } from './text-input'

function Stateful(props: Omit<TextInputProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props
  const [value, setValue] = useState(initial)
  return <TextInput {...rest} value={value} onChange={setValue} />
}

export const textInputExamples: Example[] = [
  {
    name: 'email',
    render: () => (
      <Stateful
        id="email"
        label="Email address"
        type="email"
        autoComplete="username"
        spellCheck={false}
      />
    ),
  },
  {
    name: 'one-time code with hint',
    render: () => (
      <Stateful
        id="code"
        label="Code from your authenticator app"
        hint="The 6 digits the app shows now"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        width={6}
      />
    ),
  },
  {
    name: 'with error',
    render: () => (
      <Stateful
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters"
        error="Enter a password of at least 12 characters"
      />
    ),
  },
  {
    name: 'amount with a prefix and a width',
    render: () => (
      <Stateful
        id="deposit"
        label="How much is your deposit?"
        hint="Leave blank if none"
        inputMode="numeric"
        prefix="£"
        width={10}
      />
    ),
  },
  {
    name: 'period with a suffix',
    render: () => <Stateful id="term" label="Term" inputMode="numeric" suffix="months" width={4} />,
  },
  {
    name: 'label as page heading',
    render: () => (
      <Stateful
        id="postcode"
        label="What is your postcode?"
        autoComplete="postal-code"
        labelAsHeading
      />
    ),
  },
  {
    name: 'disabled',
    render: () => <Stateful id="reference" label="Reference" initial="FC-NN07-T1T4" disabled />,
  },
]
