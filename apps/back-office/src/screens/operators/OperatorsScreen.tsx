// Operators (admins): who may use the back office, with their role, brands and state; add one,
// disable one, or reset one (a new enrolment address; the old password and app stop working).

import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, useSignedIn } from '#app/session'
import { Badge, type BadgeColour } from '#components/badge/Badge'
import { Notice } from '#components/notice/Notice'
import { ApiError, get } from '#lib/api'
import { formatDateTime } from '#lib/format-time'
import type { Operator, OperatorState } from '#lib/types'
import { brandNames, ROLE_LABELS, STATE_LABELS } from './operator-labels'

const STATE_COLOURS: Record<OperatorState, BadgeColour> = {
  invited: 'blue',
  active: 'green',
  locked: 'orange',
  disabled: 'grey',
}

type SortKey = 'email' | 'role' | 'state' | 'lastSignInAt'
type Direction = 'ascending' | 'descending'

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'email', label: 'Email address' },
  { key: 'role', label: 'Role' },
  { key: 'state', label: 'State' },
  { key: 'lastSignInAt', label: 'Last signed in' },
]

/** Sorts by one column; empty values last, then by email so the order is stable. */
export function sortOperators(
  operators: Operator[],
  key: SortKey,
  direction: Direction,
): Operator[] {
  const sign = direction === 'ascending' ? 1 : -1
  return [...operators].sort((a, b) => {
    const left = a[key] ?? ''
    const right = b[key] ?? ''
    if (left === '' && right !== '') return 1
    if (right === '' && left !== '') return -1
    return sign * left.localeCompare(right) || a.email.localeCompare(b.email)
  })
}

export default function OperatorsScreen() {
  const session = useSignedIn()
  const { can } = useSession()
  const [operators, setOperators] = useState<Operator[]>()
  const [failed, setFailed] = useState(false)
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: 'email',
    direction: 'ascending',
  })
  usePageTitle('Operators')

  useEffect(() => {
    if (!can('operators')) return
    get('GET /api/back-office/operators')
      .then((answer) => setOperators(answer.items))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) setFailed(true)
      })
  }, [can])

  const sorted = useMemo(
    () => (operators ? sortOperators(operators, sort.key, sort.direction) : []),
    [operators, sort],
  )

  if (!can('operators')) {
    return (
      <>
        <PageHeading>Operators</PageHeading>
        <p>Only an administrator can manage operators.</p>
      </>
    )
  }

  return (
    <>
      <PageHeading>Operators</PageHeading>
      <p>
        <Link className="button" href="/operators/new">
          Add an operator
        </Link>
      </p>
      {failed ? (
        <Notice kind="error">The operators could not be loaded. Try again in a moment.</Notice>
      ) : null}
      {!operators && !failed ? (
        <p className="loading" role="status">
          Loading operators…
        </p>
      ) : null}
      {operators ? (
        <>
          <table className="table table--stack">
            <caption>
              Operators, sorted by {COLUMNS.find((c) => c.key === sort.key)?.label.toLowerCase()} (
              {sort.direction})
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sort.key === column.key ? sort.direction : 'none'}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        setSort({
                          key: column.key,
                          direction:
                            sort.key === column.key && sort.direction === 'ascending'
                              ? 'descending'
                              : 'ascending',
                        })
                      }
                    >
                      {column.label}
                    </button>
                  </th>
                ))}
                <th scope="col">Brands</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((operator) => (
                <tr key={operator.id}>
                  <th scope="row" data-label="Email address">
                    {operator.email}
                  </th>
                  <td data-label="Role">{ROLE_LABELS[operator.role]}</td>
                  <td data-label="State">
                    <Badge colour={STATE_COLOURS[operator.state]}>
                      {STATE_LABELS[operator.state]}
                    </Badge>
                    {operator.state === 'locked' && operator.lockedUntil ? (
                      <span className="secondary-text">
                        {' '}
                        until {formatDateTime(operator.lockedUntil)}
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Last signed in">
                    {operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : 'Never'}
                  </td>
                  <td data-label="Brands">{brandNames(operator.brands, session.brands)}</td>
                  <td data-label="Actions">
                    <ul className="row-actions">
                      {operator.state !== 'disabled' && operator.id !== session.operator.id ? (
                        <li>
                          <Link href={`/operators/${operator.id}/disable`}>
                            Disable <span className="visually-hidden">{operator.email}</span>
                          </Link>
                        </li>
                      ) : null}
                      <li>
                        <Link href={`/operators/${operator.id}/reset`}>
                          Reset <span className="visually-hidden">{operator.email}</span>
                        </Link>
                      </li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p role="status" className="visually-hidden">
            Sorted by {COLUMNS.find((c) => c.key === sort.key)?.label.toLowerCase()},{' '}
            {sort.direction}
          </p>
        </>
      ) : null}
    </>
  )
}
