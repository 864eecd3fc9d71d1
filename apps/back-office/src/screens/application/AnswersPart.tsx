import { Fragment, type ReactNode } from 'react'
import { SummaryList } from '#components/summary-list/SummaryList'
import { formatDateTime } from '#lib/format-time'
import type { AnswerSection, ApplicationDetail, KeptSubmission } from '#lib/types'
import { PartTitle } from './PartTitle'
import { useApplication } from './application-context'

type JointConfirmation = NonNullable<ApplicationDetail['application']['jointConfirmation']>

/** The section the joint applicant's confirmation follows. */
const JOINT_SECTION = 'Joint applicant'

/**
 * Every answer, grouped as the applicant's check-your-answers page groups them; above them, any
 * submission kept for attention: why it was refused, or the other version sent under this reference.
 * After the joint applicant's answers, their own confirmation of them and what they wrote to correct
 * them, as they wrote it (decision 1823).
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
        <Sections
          sections={detail.answers}
          idPrefix="answers"
          after={(title) =>
            title === JOINT_SECTION && detail.application.jointConfirmation ? (
              <JointConfirmationSection confirmation={detail.application.jointConfirmation} />
            ) : null
          }
        />
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
  after,
}: {
  sections: AnswerSection[]
  idPrefix: string
  level?: 3 | 4
  /** What follows a section, by its title. */
  after?: (title: string) => ReactNode
}) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return sections.map((section) => {
    const id = `${idPrefix}-${section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
    return (
      <Fragment key={section.title}>
        <section aria-labelledby={id}>
          <Heading id={id}>{section.title}</Heading>
          <SummaryList rows={section.rows.map((row) => ({ key: row.label, value: row.value }))} />
        </section>
        {after?.(section.title)}
      </Fragment>
    )
  })
}

/** Whether the joint applicant confirmed their part and what they wrote, each line as they wrote it. */
function JointConfirmationSection({ confirmation }: { confirmation: JointConfirmation }) {
  const corrections = confirmation.corrections ?? ''
  return (
    <section aria-labelledby="answers-joint-confirmation">
      <h3 id="answers-joint-confirmation">Joint applicant’s confirmation</h3>
      <SummaryList
        rows={[
          {
            key: 'Confirmed their part',
            value: [
              confirmation.confirmedAt === null
                ? 'Not yet'
                : `Yes, on ${formatDateTime(confirmation.confirmedAt)}`,
            ],
          },
          ...(confirmation.confirmedAt === null
            ? []
            : [
                {
                  key: 'Their corrections',
                  value: corrections === '' ? ['None'] : corrections.split(/\r?\n/),
                },
              ]),
          ...(confirmation.disputedAt == null
            ? []
            : [
                {
                  key: 'They said this is not right',
                  value: [
                    `On ${formatDateTime(confirmation.disputedAt)}:`,
                    ...(confirmation.dispute ?? '').split(/\r?\n/),
                  ],
                },
              ]),
        ]}
      />
    </section>
  )
}
