// MOJ timeline: newest first; every entry says what happened, who did it and when (London time).

import type { ReactNode } from 'react'
import { formatDateTime } from '#lib/format-time'

export interface TimelineItem {
  key: string
  title: string
  by: string | null
  at: string
  description?: ReactNode
}

export function Timeline({
  items,
  headingLevel = 3,
}: {
  items: TimelineItem[]
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ol className="timeline">
      {items.map((item) => (
        <li className="timeline__item" key={item.key}>
          <Heading className="timeline__title">{item.title}</Heading>
          <p className="timeline__byline">by {item.by ?? 'Forecourt'}</p>
          <p className="timeline__date">
            <time dateTime={item.at}>{formatDateTime(item.at)}</time>
          </p>
          {item.description ? (
            <div className="timeline__description">{item.description}</div>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
