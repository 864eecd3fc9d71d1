// Outcome figures for admins (Consumer Duty outcome monitoring): per brand and month, counts and times
// only, never anyone's personal data. Each chart is followed by its table, which holds every figure the
// chart draws; the CSV export is audited on the server.

import { useEffect, useState, type FormEvent } from 'react'
import { PageHeading, usePageTitle } from '#app/page'
import { useSignedIn } from '#app/session'
import { BarChart } from '#components/bar-chart/BarChart'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Select } from '@forecourt/ui/select/select'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, get, postForFile, setValues } from '#lib/api'
import { saveFile } from '#lib/download'
import { formatPounds } from '#lib/money'
import type { CohortFigures, Figures, FiguresFilter, LenderFigures, MonthFigures } from '#lib/types'

/** The figures' filter as the form holds it: the contract's fields, each as text ('' for none). */
type Filter = Required<FiguresFilter>

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** "Nov 2026" for 2026-11. */
export function monthName(month: string): string {
  const [year = '', number = '1'] = month.split('-')
  const name = new Date(Date.UTC(Number(year), Number(number) - 1, 15)).toLocaleString('en-GB', {
    month: 'short',
    timeZone: 'UTC',
  })
  return `${name} ${year}`
}

/** Minutes as people read a wait: "45 min", "3 h 20 min", "2 days 4 h". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–'
  const whole = Math.round(minutes)
  if (whole < 60) return `${whole} min`
  const hours = Math.floor(whole / 60)
  if (hours < 48) return `${hours} h${whole % 60 ? ` ${whole % 60} min` : ''}`
  const days = Math.floor(hours / 24)
  return `${days} days${hours % 24 ? ` ${hours % 24} h` : ''}`
}

/** Approved as a share of those with an approval or a decline; none when neither. */
function approvalRate(approved: number, declined: number): number | null {
  return approved + declined === 0 ? null : approved / (approved + declined)
}

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`)

export default function FiguresScreen() {
  const session = useSignedIn()
  const form = useFormErrors()
  const [draft, setDraft] = useState<Filter>({ from: '', to: '', brand: '' })
  const [filter, setFilter] = useState<Filter>(draft)
  const [answer, setAnswer] = useState<{ for: Filter; figures?: Figures; failed?: boolean }>()
  const [exported, setExported] = useState<string>()
  const [exporting, setExporting] = useState(false)
  usePageTitle('Outcome figures', form.errors.length > 0)

  useEffect(() => {
    let live = true
    get('GET /api/back-office/figures', { query: setValues(filter) })
      .then((figures) => {
        if (!live) return
        setAnswer({ for: filter, figures })
        // The form shows the range the server used (the last twelve months by default).
        setDraft((current) =>
          current.from || current.to ? current : { ...current, from: figures.from, to: figures.to },
        )
      })
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.show(fromServer(error.fieldErrors, { from: 'from', to: 'to', brand: 'brand' }))
        }
        if (!(error instanceof ApiError && error.status === 401))
          setAnswer({ for: filter, failed: true })
      })
    return () => {
      live = false
    }
    // form.show is stable; the filter is what a new request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter])

  function apply(event: FormEvent) {
    event.preventDefault()
    const errors = []
    if (draft.from && !MONTH.test(draft.from)) {
      errors.push({ id: 'from', message: 'Enter the first month as a month and year' })
    }
    if (draft.to && !MONTH.test(draft.to)) {
      errors.push({ id: 'to', message: 'Enter the last month as a month and year' })
    }
    if (errors.length === 0 && draft.from && draft.to && draft.to < draft.from) {
      errors.push({ id: 'to', message: 'The last month must be the same as or after the first' })
    }
    if (errors.length > 0) return form.show(errors)
    form.clear()
    setFilter({ ...draft })
  }

  async function download(table: 'months' | 'lenders') {
    if (exporting) return
    setExporting(true)
    setExported(undefined)
    try {
      const { blob, filename } = await postForFile('POST /api/back-office/figures/export', {
        body: { ...setValues(filter), table },
      })
      saveFile(blob, filename)
      setExported(`The figures were saved as ${filename}.`)
    } catch {
      setExported('The figures could not be exported. Try again in a moment.')
    } finally {
      setExporting(false)
    }
  }

  const figures = answer?.for === filter ? answer.figures : undefined
  const failed = answer?.for === filter && answer.failed === true
  const brands = [...new Set(figures?.months.map((row) => row.brand) ?? [])]

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Outcome figures</PageHeading>
      <p className="lede">
        How applications turn out, per brand and month, for monitoring outcomes (including for
        applicants who asked for support). Counts and times only: no one’s personal data. A month is
        the month an application was submitted, London time; “started” counts applications first
        saved in the month.
      </p>
      <form noValidate onSubmit={apply} className="figures-filter">
        <fieldset className="field-fieldset field">
          <legend className="field-legend">Months</legend>
          <TextInput
            id="from"
            label="From"
            type="month"
            hint="For example 2026-01"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
            error={form.errorFor('from')}
          />
          <TextInput
            id="to"
            label="To"
            type="month"
            hint="For example 2026-12"
            value={draft.to}
            onChange={(to) => setDraft({ ...draft, to })}
            error={form.errorFor('to')}
          />
        </fieldset>
        <Select
          id="brand"
          label="Brand"
          emptyLabel="All your brands"
          options={session.brands.map((brand) => ({ value: brand.id, label: brand.name }))}
          value={draft.brand}
          onChange={(brand) => setDraft({ ...draft, brand })}
          error={form.errorFor('brand')}
        />
        <button type="submit" className="button">
          Show figures
        </button>
      </form>

      <div className="button-group">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={exporting || undefined}
          onClick={() => void download('months')}
        >
          Export the monthly figures as CSV
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={exporting || undefined}
          onClick={() => void download('lenders')}
        >
          Export the lenders’ figures as CSV
        </button>
      </div>
      {exported ? <Notice>{exported}</Notice> : null}

      {failed ? (
        <Notice kind="error">The figures could not be loaded. Try again in a moment.</Notice>
      ) : figures === undefined ? (
        <p className="loading" role="status">
          Loading the figures…
        </p>
      ) : brands.length === 0 ? (
        <p role="status">
          No applications between {monthName(figures.from)} and {monthName(figures.to)}.
        </p>
      ) : (
        <>
          <p role="status">
            {monthName(figures.from)} to {monthName(figures.to)}.
          </p>
          {brands.map((brand) => (
            <BrandFigures
              key={brand}
              months={figures.months.filter((row) => row.brand === brand)}
              lenders={figures.lenders.filter((row) => row.brand === brand)}
            />
          ))}
        </>
      )}
    </>
  )
}

function BrandFigures({ months, lenders }: { months: MonthFigures[]; lenders: LenderFigures[] }) {
  const name = months[0]?.brandName ?? ''
  const id = (months[0]?.brand ?? 'brand').replace(/[^a-z0-9]/gi, '')
  const categories = months.map((row) => monthName(row.month))
  const perLender = new Map<string, { approved: number; declined: number }>()
  for (const row of lenders) {
    const sums = perLender.get(row.lenderId) ?? { approved: 0, declined: 0 }
    sums.approved += row.approved
    sums.declined += row.declined
    perLender.set(row.lenderId, sums)
  }
  const lenderIds = [...perLender.keys()].sort()
  return (
    <section aria-labelledby={`figures-${id}`}>
      <h2 id={`figures-${id}`}>{name}</h2>

      <BarChart
        id={`${id}-applications`}
        title={`Applications per month, ${name}`}
        description="Started, submitted, approved and declined applications per month; the table below gives every figure."
        categories={categories}
        series={[
          { name: 'Started', values: months.map((row) => row.started) },
          { name: 'Submitted', values: months.map((row) => row.submitted) },
          { name: 'Approved', values: months.map((row) => row.approved) },
          { name: 'Declined', values: months.map((row) => row.declined) },
        ]}
      />
      <table className="table table--stack">
        <caption>Applications per month, {name}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Started</th>
            <th scope="col">Submitted</th>
            <th scope="col">Decided</th>
            <th scope="col">Approved</th>
            <th scope="col">Declined</th>
            <th scope="col">Paid out</th>
            <th scope="col">First decision, median</th>
            <th scope="col">First decision, 90th percentile</th>
          </tr>
        </thead>
        <tbody>
          {months.map((row) => (
            <tr key={row.month}>
              <th scope="row" data-label="Month">
                {monthName(row.month)}
              </th>
              <td data-label="Started">{row.started}</td>
              <CohortCells figures={row} />
              <td data-label="First decision, median">
                {formatMinutes(row.timeToFirstDecision.medianMinutes)}
              </td>
              <td data-label="First decision, 90th percentile">
                {formatMinutes(row.timeToFirstDecision.p90Minutes)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Applicants who asked for support</h3>
      <BarChart
        id={`${id}-support`}
        title={`Approval rate by the vulnerability flag, ${name}`}
        description="Per month, the share of decided applications that were approved, for applicants flagged as needing support and for the others; the table below gives every figure."
        categories={categories}
        format={(value) => `${Math.round(value * 100)}%`}
        series={[
          {
            name: 'Flagged for support',
            values: months.map((row) =>
              approvalRate(
                row.byVulnerability.flagged.approved,
                row.byVulnerability.flagged.declined,
              ),
            ),
          },
          {
            name: 'Not flagged',
            values: months.map((row) =>
              approvalRate(
                row.byVulnerability.notFlagged.approved,
                row.byVulnerability.notFlagged.declined,
              ),
            ),
          },
        ]}
      />
      <table className="table table--stack">
        <caption>Outcomes by the vulnerability flag, {name}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Applicants</th>
            <th scope="col">Submitted</th>
            <th scope="col">Decided</th>
            <th scope="col">Approved</th>
            <th scope="col">Declined</th>
            <th scope="col">Paid out</th>
            <th scope="col">Approval rate</th>
            <th scope="col">First decision, median</th>
          </tr>
        </thead>
        <tbody>
          {months.flatMap((row) =>
            (
              [
                ['Flagged for support', row.byVulnerability.flagged],
                ['Not flagged', row.byVulnerability.notFlagged],
              ] as const
            ).map(([who, cohort]) => (
              <tr key={`${row.month}-${who}`}>
                <th scope="row" data-label="Month">
                  {monthName(row.month)}
                </th>
                <td data-label="Applicants">{who}</td>
                <CohortCells figures={cohort} />
                <td data-label="Approval rate">
                  {percent(approvalRate(cohort.approved, cohort.declined))}
                </td>
                <td data-label="First decision, median">
                  {formatMinutes(cohort.timeToFirstDecision.medianMinutes)}
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>

      <h3>Lenders</h3>
      {lenders.length === 0 ? (
        <p>No lender has decided on these months’ applications yet.</p>
      ) : (
        <>
          <BarChart
            id={`${id}-lenders`}
            title={`Approval rate per lender over these months, ${name}`}
            description="Each lender's approvals as a share of its approvals and declines; the table below gives the figures per month."
            categories={lenderIds}
            format={(value) => `${Math.round(value * 100)}%`}
            series={[
              {
                name: 'Approval rate',
                values: lenderIds.map((lender) => {
                  const sums = perLender.get(lender)!
                  return approvalRate(sums.approved, sums.declined)
                }),
              },
            ]}
          />
          <table className="table table--stack">
            <caption>Approval rate, payouts and commission per lender and month, {name}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Lender</th>
                <th scope="col">Decided</th>
                <th scope="col">Approved</th>
                <th scope="col">Declined</th>
                <th scope="col">Approval rate</th>
                <th scope="col">Paid out</th>
                <th scope="col">Commission</th>
              </tr>
            </thead>
            <tbody>
              {lenders.map((row) => (
                <tr key={`${row.month}-${row.lenderId}`}>
                  <th scope="row" data-label="Month">
                    {monthName(row.month)}
                  </th>
                  <td data-label="Lender">{row.lenderId}</td>
                  <td data-label="Decided">{row.decided}</td>
                  <td data-label="Approved">{row.approved}</td>
                  <td data-label="Declined">{row.declined}</td>
                  <td data-label="Approval rate">{percent(row.approvalRate)}</td>
                  <td data-label="Paid out">{row.paidOut}</td>
                  <td data-label="Commission">{formatPounds(row.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

function CohortCells({ figures }: { figures: CohortFigures }) {
  return (
    <>
      <td data-label="Submitted">{figures.submitted}</td>
      <td data-label="Decided">{figures.decided}</td>
      <td data-label="Approved">{figures.approved}</td>
      <td data-label="Declined">{figures.declined}</td>
      <td data-label="Paid out">{figures.paidOut}</td>
    </>
  )
}
