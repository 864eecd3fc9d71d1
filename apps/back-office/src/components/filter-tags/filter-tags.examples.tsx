import { useState } from 'react'
import type { Example } from '../examples'
import { FilterTags, type AppliedFilter } from './FilterTags'

const applied: AppliedFilter[] = [
  { key: 'brand', category: 'Brand', value: 'Car Finance Direct' },
  { key: 'kind', category: 'Kind', value: 'Partial (leads)' },
]

function Stateful() {
  const [filters, setFilters] = useState(applied)
  return (
    <FilterTags
      filters={filters}
      onRemove={(key) => setFilters(filters.filter((filter) => filter.key !== key))}
      onClear={() => setFilters([])}
    />
  )
}

export const filterTagsExamples: Example[] = [{ name: 'two filters', render: () => <Stateful /> }]
