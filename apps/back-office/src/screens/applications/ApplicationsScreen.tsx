// Applications: one search box (sent by POST, so nothing personal reaches an address or a log), the
// filters on the left with the applied ones as removable tags (MOJ "filter a list"), the table, newest
// activity first, in keyset pages; admins export the filtered list as CSV.
// It stays whole, just over 500 lines: the search, the filters, the tags and the table are one form
// with one state and one error summary.

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, useSignedIn } from '#app/session'
import {
  Badge,
  BrokerStatusBadge,
  DELIVERY_STATUS_LABELS,
  KindBadge,
} from '#components/badge/Badge'
import { Checkboxes } from '@forecourt/ui/checkboxes/checkboxes'
import { FilterTags, type AppliedFilter } from '#components/filter-tags/FilterTags'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Radios } from '@forecourt/ui/radios/radios'
import { Select } from '@forecourt/ui/select/select'
import { DateRange } from '#components/form/date-range/DateRange'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { Pagination } from '#components/pagination/Pagination'
import { ApiError, get, post, postForFile, setValues } from '#lib/api'
import { saveFile } from '#lib/download'
import { formatDate, formatDateTime } from '#lib/format-time'
import type { ListedApplication, SearchPage, Session } from '#lib/types'
import {
  loadListState,
  NO_FILTERS,
  saveListState,
  type Filters,
  type ListState,
} from './list-state'

const KIND_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'partial', label: 'Partial (leads)' },
]

const SEARCHED_BY: Record<string, string> = {
  reference: 'reference',
  email: 'email address',
  phone: 'phone number',
  postcode: 'postcode',
  name: 'name',
}

/** "name,postcode" (the fields a search of several words looked in) -> "name and postcode". */
function searchedByText(searchedBy: string): string {
  const fields = searchedBy.split(',').map((field) => SEARCHED_BY[field] ?? field)
  const last = fields.pop() ?? ''
  return fields.length === 0 ? last : `${fields.join(', ')} and ${last}`
}

type Result =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; page: SearchPage }

/** An answer, with the list state it answers: any other state is still loading. */
type Answered = { for: ListState; result: Result }

/** A lender's decision in words, from the session's list; 'none' is no decision yet. */
export function decisionLabel(session: Session, id: string): string {
  if (id === 'none') return 'No decision yet'
  return session.lenderDecisions?.find((decision) => decision.id === id)?.label ?? id
}

function applied(filters: Filters, session: Session): AppliedFilter[] {
  const tags: AppliedFilter[] = []
  if (filters.brand) {
    const name = session.brands.find((brand) => brand.id === filters.brand)?.name ?? filters.brand
    tags.push({ key: 'brand', category: 'Brand', value: name })
  }
  if (filters.status) {
    const label =
      session.brokerStatuses.find((s) => s.id === filters.status)?.label ?? filters.status
    tags.push({ key: 'status', category: 'Status', value: label })
  }
  if (filters.kind) {
    tags.push({
      key: 'kind',
      category: 'Kind',
      value: filters.kind === 'partial' ? 'Partial (leads)' : 'Submitted',
    })
  }
  if (filters.decision) {
    tags.push({
      key: 'decision',
      category: 'Lender decision',
      value: decisionLabel(session, filters.decision),
    })
  }
  if (filters.needsAttention) {
    tags.push({ key: 'needsAttention', category: 'Needs attention', value: 'Yes' })
  }
  if (filters.from)
    tags.push({ key: 'from', category: 'Active from', value: formatDate(filters.from) })
  if (filters.to) tags.push({ key: 'to', category: 'Active to', value: formatDate(filters.to) })
  return tags
}

function filterErrors(filters: Filters) {
  const errors = []
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.push({
      id: 'filter-to',
      message: 'The “to” date must be the same as or after the “from” date',
    })
  }
  return errors
}

