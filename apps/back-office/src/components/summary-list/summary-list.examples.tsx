import type { Example } from '../examples'
import { SummaryList } from './SummaryList'

export const summaryListExamples: Example[] = [
  {
    name: 'answers with an address',
    render: () => (
      <SummaryList
        rows={[
          { key: 'Name', value: ['Mrs Jane Smith'] },
          { key: 'Current address', value: ['10 Acacia Avenue', 'Manchester', 'M1 1AE'] },
        ]}
      />
    ),
  },
]
