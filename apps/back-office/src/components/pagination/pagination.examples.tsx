import type { Example } from '../examples'
import { Pagination } from './Pagination'

export const paginationExamples: Example[] = [
  {
    name: 'first page',
    render: () => (
      <Pagination page={1} hasPrevious={false} hasNext onPrevious={() => {}} onNext={() => {}} />
    ),
  },
  {
    name: 'middle page',
    render: () => (
      <Pagination page={2} hasPrevious hasNext onPrevious={() => {}} onNext={() => {}} />
    ),
  },
  {
    name: 'only page',
    render: () => (
      <Pagination
        page={1}
        hasPrevious={false}
        hasNext={false}
        onPrevious={() => {}}
        onNext={() => {}}
      />
    ),
  },
]
