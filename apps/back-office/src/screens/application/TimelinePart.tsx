import { Timeline } from '#components/timeline/Timeline'
import { PartTitle } from './ApplicationScreen'
import { useApplication } from './application-context'

/** What happened to the application, newest first, with who and when. */
export function TimelinePart() {
  const { detail } = useApplication()
  return (
    <>
      <PartTitle title="Application timeline" />
      <h2>Timeline</h2>
      {detail.timeline.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <Timeline
          items={detail.timeline.map((entry, i) => ({
            key: `${entry.at}-${i}`,
            title: entry.text,
            by: entry.by,
            at: entry.at,
          }))}
        />
      )}
    </>
  )
}
