import { useState } from 'react'
import type { Example } from '../examples'
import { Textarea } from './textarea'

function Stateful({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <Textarea
      id="more-detail"
      label="Tell us more"
      hint="For example, the vehicle you have in mind"
      maxCharacters={20}
      value={value}
      onChange={setValue}
      error={error}
    />
  )
}

export const textareaExamples: Example[] = [
  { name: 'with a character count', render: () => <Stateful /> },
  {
    name: 'over the count, in error',
    render: () => (
      <Stateful
        initial="A blue estate car, please"
        error="Please enter no more than 20 characters."
      />
    ),
  },
]
