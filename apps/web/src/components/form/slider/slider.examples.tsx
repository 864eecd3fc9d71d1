import { brandExamples } from '../brand-examples'
import { WithState } from '../example-state'
import type { Example } from '../examples'
import { Slider } from './slider'

const years = { one: 'year', other: 'years' }

const term = (initial = '3') => (
  <WithState initial={initial}>
    {(value, setValue) => (
      <Slider
        id="term"
        label="How long would you like to borrow for?"
        typedLabel="Or type the number of years"
        min={1}
        max={7}
        unit={years}
        value={value}
        onChange={setValue}
      />
    )}
  </WithState>
)

export const sliderExamples: Example[] = [
  { name: 'default', render: () => term() },
  {
    name: 'with hint',
    render: () => (
      <WithState initial="10">
        {(value, setValue) => (
          <Slider
            id="term"
            label="How long would you like to borrow for?"
            hint="Homeowner loans run from 3 to 25 years"
            typedLabel="Or type the number of years"
            min={3}
            max={25}
            unit={years}
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
      <WithState initial="9">
        {(value, setValue) => (
          <Slider
            id="term"
            label="How long would you like to borrow for?"
            typedLabel="Or type the number of years"
            error="Must be between 1 and 7."
            min={1}
            max={7}
            unit={years}
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
      <Slider
        id="term"
        label="How long would you like to borrow for?"
        typedLabel="Or type the number of years"
        min={1}
        max={7}
        unit={years}
        value="4"
        onChange={() => {}}
        disabled
      />
    ),
  },
  {
    name: 'blank, label as page heading',
    render: () => (
      <WithState initial="">
        {(value, setValue) => (
          <Slider
            id="term"
            label="How long would you like to borrow for?"
            labelAsHeading
            typedLabel="Or type the number of years"
            min={1}
            max={7}
            unit={years}
            value={value}
            onChange={setValue}
          />
        )}
      </WithState>
    ),
  },
  ...brandExamples(() => term()),
]
