import { WithState } from '../example-state'
import type { Example } from '../examples'
import { Textarea } from './textarea'

const question = 'Is there anything we should know to support you?'

export const textareaExamples: Example[] = [
  {
    name: 'default',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Textarea id="support" label={question} value={value} onChange={setValue} />
        )}
      </WithState>
    ),
  },
  {
    name: 'with hint and character count',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Textarea
            id="support"
            label={question}
            hint="For example, accessibility needs or a change in your circumstances."
            maxCharacters={500}
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
      <WithState initial={'a'.repeat(503)}>
        {(value, setValue) => (
          <Textarea
            id="support"
            label={question}
            hint="For example, accessibility needs or a change in your circumstances."
            error="Your answer must be 500 characters or fewer."
            maxCharacters={500}
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
      <Textarea
        id="support"
        label={question}
        maxCharacters={500}
        value="I use a screen reader."
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'label as page heading',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Textarea
            id="support"
            label={question}
            labelAsHeading
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
]
