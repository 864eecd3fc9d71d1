// Each lender's delivery with its status; a caseworker or admin retries one that failed or waits.

import { useState } from 'react'
import { useSession } from '#app/session'
import { DeliveryStatusBadge } from '#components/badge/Badge'
import { Notice } from '#components/notice/Notice'
import { post } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import type { Delivery } from '#lib/types'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

const OUTCOMES: Record<string, (lender: string) => string> = {
  requeued: (lender) => `The delivery to ${lender} is due now: it will be sent within seconds.`,
  'already-delivered': (lender) =>
    `The delivery to ${lender} was already delivered: nothing to retry.`,
  'in-flight': (lender) => `The delivery to ${lender} is being sent now: nothing to retry.`,
}

function lastAnswer(delivery: Delivery): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`
  return delivery.lastError ?? 'None yet'
}

export function DeliveriesPart() {
  const { detail, reload } = useApplication()
  const { can } = useSession()
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>()
  const [busy, setBusy] = useState<string>()
  const erased = detail.application.erased !== null

  async function retry(delivery: Delivery) {
    if (busy) return
    setBusy(delivery.id)
    setMessage(undefined)
    try {
      const answer = await post(
        'POST /api/back-office/applications/:applicationKey/deliveries/:deliveryId/retry',
        { params: { applicationKey: detail.application.applicationKey, deliveryId: delivery.id } },
      )
      await reload()
      const text = OUTCOMES[answer.outcome]?.(delivery.destinationId) ?? `Retry: ${answer.outcome}`
      setMessage({ kind: 'success', text })
    } catch {
      setMessage({
        kind: 'error',
        text: `The delivery to ${delivery.destinationId} could not be retried. Try again in a moment.`,
      })
    } finally {
      setBusy(undefined)
    }
  }

  // A retried delivery goes out within seconds: this shows where it got to without leaving the page.
  async function checkAgain() {
    if (busy) return
    setBusy('all')
    setMessage(undefined)
    try {
      await reload()
      setMessage({ kind: 'success', text: 'The deliveries are up to date.' })
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <>
      <PartTitle title="Application deliveries" />
      <h2>Deliveries</h2>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {detail.deliveries.length > 0 ? (
        <p>
          <button type="button" className="link-button" onClick={() => void checkAgain()}>
            Check the deliveries again
          </button>
        </p>
      ) : null}
      {detail.deliveries.length === 0 ? (
        <p>This application has not been sent to any lender.</p>
      ) : (
        <table className="table table--stack">
          <caption>Deliveries to lenders</caption>
          <thead>
            <tr>
              <th scope="col">Lender</th>
              <th scope="col">What</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Next attempt or delivered</th>
              {can('retry') ? (
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {detail.deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row" data-label="Lender">
                  {delivery.destinationId}
                </th>
                <td data-label="What">
                  {delivery.kind === 'erasure-notice' ? 'Erasure notice' : 'Application'}
                </td>
                <td data-label="Status">
                  <DeliveryStatusBadge status={delivery.status} />
                </td>
                <td data-label="Attempts">{delivery.attempts}</td>
                <td data-label="Last answer">{lastAnswer(delivery)}</td>
                <td data-label="Next attempt or delivered">
                  {delivery.deliveredAt
                    ? `Delivered ${formatDateTime(delivery.deliveredAt)}`
                    : delivery.nextAttemptAt
                      ? `Next attempt ${formatDateTime(delivery.nextAttemptAt)}`
                      : '–'}
                </td>
                {can('retry') ? (
                  <td data-label="Action">
                    {!erased && (delivery.status === 'dead' || delivery.status === 'pending') ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-disabled={busy === delivery.id || undefined}
                        onClick={() => void retry(delivery)}
                      >
                        Retry{' '}
                        <span className="visually-hidden">
                          the delivery to {delivery.destinationId}
                        </span>
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
