// Applicants who asked "How much commission will you receive?": the requests still waiting first, each
// linked to its application's evidence, where a caseworker records the answer per lender (audited).

import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession } from '#app/session'
import { Radios } from '@forecourt/ui/radios/radios'
import { Notice } from '#components/notice/Notice'
import { ApiError, get } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import { formatCommission } from '#lib/money'
import type { CommissionRequestItem } from '#lib/types'

type State = 'open' | 'all'

export default function CommissionRequestsScreen() {
  const { can } = useSession()
  const [state, setState] = useState<State>('open')
  const [answer, setAnswer] = useState<{
    for: State
    requests?: CommissionRequestItem[]
    failed?: boolean
  }>()
  usePageTitle('Commission requests')

  useEffect(() => {
    let live = true
    get('GET /api/back-office/commission-requests', { query: { state } })
      .then((body) => live && setAnswer({ for: state, requests: body.requests }))
      .catch((error: unknown) => {
        if (live && !(error instanceof ApiError && error.status === 401)) {
          setAnswer({ for: state, failed: true })
        }
      })
    return () => {
      live = false
    }
  }, [state])

  const requests = answer?.for === state ? answer.requests : undefined

  return (
    <>
      <PageHeading>Commission requests</PageHeading>
      <p className="lede">
        Applicants who asked how much commission the broker will receive. Tell them the amount or
        the percentage for each lender, then record what you said on the application’s evidence.
      </p>
      <Radios
        id="state"
        label="Show"
        small
        options={[
          { value: 'open', label: 'Waiting for an answer' },
          { value: 'all', label: 'All requests' },
        ]}
        value={state}
        onChange={(value) => setState(value as State)}
      />
      {answer?.for === state && answer.failed ? (
        <Notice kind="error">The requests could not be loaded. Try again in a moment.</Notice>
      ) : requests === undefined ? (
        <p className="loading" role="status">
          Loading the requests…
        </p>
      ) : requests.length === 0 ? (
        <p role="status">
          {state === 'open' ? 'No request is waiting for an answer.' : 'No one has asked yet.'}
        </p>
      ) : (
        <table className="table table--stack">
          <caption>
            {state === 'open' ? 'Requests waiting for an answer' : 'All requests'}, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Brand</th>
              <th scope="col">Name</th>
              <th scope="col">Asked</th>
              <th scope="col">Answers</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={`${request.applicationKey}-${request.requestedAt}`}>
                <th scope="row" data-label="Reference">
                  <Link href={`/applications/${request.applicationKey}/evidence`}>
                    <code>{request.reference}</code>
                    <span className="visually-hidden">
                      {can('evidence') ? ': answer on its evidence' : ': its evidence'}
                    </span>
                  </Link>
                </th>
                <td data-label="Brand">{request.brandName}</td>
                <td data-label="Name">
                  {request.name ?? <span className="secondary-text">No name given</span>}
                </td>
                <td data-label="Asked">{formatDateTime(request.requestedAt)}</td>
                <td data-label="Answers">
                  {request.answers.length === 0 ? (
                    <span className="secondary-text">None yet</span>
                  ) : (
                    <ul>
                      {request.answers.map((item) => (
                        <li key={`${item.at}-${item.lenderId}`}>
                          {item.lenderId}: {formatCommission(item)} ({item.by ?? 'an operator'})
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
