// The broker's statuses as people read them: the back office's lists and pages, and the audit entries.

import type { BrokerStatus } from '../db/tables'

export const BROKER_STATUS_LABELS: Readonly<Record<BrokerStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  with_lender: 'With lender',
  approved: 'Approved',
  signed: 'Agreement signed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  paid_out: 'Paid out',
  closed: 'Closed',
}
