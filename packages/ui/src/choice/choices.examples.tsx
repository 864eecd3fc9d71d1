import { useState } from 'react'
import type { Example } from '../examples'
import { Checkbox } from '../checkboxes/checkbox'
import { Checkboxes } from '../checkboxes/checkboxes'
import { Radios } from '../radios/radios'
import { Textarea } from '../textarea/textarea'

const statuses = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'closed', label: 'Closed' },
]

function CheckboxesExample({ error }: { error?: string }) {
  const [values, setValues] = useState<string[]>([])
  return (
    <Checkboxes
      id="status"
      label="Broker status"
      options={statuses}
      values={values}
      onChange={setValues}
      error={error}
      small
    />
  )
}

function HintedCheckboxesExample() {
  const [values, setValues] = useState<string[]>([])
  return (
    <Checkboxes
      id="lenders"
      label="Lenders to send it to"
      hint="Each is sent the whole application"
      options={[
        { value: 'acme', label: 'Acme Lending', hint: 'Answers within the hour' },
        { value: 'summit', label: 'Summit Motor Finance' },
      ]}
      values={values}
      onChange={setValues}
    />
  )
}

function RadiosExample({ error }: { error?: string }) {
  const [value, setValue] = useState('')
  return (
    <Radios
      id="new-status"
      label="New status"
      hint="The applicant does not see it"
      options={statuses}
      value={value}
      onChange={setValue}
      error={error}
    />
  )
}

function InlineRadiosExample() {
  const [value, setValue] = useState('')
  return (
    <Radios
      id="joint"
      label="Is this a joint application?"
      legendAsHeading
      options={[
        { value: 'yes', label: 'Yes', hint: 'Both of you will be asked for your details' },
        { value: 'no', label: 'No' },
      ]}
      value={value}
      onChange={setValue}
      inline
    />
  )
}

function SmallRadiosExample() {
  const [value, setValue] = useState('any')
  return (
    <Radios
      id="assigned"
      label="Assigned to"
      options={[
        { value: 'any', label: 'Anyone' },
        { value: 'me', label: 'Me' },
      ]}
      value={value}
      onChange={setValue}
      small
    />
  )
}

function CheckboxExample({ error, legend }: { error?: string; legend?: string }) {
  const [value, setValue] = useState(false)
  return (
    <Checkbox
      id="declaration"
      label="I confirm the details I have given are correct"
      hint="We check them with a credit reference agency"
      legend={legend}
      error={error}
      value={value}
      onChange={setValue}
    />
  )
}

function TextareaExample({ error }: { error?: string }) {
  const [value, setValue] = useState('')
  return (
    <Textarea
      id="note"
      label="Note"
      value={value}
      onChange={setValue}
      error={error}
      maxLength={2000}
    />
  )
}

export const choicesExamples: Example[] = [
  { name: 'checkboxes', render: () => <CheckboxesExample /> },
  { name: 'checkboxes with error', render: () => <CheckboxesExample error="Choose a status" /> },
  { name: 'checkboxes with a hint on a box', render: () => <HintedCheckboxesExample /> },
  { name: 'radios', render: () => <RadiosExample /> },
  { name: 'radios with error', render: () => <RadiosExample error="Choose the new status" /> },
  { name: 'inline radios with a hint on an option', render: () => <InlineRadiosExample /> },
  { name: 'small radios', render: () => <SmallRadiosExample /> },
  { name: 'one checkbox', render: () => <CheckboxExample /> },
  {
    name: 'one checkbox in a fieldset, in error',
    render: () => (
      <CheckboxExample legend="Declaration" error="Please confirm the details are correct." />
    ),
  },
  { name: 'textarea', render: () => <TextareaExample /> },
  { name: 'textarea with error', render: () => <TextareaExample error="Enter the note" /> },
]
