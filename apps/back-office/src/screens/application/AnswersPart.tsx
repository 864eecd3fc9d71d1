import { SummaryList } from '#components/summary-list/SummaryList'
import { formatDateTime } from '#lib/format-time'
import type { AnswerSection, KeptSubmission } from '#lib/types'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

/**
 * Every answer, grouped as the applicant's check-your-answers page groups them; above them, any
 * submission kept for attention: why it was refused, or the other version sent under this reference.
 */
export function AnswersPart() {
  const { detail } = useApplication()
  const kept = detail.needsAttention ?? []
  return (
    <>
      <PartTitle title="Application answers" />
      {kept.length > 0 ? (
        <NeedsAttention kept={kept} refused={detail.application.kind === 'refused'} />
      ) : null}
      <h2>Answers</h2>
      {detail.application.kind === 'refused' ? (
        <p>
          Nothing was stored under this reference: these are the answers of the refused submission.
        </p>
      ) : null}
      {detail.answers.length === 0 ? (
        <p>{detail.application.erased ? 'The answers were erased.' : 'No answers were saved.'}</p>
      ) : (
        <Sections sections={detail.answers} idPrefix="answers" />
      )}
    </>
  )
}

function NeedsAttention({ kept, refused }: { kept: KeptSubmission[]; refused: boolean }) {
  return (
    <section className="attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">Needs attention</h2>
      <p>
        {refused
          ? 'The applicant was given this reference, but the server could not accept what was sent. Contact them to complete the application.'
          : 'A submission under this reference was kept for attention. Compare it with the answers below and contact the applicant.'}
      </p>
      {kept.map((item, i) => (
        <div key={item.id} className="attention__item">
          <h3>
            {item.reason === 'conflict'
              ? 'A different submission under this reference'
              : 'Refused submission'}
            , <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </h3>
          {item.errors.length > 0 ? (
            <>
              <p>What the server refused:</p>
              <ul>
                {item.errors.map((error, j) => (
                  <li key={j}>
                    <code>{error.field || 'the whole submission'}</code>: {error.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {item.reason === 'conflict' || !refused ? (
            <details>
              <summary>The answers it sent</summary>
              <Sections sections={item.answers} idPrefix={`kept-${i}`} level={4} />
            </details>
          ) : null}
        </div>
      ))}
    </section>
  )
}

function Sections({
  sections,
  idPrefix,
  level = 3,
}: {
  sections: AnswerSection[]
  idPrefix: string
  level?: 3 | 4
}) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return sections.map((section) => {
    const id = `${idPrefix}-${section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
    return (
      <section key={section.title} aria-labelledby={id}>
        <Heading id={id}>{section.title}</Heading>
        <SummaryList rows={section.rows.map((row) => ({ key: row.label, value: row.value }))} />
      </section>
    )
  })
}
