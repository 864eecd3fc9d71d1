// Disable or reset an operator (admins), after a confirmation that says what happens.

import { useEffect, useState } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession } from '#app/session'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, get, post } from '#lib/api'
import type { Enrolment, Operator } from '#lib/types'
import { EnrolmentAddress } from './EnrolmentAddress'

const ACTIONS = {
  disable: {
    title: 'Disable an operator',
    button: 'Disable operator',
    explain:
      'They are signed out at once and cannot sign in again until an administrator resets them.',
  },
  reset: {
    title: 'Reset an operator',
    button: 'Reset operator',
    explain:
      'Their password and authenticator app stop working at once, they are signed out, and a new enrolment address is made for them. A lock or a disabled account is cleared.',
  },
} as const

export default function OperatorActionScreen() {
  const { id = '', action = '' } = useParams<{ id: string; action: string }>()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const [operator, setOperator] = useState<Operator | null>()
  const [sending, setSending] = useState(false)
  const [enrolment, setEnrolment] = useState<Enrolment>()
  const [done, setDone] = useState<string>()
  const form = useFormErrors()
  const known = action === 'disable' || action === 'reset' ? ACTIONS[action] : undefined
  usePageTitle(
    enrolment ? 'Operator reset' : (known?.title ?? 'Page not found'),
    form.errors.length > 0,
  )

  useEffect(() => {
    if (!known || !can('operators')) return
    get('GET /api/back-office/operators')
      .then((answer) => setOperator(answer.items.find((item) => item.id === id) ?? null))
      .catch(() => setOperator(null))
  }, [id, known, can])

  if (!known || !can('operators')) {
    return (
      <>
        <PageHeading>Page not found</PageHeading>
        <p>
          <Link href="/operators">Back to operators</Link>
        </p>
      </>
    )
  }
  if (enrolment) return <EnrolmentAddress enrolment={enrolment} heading="Operator reset" />
  if (operator === undefined) {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    )
  }
  if (operator === null) {
    return (
      <>
        <PageHeading>Operator not found</PageHeading>
        <p>
          <Link href="/operators">Back to operators</Link>
        </p>
      </>
    )
  }

  async function confirm(target: Operator) {
    if (sending) return
    setSending(true)
    try {
      if (action === 'reset') {
        setEnrolment(
          await post('POST /api/back-office/operators/:id/reset', { params: { id: target.id } }),
        )
      } else {
        await post('POST /api/back-office/operators/:id/disable', { params: { id: target.id } })
        setDone(`${target.email} is disabled.`)
      }
    } catch (error) {
      form.show([
        {
          id: 'confirm-action',
          message:
            (error instanceof ApiError && error.serverMessage) || 'That did not work: try again',
        },
      ])
    } finally {
      setSending(false)
    }
  }

  if (done) {
    return (
      <>
        <PageHeading>Operator disabled</PageHeading>
        <Notice kind="success">
          <p>{done}</p>
        </Notice>
        <p>
          <Link href="/operators">Back to operators</Link>
        </p>
      </>
    )
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading caption={operator.email}>{known.title}</PageHeading>
      <p>{known.explain}</p>
      <div className="button-group">
        <button
          id="confirm-action"
          type="button"
          className="button button--warning"
          aria-disabled={sending || undefined}
          onClick={() => void confirm(operator)}
        >
          {known.button}
        </button>
        <button type="button" className="link-button" onClick={() => navigate('/operators')}>
          Cancel
        </button>
      </div>
    </div>
  )
}