export default function ApplicationsScreen() {
  const session = useSignedIn()
  const { can } = useSession()
  const [list, setList] = useState<ListState>(() => loadListState(session.operator.id))
  const [draftQuery, setDraftQuery] = useState(list.query)
  const [draft, setDraft] = useState<Filters>(list.filters)
  const [answered, setAnswered] = useState<Answered>()
  const result: Result = answered?.for === list ? answered.result : { state: 'loading' }
  const [exporting, setExporting] = useState(false)
  const [exportMessage, setExportMessage] = useState<string>()
  const form = useFormErrors()
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const moveToResults = useRef(false)
  usePageTitle('Applications', form.errors.length > 0)

  useEffect(() => {
    saveListState(list)
    let live = true
    const setResult = (answer: Result) => setAnswered({ for: list, result: answer })
    const cursor = list.cursors[list.cursors.length - 1] ?? undefined
    const filters = setValues(list.filters)
    const request = list.query
      ? post('POST /api/back-office/applications/search', {
          body: { query: list.query, ...filters, cursor },
        })
      : get('GET /api/back-office/applications', { query: { ...filters, cursor } })
    request
      .then((page) => {
        if (!live) return
        setResult({ state: 'loaded', page })
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
              query: 'search',
              from: 'filter-from',
              to: 'filter-to',
            }),
          )
          setResult({
            state: 'failed',
            message: 'Change the search or the filters, then try again.',
          })
        } else if (!(error instanceof ApiError && error.status === 401)) {
          setResult({
            state: 'failed',
            message: 'The applications could not be loaded. Try again in a moment.',
          })
        }
      })
    return () => {
      live = false
    }
    // form.show is stable; the list is what a new request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list])

  function change(next: Partial<ListState>, focusResults = true) {
    moveToResults.current = focusResults
    setList((current) => ({ ...current, cursors: [null], ...next }))
  }

  function search(event: FormEvent) {
    event.preventDefault()
    form.clear()
    change({ query: draftQuery.trim() })
  }

  function applyFilters(event: FormEvent) {
    event.preventDefault()
    const errors = filterErrors(draft)
    if (errors.length > 0) return form.show(errors)
    form.clear()
    change({ filters: draft })
  }

  function removeFilter(key: string) {
    const filters = { ...list.filters, [key]: '' }
    setDraft(filters)
    change({ filters })
  }

  async function exportCsv() {
    if (exporting) return
    setExporting(true)
    setExportMessage(undefined)
    try {
      const { blob, filename } = await postForFile('POST /api/back-office/applications/export', {
        body: { ...setValues(list.filters), ...(list.query ? { query: list.query } : {}) },
      })
      saveFile(blob, filename)
      setExportMessage(`The list was saved as ${filename}.`)
    } catch {
      setExportMessage('The list could not be exported. Try again in a moment.')
    } finally {
      setExporting(false)
    }
  }

  const tags = applied(list.filters, session)
  const brandOptions = session.brands.map((brand) => ({ value: brand.id, label: brand.name }))
  const statusOptions = session.brokerStatuses.map((status) => ({
    value: status.id,
    label: status.label,
  }))
  const decisionOptions = [
    ...(session.lenderDecisions ?? []).map((decision) => ({
      value: decision.id,
      label: decision.label,
    })),
    { value: 'none', label: 'No decision yet' },
  ]
  const page = list.cursors.length

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Applications</PageHeading>
      <form className="search-form" role="search" noValidate onSubmit={search}>
        <TextInput
          id="search"
          label="Search"
          hint="Reference (or its start, such as FC-7K2M), email address, phone number, postcode or name. Several words find the applications that have them all."
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={draftQuery}
          onChange={setDraftQuery}
          error={form.errorFor('search')}
        />
        <button type="submit" className="button">
          Search
        </button>
        {list.query ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDraftQuery('')
              change({ query: '' })
            }}
          >
            Clear search
          </button>
        ) : null}
      </form>

      <div className="filter-layout">
        <section className="filter" aria-labelledby="filter-heading">
          <h2 id="filter-heading" className="filter__heading">
            Filter
          </h2>
          <FilterTags
            filters={tags}
            onRemove={removeFilter}
            onClear={() => {
              setDraft(NO_FILTERS)
              change({ filters: NO_FILTERS })
            }}
          />
          <form noValidate onSubmit={applyFilters}>
            <Select
              id="filter-brand"
              label="Brand"
              emptyLabel="All brands"
              options={brandOptions}
              value={draft.brand}
              onChange={(brand) => setDraft({ ...draft, brand })}
            />
            <Select
              id="filter-status"
              label="Broker status"
              emptyLabel="Any status"
              options={statusOptions}
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status })}
            />
            <Select
              id="filter-decision"
              label="Lender decision"
              hint="Any lender’s latest decision"
              emptyLabel="Any decision"
              options={decisionOptions}
              value={draft.decision}
              onChange={(decision) => setDraft({ ...draft, decision })}
            />
            <Radios
              id="filter-kind"
              label="Kind"
              small
              options={KIND_OPTIONS}
              value={draft.kind}
              onChange={(kind) => setDraft({ ...draft, kind: kind as Filters['kind'] })}
            />
            <Checkboxes
              id="filter-needs-attention"
              label="Needs attention"
              hint="A submission the server refused, or a different one under the same reference"
              small
              options={[{ value: 'yes', label: 'Only applications that need attention' }]}
              values={draft.needsAttention ? ['yes'] : []}
              onChange={(values) =>
                setDraft({ ...draft, needsAttention: values.includes('yes') ? 'yes' : '' })
              }
            />
            <DateRange
              legend="Last activity"
              idPrefix="filter"
              value={draft}
              onChange={({ from, to }) => setDraft({ ...draft, from, to })}
              errorFor={form.errorFor}
            />
            <button type="submit" className="button">
              Apply filters
            </button>
          </form>
        </section>

        <section aria-labelledby="results-heading">
          <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} className="results-heading">
            {list.query
              ? 'Search results'
              : list.filters.kind === 'partial'
                ? 'Partial applications (leads)'
                : list.filters.kind === 'submitted'
                  ? 'Submitted applications'
                  : 'All applications'}
          </h2>
          {can('export') ? (
            <div className="button-group">
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={exporting || undefined}
                onClick={() => void exportCsv()}
              >
                Export this list as CSV
              </button>
              {exportMessage ? <Notice>{exportMessage}</Notice> : null}
            </div>
          ) : null}
          <Results
            result={result}
            page={page}
            onPrevious={() => {
              moveToResults.current = true
              setList((current) => ({ ...current, cursors: current.cursors.slice(0, -1) }))
            }}
            onNext={(cursor) => {
              moveToResults.current = true
              setList((current) => ({ ...current, cursors: [...current.cursors, cursor] }))
            }}
            statusLabel={(id) => session.brokerStatuses.find((s) => s.id === id)?.label ?? id}
            decisionLabel={(id) => decisionLabel(session, id)}
          />
        </section>
      </div>
    </>
  )
}

