import type { Example } from '../examples'
import { Timeline } from './Timeline'

export const timelineExamples: Example[] = [
  {
    name: 'application events',
    render: () => (
      <Timeline
        items={[
          {
            key: '3',
            title: 'Status changed to Contacted',
            by: 'cath@broker.example',
            at: '2026-11-26T10:15:00Z',
          },
          {
            key: '2',
            title: 'Delivery attempt 1 to acme-lending: HTTP 500, will retry',
            by: null,
            at: '2026-11-26T09:01:00Z',
          },
          { key: '1', title: 'Submitted', by: null, at: '2026-07-01T12:05:00Z' },
        ]}
      />
    ),
  },
]
