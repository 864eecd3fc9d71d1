import { SummaryList } from '#components/summary-list/SummaryList'
import { PartTitle } from './ApplicationScreen'
import { useApplication } from './application-context'

/** Every answer, grouped as the applicant's check-your-answers page groups them. */
export function AnswersPart() {
  const { detail } = useApplication()
  return (
    <>
      <PartTitle title="Application answers" />
      <h2>Answers</h2>
      {detail.answers.length === 0 ? (
        <p>{detail.application.erased ? 'The answers were erased.' : 'No answers were saved.'}</p>
      ) : (
        detail.answers.map((section) => (
          <section key={section.title} aria-labelledby={sectionId(section.title)}>
            <h3 id={sectionId(section.title)}>{section.title}</h3>
            <SummaryList rows={section.rows.map((row) => ({ key: row.label, value: row.value }))} />
          </section>
        ))
      )}
    </>
  )
}

function sectionId(title: string): string {
  return `answers-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}
