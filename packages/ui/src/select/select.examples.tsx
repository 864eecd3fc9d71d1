import { useState } from 'react'
import type { Example } from '../examples'
import { Select } from './select'

const roles = [
  { value: 'viewer', label: 'Viewer' },
  { value: 'caseworker', label: 'Caseworker' },
  { value: 'admin', label: 'Admin' },
]

function Stateful({ error, emptyLabel }: { error?: string; emptyLabel?: string }) {
  const [value, setValue] = useState('')
  return (
    <Select
      id="role"
      label="Role"
      hint="What they may do"
      options={roles}
      value={value}
      onChange={setValue}
      error={error}
      emptyLabel={emptyLabel}
    />
  )
}

export const selectExamples: Example[] = [
  { name: 'with an empty choice', render: () => <Stateful emptyLabel="Any role" /> },
  {
    name: 'with error',
    render: () => <Stateful emptyLabel="Choose a role" error="Choose a role" />,
  },
]
