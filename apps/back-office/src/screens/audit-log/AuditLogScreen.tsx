// The audit log (admins): who did what and when, newest first, filtered by operator, action,
// application and date; keyset pages.

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession } from '#app/session'
import { FilterTags, type AppliedFilter } from '#components/filter-tags/FilterTags'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Select } from '@forecourt/ui/select/select'
import { DateRange } from '#components/form/date-range/DateRange'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { Pagination } from '#components/pagination/Pagination'
import { ApiError, get } from '#lib/api'
import { formatDate, formatDateTime } from '#lib/format-time'
import type { AuditPage, Operator } from '#lib/types'
import { actionLabel, describeDetail } from './audit-actions'

interface AuditFilters {
  operatorId: string
  action: string
  applicationKey: string
  from: string
  to: string
}

const NONE: AuditFilters = { operatorId: '', action: '', applicationKey: '', from: '', to: '' }

type Result =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; page: AuditPage }

export default function AuditLogScreen() {
  const { can } = useSession()
  const [filters, setFilters] = useState<AuditFilters>(NONE)
  const [draft, setDraft] = useState<AuditFilters>(NONE)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [answered, setAnswered] = useState<{ for: unknown[]; result: Result }>()
  const result: Result =
    answered && answered.for[0] === filters && answered.for[1] === cursors
      ? answered.result
      : { state: 'loading' }
  const [operators, setOperators] = useState<Operator[]>([])
  const [actions, setActions] = useState<string[]>([])
  const form = useFormErrors()
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const moveToResults = useRef(false)
  usePageTitle('Audit log', form.errors.length > 0)

  useEffect(() => {
    if (!can('audit')) return
    get('GET /api/back-office/operators')
      .then((answer) => setOperators(answer.items))
      .catch(() => setOperators([]))
  }, [can])

  useEffect(() => {
    if (!can('audit')) return
    let live = true
    const setResult = (answer: Result) => setAnswered({ for: [filters, cursors], result: answer })
    get('GET /api/back-office/audit', {
      query: { ...filters, cursor: cursors[cursors.length - 1] },
    })
      .then((page) => {
        if (!live) return
        setResult({ state: 'loaded', page })
        if (page.actions?.length) setActions(page.actions)
        if (moveToResults.current) {
          moveToResults.current = false
          requestAnimationFrame(() => resultsHeading.current?.focus())
        }
      })
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
          form.show(
            fromServer(error.fieldErrors, {
              operatorId: 'audit-operator',
              action: 'audit-action',
              applicationKey: 'audit-application',
              from: 'audit-from',
              to: 'audit-to',
            }),
          )
          setResult({ state: 'failed', message: 'Change the filters, then try again.' })
        } else if (!(error instanceof ApiError && error.status === 401)) {
          setResult({
            state: 'failed',
            message: 'The audit log could not be loaded. Try again in a moment.',
          })
        }
      })
    return () => {
      live = false
    }
    // form.show is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters, cursors, can])

  if (!can('audit')) {
    return (
      <>
        <PageHeading>Audit log</PageHeading>
        <p>Only an administrator can read the audit log.</p>
      </>
    )
  }

  function apply(next: AuditFilters) {
    moveToResults.current = true
    setFilters(next)
    setCursors([null])
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (draft.from && draft.to && draft.from > draft.to) {
      return form.show([
        { id: 'audit-to', message: 'The “to” date must be the same as or after the “from” date' },
      ])
    }
    form.clear()
    apply({ ...draft, applicationKey: draft.applicationKey.trim() })
  }

  const operatorEmail = (id: string) =>
    operators.find((operator) => operator.id === id)?.email ?? id
  const tags: AppliedFilter[] = [
    filters.operatorId
      ? { key: 'operatorId', category: 'Operator', value: operatorEmail(filters.operatorId) }
      : undefined,
    filters.action
      ? { key: 'action', category: 'Action', value: actionLabel(filters.action) }
      : undefined,
    filters.applicationKey
      ? { key: 'applicationKey', category: 'Application', value: filters.applicationKey }
      : undefined,
    filters.from ? { key: 'from', category: 'From', value: formatDate(filters.from) } : undefined,
    filters.to ? { key: 'to', category: 'To', value: formatDate(filters.to) } : undefined,
  ].filter((tag) => tag !== undefined)

  const page = cursors.length

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Audit log</PageHeading>
      <div className="filter-layout">
        <section className="filter" aria-labelledby="audit-filter-heading">
          <h2 id="audit-filter-heading" className="filter__heading">
            Filter
          </h2>
          <FilterTags
            filters={tags}
            onRemove={(key) => {
              const next = { ...filters, [key]: '' }
              setDraft(next)
              apply(next)
            }}
            onClear={() => {
              setDraft(NONE)
              apply(NONE)
            }}
          />
          <form noValidate onSubmit={submit}>
            <Select
              id="audit-operator"
              label="Operator"
              emptyLabel="Any operator"
              options={operators.map((operator) => ({ value: operator.id, label: operator.email }))}
              value={draft.operatorId}
              onChange={(operatorId) => setDraft({ ...draft, operatorId })}
            />
            <Select
              id="audit-action"
              label="Action"
              emptyLabel="Any action"
              options={actions.map((action) => ({ value: action, label: actionLabel(action) }))}
              value={draft.action}
              onChange={(action) => setDraft({ ...draft, action })}
            />
            <TextInput
              id="audit-application"
              label="Application key"
              hint="The code at the end of an application’s address"
              spellCheck={false}
              autoComplete="off"
              value={draft.applicationKey}
              onChange={(applicationKey) => setDraft({ ...draft, applicationKey })}
            />
            <DateRange
              legend="Date"
              idPrefix="audit"
              value={draft}
              onChange={({ from, to }) => setDraft({ ...draft, from, to })}
              errorFor={form.errorFor}
            />
            <button type="submit" className="button">
              Apply filters
            </button>
          </form>
        </section>
        <section aria-labelledby="audit-results-heading">
          <h2 id="audit-results-heading" ref={resultsHeading} tabIndex={-1}>
            Entries
          </h2>
          {result.state === 'loading' ? (
            <p className="loading" role="status">
              Loading the audit log…
            </p>
          ) : result.state === 'failed' ? (
            <Notice kind="error">{result.message}</Notice>
          ) : (
            <>
              <p role="status">
                {result.page.items.length === 0
                  ? 'No entries match.'
                  : `${result.page.items.length} entr${result.page.items.length === 1 ? 'y' : 'ies'} on this page.`}
              </p>
              {result.page.items.length > 0 ? (
                <table className="table table--stack">
                  <caption>Audit entries, newest first (page {page})</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Operator</th>
                      <th scope="col">Action</th>
                      <th scope="col">Application or operator</th>
                      <th scope="col">Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.page.items.map((entry) => (
                      <tr key={entry.seq}>
                        <td data-label="When">
                          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                        </td>
                        <td data-label="Operator">{entry.operatorEmail ?? 'Forecourt'}</td>
                        <td data-label="Action">{actionLabel(entry.action)}</td>
                        <td data-label="Application or operator">
                          {entry.applicationKey ? (
                            <Link href={`/applications/${entry.applicationKey}`}>
                              <code>{entry.reference ?? entry.applicationKey}</code>
                            </Link>
                          ) : entry.targetOperatorId ? (
                            operatorEmail(entry.targetOperatorId)
                          ) : (
                            '–'
                          )}
                        </td>
                        <td data-label="Detail">{describeDetail(entry.detail) || '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <Pagination
                label="Pages of the audit log"
                page={page}
                hasPrevious={page > 1}
                hasNext={result.page.nextCursor !== null}
                onPrevious={() => {
                  moveToResults.current = true
                  setCursors(cursors.slice(0, -1))
                }}
                onNext={() => {
                  moveToResults.current = true
                  if (result.page.nextCursor) setCursors([...cursors, result.page.nextCursor])
                }}
              />
            </>
          )}
        </section>
      </div>
    </>
  )
}
