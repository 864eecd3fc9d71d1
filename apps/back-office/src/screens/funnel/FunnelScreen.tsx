// Where applicants drop out and which source converts (decision 2112), for admins and analysts: counters only,
// never an application. Each chart is followed by its table with every figure it draws; each table can be
// exported as CSV (audited on the server).

import { useEffect, useState, type FormEvent } from 'react'
import { PageHeading, usePageTitle } from '#app/page'
import { useSignedIn } from '#app/session'
import { BarChart } from '#components/bar-chart/BarChart'
import { DateRange } from '#components/form/date-range/DateRange'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Select } from '@forecourt/ui/select/select'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { Notice } from '#components/notice/Notice'
import { ApiError, get, postForFile, setValues } from '#lib/api'
import { saveFile } from '#lib/download'
import type { Funnel, FunnelConversion, FunnelFilter } from '#lib/types'

/** The funnel's filter as the form holds it: the contract's fields, each as text ('' for none). */
type Filter = Required<FunnelFilter>

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A share as people read it: "12.5%", or a dash when there is nothing to divide. */
export function share(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part * 1000) / whole) / 10}%`
}

export default function FunnelScreen() {
  const session = useSignedIn()
  const form = useFormErrors()
  const empty: Filter = { from: '', to: '', brand: '', source: '', campaign: '' }
  const [draft, setDraft] = useState<Filter>(empty)
  const [filter, setFilter] = useState<Filter>(empty)
  const [answer, setAnswer] = useState<{ for: Filter; funnel?: Funnel; failed?: boolean }>()
  const [exported, setExported] = useState<string>()
  const [exporting, setExporting] = useState(false)
  usePageTitle('Funnel', form.errors.length > 0)

  useEffect(() => {
    let live = true
    get('GET /api/back-office/funnel', { query: setValues(filter) })
      .then((funnel) => {
        if (!live) return
        setAnswer({ for: filter, funnel })
        // The form shows the days the server used (the last 30 by default).
        setDraft((current) =>
          current.from || current.to ? current : { ...current, from: funnel.from, to: funnel.to },
        )
      })
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.show(
            fromServer(error.fieldErrors, {
              from: 'days-from',
              to: 'days-to',
              brand: 'brand',
              source: 'source',
              campaign: 'campaign',
            }),
          )
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
    if (draft.from && !DAY.test(draft.from)) {
      errors.push({ id: 'days-from', message: 'Enter the first day as a date' })
    }
    if (draft.to && !DAY.test(draft.to)) {
      errors.push({ id: 'days-to', message: 'Enter the last day as a date' })
    }
    if (errors.length === 0 && draft.from && draft.to && draft.to < draft.from) {
      errors.push({ id: 'days-to', message: 'The last day must be the same as or after the first' })
    }
    if (errors.length > 0) return form.show(errors)
    form.clear()
    setFilter({ ...draft })
  }

  async function download(table: 'steps' | 'errors' | 'sources') {
    if (exporting) return
    setExporting(true)
    setExported(undefined)
    try {
      const { blob, filename } = await postForFile('POST /api/back-office/funnel/export', {
        body: { ...setValues(filter), table },
      })
      saveFile(blob, filename)
      setExported(`The table was saved as ${filename}.`)
    } catch {
      setExported('The table could not be exported. Try again in a moment.')
    } finally {
      setExporting(false)
    }
  }

  const funnel = answer?.for === filter ? answer.funnel : undefined
  const failed = answer?.for === filter && answer.failed === true
  const seen = funnel?.steps.filter((step) => step.viewed > 0) ?? []

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Funnel</PageHeading>
      <p className="lede">
        Where applicants drop out, which questions’ errors meet them most, and how each source turns
        into submissions, offers and payouts. Counts only: the funnel keeps no one’s personal data.
        A person is counted once per question in their browser tab; days are London days, and a
        submission’s offer and payout count on the day it was submitted.
      </p>
      <form noValidate onSubmit={apply} className="figures-filter">
        <DateRange
          legend="Days"
          idPrefix="days"
          value={{ from: draft.from, to: draft.to }}
          onChange={(days) => setDraft({ ...draft, ...days })}
          errorFor={form.errorFor}
        />
        <Select
          id="brand"
          label="Brand"
          emptyLabel="All your brands"
          options={session.brands.map((brand) => ({ value: brand.id, label: brand.name }))}
          value={draft.brand}
          onChange={(brand) => setDraft({ ...draft, brand })}
          error={form.errorFor('brand')}
        />
        <Select
          id="source"
          label="Source"
          emptyLabel="All sources"
          options={(funnel?.sources ?? []).map((source) => ({ value: source, label: source }))}
          value={draft.source}
          onChange={(source) => setDraft({ ...draft, source })}
          error={form.errorFor('source')}
        />
        <Select
          id="campaign"
          label="Campaign"
          emptyLabel="All campaigns"
          options={(funnel?.campaigns ?? []).map((campaign) => ({
            value: campaign,
            label: campaign,
          }))}
          value={draft.campaign}
          onChange={(campaign) => setDraft({ ...draft, campaign })}
          error={form.errorFor('campaign')}
        />
        <button type="submit" className="button">
          Show the funnel
        </button>
      </form>

      <div className="button-group">
        {(
          [
            ['steps', 'Export the steps as CSV'],
            ['errors', 'Export the questions with most errors as CSV'],
            ['sources', 'Export the sources as CSV'],
          ] as const
        ).map(([table, label]) => (
          <button
            key={table}
            type="button"
            className="button button--secondary"
            aria-disabled={exporting || undefined}
            onClick={() => void download(table)}
          >
            {label}
          </button>
        ))}
      </div>
      {exported ? <Notice>{exported}</Notice> : null}

      {failed ? (
        <Notice kind="error">The funnel could not be loaded. Try again in a moment.</Notice>
      ) : funnel === undefined ? (
        <p className="loading" role="status">
          Loading the funnel…
        </p>
      ) : (
        <>
          <p role="status">
            {funnel.from} to {funnel.to}: {funnel.conversion.started} started,{' '}
            {funnel.conversion.submitted} submitted.
          </p>
          <Conversion conversion={funnel.conversion} />
          <section aria-labelledby="funnel-steps">
            <h2 id="funnel-steps">Questions, in journey order</h2>
            {seen.length === 0 ? (
              <p>No one saw a question in these days.</p>
            ) : (
              <>
                <BarChart
                  id="funnel-steps-chart"
                  title="People who saw and answered each question"
                  description="For each question in journey order, the people who saw it and those who answered it; the table below gives every figure, with those who left there."
                  categories={seen.map((step) => step.title)}
                  series={[
                    { name: 'Saw it', values: seen.map((step) => step.viewed) },
                    { name: 'Answered it', values: seen.map((step) => step.completed) },
                  ]}
                />
                <table className="table table--stack">
                  <caption>People at each question</caption>
                  <thead>
                    <tr>
                      <th scope="col">Question</th>
                      <th scope="col">Saw it</th>
                      <th scope="col">Answered it</th>
                      <th scope="col">Left here</th>
                      <th scope="col">Left here, share</th>
                      <th scope="col">Validation errors</th>
                    </tr>
                  </thead>
                  <tbody>
                    {seen.map((step) => (
                      <tr key={step.step}>
                        <th scope="row" data-label="Question">
                          {step.title}
                        </th>
                        <td data-label="Saw it">{step.viewed}</td>
                        <td data-label="Answered it">{step.completed}</td>
                        <td data-label="Left here">{step.dropOff}</td>
                        <td data-label="Left here, share">{share(step.dropOff, step.viewed)}</td>
                        <td data-label="Validation errors">{step.errors}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </section>
          <section aria-labelledby="funnel-errors">
            <h2 id="funnel-errors">Questions with most errors</h2>
            {funnel.topErrors.length === 0 ? (
              <p>No validation errors in these days.</p>
            ) : (
              <table className="table table--stack">
                <caption>
                  The five messages shown most often per 100 people who saw the question
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Question</th>
                    <th scope="col">Message</th>
                    <th scope="col">Shown</th>
                    <th scope="col">Per 100 who saw it</th>
                  </tr>
                </thead>
                <tbody>
                  {funnel.topErrors.map((row) => (
                    <tr key={`${row.step}-${row.messageKey}`}>
                      <th scope="row" data-label="Question">
                        {row.title}
                      </th>
                      <td data-label="Message">{row.message}</td>
                      <td data-label="Shown">{row.count}</td>
                      <td data-label="Per 100 who saw it">{row.per100Viewers}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="funnel-sources">
            <h2 id="funnel-sources">Sources</h2>
            {funnel.bySource.length === 0 ? (
              <p>No visits in these days.</p>
            ) : (
              <>
                <BarChart
                  id="funnel-sources-chart"
                  title="Started, submitted, offered and paid out, by source"
                  description="For each source, the people who started, the applications submitted, those with an offer and those paid out; the table below gives every figure."
                  categories={funnel.bySource.map((row) => row.source)}
                  series={[
                    { name: 'Started', values: funnel.bySource.map((row) => row.started) },
                    { name: 'Submitted', values: funnel.bySource.map((row) => row.submitted) },
                    { name: 'Offer', values: funnel.bySource.map((row) => row.offers) },
                    { name: 'Paid out', values: funnel.bySource.map((row) => row.paidOut) },
                  ]}
                />
                <table className="table table--stack">
                  <caption>Conversion by source</caption>
                  <thead>
                    <tr>
                      <th scope="col">Source</th>
                      <th scope="col">Started</th>
                      <th scope="col">Submitted</th>
                      <th scope="col">Offer</th>
                      <th scope="col">Paid out</th>
                      <th scope="col">Submitted of started</th>
                    </tr>
                  </thead>
                  <tbody>
                    {funnel.bySource.map((row) => (
                      <tr key={row.source}>
                        <th scope="row" data-label="Source">
                          {row.source}
                        </th>
                        <td data-label="Started">{row.started}</td>
                        <td data-label="Submitted">{row.submitted}</td>
                        <td data-label="Offer">{row.offers}</td>
                        <td data-label="Paid out">{row.paidOut}</td>
                        <td data-label="Submitted of started">
                          {share(row.submitted, row.started)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </section>
        </>
      )}
    </>
  )
}

function Conversion({ conversion }: { conversion: FunnelConversion }) {
  return (
    <table className="table">
      <caption>Conversion</caption>
      <thead>
        <tr>
          <th scope="col">Started</th>
          <th scope="col">Submitted</th>
          <th scope="col">With an offer</th>
          <th scope="col">Paid out</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{conversion.started}</td>
          <td>
            {conversion.submitted} ({share(conversion.submitted, conversion.started)} of started)
          </td>
          <td>
            {conversion.offers} ({share(conversion.offers, conversion.submitted)} of submitted)
          </td>
          <td>
            {conversion.paidOut} ({share(conversion.paidOut, conversion.offers)} of offers)
          </td>
        </tr>
      </tbody>
    </table>
  )
}
