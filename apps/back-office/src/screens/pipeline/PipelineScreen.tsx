// The broker's pipeline (decision 2115): how many cases are at each stage, from new to paid out, and in each
// stage the cases with how long they have been there and their follow-up, overdue and due today first.
// References only: a case opens on its own page.

import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, useSignedIn } from '#app/session'
import { Badge } from '#components/badge/Badge'
import { Select } from '@forecourt/ui/select/select'
import { Notice } from '#components/notice/Notice'
import { get } from '#lib/api'
import type { Pipeline, PipelineCase } from '#lib/types'

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`)

export default function PipelineScreen() {
  const session = useSignedIn()
  const { can } = useSession()
  const [brand, setBrand] = useState('')
  const [answer, setAnswer] = useState<{ for: string; pipeline?: Pipeline; failed?: boolean }>()
  usePageTitle('Pipeline')

  useEffect(() => {
    let live = true
    get('GET /api/back-office/pipeline', { query: { brand } })
      .then((pipeline) => live && setAnswer({ for: brand, pipeline }))
      .catch(() => live && setAnswer({ for: brand, failed: true }))
    return () => {
      live = false
    }
  }, [brand])

  const pipeline = answer?.for === brand ? answer.pipeline : undefined
  const brandName = (id: string) => session.brands.find((each) => each.id === id)?.name ?? id

  return (
    <>
      <PageHeading>Pipeline</PageHeading>
      <p className="lede">
        Every submitted application by the stage it has reached, from what the lenders, the
        applicant and your colleagues have recorded. Cases with a follow-up overdue or due today
        come first.
      </p>
      <Select
        id="brand"
        label="Brand"
        emptyLabel="All your brands"
        options={session.brands.map((each) => ({ value: each.id, label: each.name }))}
        value={brand}
        onChange={setBrand}
      />
      {answer?.for === brand && answer.failed ? (
        <Notice kind="error">The pipeline could not be loaded. Try again in a moment.</Notice>
      ) : pipeline === undefined ? (
        <p className="loading" role="status">
          Loading the pipeline…
        </p>
      ) : (
        <>
          <p role="status">
            Follow-ups: {pipeline.overdue} overdue, {pipeline.dueToday} due today.
          </p>
          <table className="table">
            <caption>Cases at each stage</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Cases</th>
              </tr>
            </thead>
            <tbody>
              {pipeline.stages.map((stage) => (
                <tr key={stage.id}>
                  <th scope="row">
                    {stage.count > 0 ? (
                      <a href={`#stage-${stage.id}`}>{stage.label}</a>
                    ) : (
                      stage.label
                    )}
                  </th>
                  <td>{stage.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {pipeline.stages
            .filter((stage) => stage.cases.length > 0)
            .map((stage) => (
              <section key={stage.id} aria-labelledby={`stage-${stage.id}`}>
                <h2 id={`stage-${stage.id}`}>{stage.label}</h2>
                <table className="table table--stack">
                  <caption>
                    {stage.label}:{' '}
                    {stage.count === stage.cases.length
                      ? `${stage.count} cases`
                      : `the first ${stage.cases.length} of ${stage.count} cases`}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Reference</th>
                      <th scope="col">Brand</th>
                      <th scope="col">In this stage for</th>
                      <th scope="col">Follow-up</th>
                      {can('notes') ? <th scope="col">Action</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {stage.cases.map((each) => (
                      <CaseRow
                        key={each.applicationKey}
                        each={each}
                        brandName={brandName(each.brand)}
                        canFollowUp={can('notes')}
                      />
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
        </>
      )}
    </>
  )
}

function CaseRow({
  each,
  brandName,
  canFollowUp,
}: {
  each: PipelineCase
  brandName: string
  canFollowUp: boolean
}) {
  return (
    <tr>
      <th scope="row" data-label="Reference">
        <Link href={`/applications/${each.applicationKey}`} className="reference">
          {each.reference}
        </Link>
      </th>
      <td data-label="Brand">{brandName}</td>
      <td data-label="In this stage for">{days(each.ageDays)}</td>
      <td data-label="Follow-up">
        {each.followUp === null ? (
          'None'
        ) : (
          <>
            {each.followUp.overdue ? (
              <Badge colour="red">Overdue</Badge>
            ) : each.followUp.dueToday ? (
              <Badge colour="orange">Due today</Badge>
            ) : null}{' '}
            {each.followUp.dueOn}: {each.followUp.note}
          </>
        )}
      </td>
      {canFollowUp ? (
        <td data-label="Action">
          <Link href={`/pipeline/follow-up/${each.applicationKey}`}>
            Set a follow-up<span className="visually-hidden"> for {each.reference}</span>
          </Link>
        </td>
      ) : null}
    </tr>
  )
}
