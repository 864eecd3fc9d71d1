import { useState } from 'react'
import type { Example } from '../../examples'
import { DateRange, type DateRangeValue } from './DateRange'

function Stateful({ errors = {} }: { errors?: Record<string, string> }) {
  const [value, setValue] = useState<DateRangeValue>({ from: '2026-11-01', to: '' })
  return (
    <DateRange
      legend="Last activity"
      idPrefix="filter"
      value={value}
      onChange={setValue}
      errorFor={(id) => errors[id]}
    />
  )
}

export const dateRangeExamples: Example[] = [
  { name: 'from a date, no end', render: () => <Stateful /> },
  {
    name: 'with an error on To',
    render: () => <Stateful errors={{ 'filter-to': 'Enter a date on or after the From date' }} />,
  },
]
