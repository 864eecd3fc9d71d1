import { useState } from 'react'
import type { Example } from '../examples'
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
  { name: 'textarea', render: () => <TextareaExample /> },
  { name: 'textarea with error', render: () => <TextareaExample error="Enter the note" /> },
]
