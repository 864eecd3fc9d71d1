import type { Example } from '../examples'
import { BrokerStatusBadge, DeliveryStatusBadge, KindBadge } from './Badge'

export const badgeExamples: Example[] = [
  {
    name: 'broker status',
    render: () => <BrokerStatusBadge status="with_lender" label="With lender" />,
  },
  { name: 'unknown broker status', render: () => <BrokerStatusBadge status="odd" label="Odd" /> },
  {
    name: 'delivery statuses',
    render: () => (
      <p>
        <DeliveryStatusBadge status="pending" /> <DeliveryStatusBadge status="in_flight" />{' '}
        <DeliveryStatusBadge status="delivered" /> <DeliveryStatusBadge status="dead" />
      </p>
    ),
  },
  {
    name: 'kinds',
    render: () => (
      <p>
        <KindBadge kind="submitted" /> <KindBadge kind="partial" />
      </p>
    ),
  },
]
