import { brandExamples } from '../brand-examples'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { TitleRadioGroup } from './title-radio-group'

const title = () => (
  <WithState initial="">
    {(value, setValue) => <TitleRadioGroup id="title" value={value} onChange={setValue} />}
  </WithState>
)

export const titleRadioGroupExamples: Example[] = [
  { name: 'default', render: title },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <TitleRadioGroup
            id="title"
            hint="As it appears on your driving licence"
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
      <WithState initial="">
        {(value, setValue) => (
          <TitleRadioGroup
            id="title"
            error="Please enter your title."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  {
    name: 'locked',
    render: () => <TitleRadioGroup id="title" value="Dr" onChange={() => {}} disabled />,
  },
  {
    name: 'joint',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <TitleRadioGroup
            id="joint-title"
            error="Please enter their title."
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  ...brandExamples(title),
]