function Results({
  result,
  page,
  onPrevious,
  onNext,
  statusLabel,
  decisionLabel: labelOf,
}: {
  result: Result
  page: number
  onPrevious: () => void
  onNext: (cursor: string) => void
  statusLabel: (id: string) => string
  decisionLabel: (id: string) => string
}) {
  if (result.state === 'loading') {
    return (
      <p className="loading" role="status">
        Loading applications…
      </p>
    )
  }
  if (result.state === 'failed') return <Notice kind="error">{result.message}</Notice>
  const { items, nextCursor, searchedBy } = result.page
  return (
    <>
      <p role="status">
        {items.length === 0
          ? 'No applications match.'
          : `${items.length} application${items.length === 1 ? '' : 's'} on this page${searchedBy ? `, found by ${searchedByText(searchedBy)}` : ''}.`}
      </p>
      {items.length > 0 ? (
        <table className="table table--stack">
          <caption>Applications, most recent activity first (page {page})</caption>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Brand</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Lender decisions</th>
              <th scope="col">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <Row
                key={item.applicationKey}
                item={item}
                statusLabel={statusLabel}
                decisionLabel={labelOf}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      <Pagination
        label="Pages of applications"
        page={page}
        hasPrevious={page > 1}
        hasNext={nextCursor !== null}
        onPrevious={onPrevious}
        onNext={() => nextCursor && onNext(nextCursor)}
      />
    </>
  )
}

function Row({
  item,
  statusLabel,
  decisionLabel: labelOf,
}: {
  item: ListedApplication
  statusLabel: (id: string) => string
  decisionLabel: (id: string) => string
}) {
  return (
    <tr>
      <th scope="row" data-label="Reference">
        <Link href={`/applications/${item.applicationKey}`}>
          <code>{item.reference}</code>
        </Link>
      </th>
      <td data-label="Brand">{item.brandName}</td>
      <td data-label="Name">
        {item.name ?? <span className="secondary-text">No name given</span>}
      </td>
      <td data-label="Status">
        <span className="badges">
          <BrokerStatusBadge status={item.brokerStatus} label={statusLabel(item.brokerStatus)} />
          {item.kind !== 'submitted' ? <KindBadge kind={item.kind} /> : null}
          {item.needsAttention?.length ? <Badge colour="red">Needs attention</Badge> : null}
        </span>
      </td>
      <td data-label="Lender decisions">
        {item.lenders.length === 0 ? (
          <span className="secondary-text">None</span>
        ) : (
          <ul>
            {item.lenders.map((lender) => (
              <li key={lender.destinationId}>
                {lender.destinationId}:{' '}
                {lender.decision
                  ? labelOf(lender.decision)
                  : lender.delivery
                    ? (DELIVERY_STATUS_LABELS[lender.delivery] ?? lender.delivery)
                    : 'No delivery'}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Submitted">
        {item.submittedAt ? (
          formatDateTime(item.submittedAt)
        ) : item.kind === 'refused' ? (
          <span className="secondary-text">
            Refused, nothing stored ({formatDateTime(item.updatedAt)})
          </span>
        ) : (
          <span className="secondary-text">
            Not submitted (last saved {formatDateTime(item.updatedAt)})
          </span>
        )}
      </td>
    </tr>
  )
}
