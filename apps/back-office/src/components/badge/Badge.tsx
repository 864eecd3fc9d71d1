// Status is text plus colour, never colour alone (MOJ badge): the word is always there; the colour
// only helps a sighted user scan a long list.

import type { DeliveryStatus } from '#lib/types'

export type BadgeColour = 'blue' | 'green' | 'red' | 'orange' | 'purple' | 'grey' | 'black'

export function Badge({ colour, children }: { colour: BadgeColour; children: string }) {
  return <strong className={`badge badge--${colour}`}>{children}</strong>
}

const BROKER_STATUS_COLOURS: Record<string, BadgeColour> = {
  new: 'blue',
  contacted: 'purple',
  with_lender: 'orange',
  approved: 'green',
  declined: 'red',
  withdrawn: 'grey',
  paid_out: 'green',
  closed: 'grey',
}

/** The broker's status, labelled as the server names it. */
export function BrokerStatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge colour={BROKER_STATUS_COLOURS[status] ?? 'grey'}>{label}</Badge>
}

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  in_flight: 'Sending',
  delivered: 'Delivered',
  dead: 'Failed',
}

const DELIVERY_STATUS_COLOURS: Record<DeliveryStatus, BadgeColour> = {
  pending: 'orange',
  in_flight: 'blue',
  delivered: 'green',
  dead: 'red',
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge colour={DELIVERY_STATUS_COLOURS[status] ?? 'grey'}>
      {DELIVERY_STATUS_LABELS[status] ?? status}
    </Badge>
  )
}

export function KindBadge({ kind }: { kind: 'submitted' | 'partial' | 'refused' }) {
  if (kind === 'refused') return <Badge colour="red">Refused</Badge>
  return kind === 'partial' ? (
    <Badge colour="orange">Partial (lead)</Badge>
  ) : (
    <Badge colour="green">Submitted</Badge>
  )
}
