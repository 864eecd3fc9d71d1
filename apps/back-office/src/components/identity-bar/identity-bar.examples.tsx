import type { Example } from '../examples'
import { BrokerStatusBadge } from '../badge/Badge'
import { IdentityBar } from './IdentityBar'

export const identityBarExamples: Example[] = [
  {
    name: 'application with actions',
    render: () => (
      <IdentityBar
        title={<h1 className="identity-bar__title">Jane Smith</h1>}
        facts={[
          { label: 'Reference', value: 'FC-NN07-T1T4' },
          { label: 'Brand', value: 'Car Finance Direct' },
          { label: 'Status', value: <BrokerStatusBadge status="new" label="New" /> },
        ]}
        actions={
          <>
            <a className="button button--secondary" href="#status">
              Change status
            </a>
            <a className="button button--warning" href="#erase">
              Erase personal data
            </a>
          </>
        }
      />
    ),
  },
]
