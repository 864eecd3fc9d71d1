// MOJ identity bar: who this record is about, always at the top of its pages, with the actions the
// operator may take on it.

import type { ReactNode } from 'react'

export interface IdentityFact {
  label: string
  value: ReactNode
}

export function IdentityBar({
  title,
  facts,
  actions,
}: {
  /** The heading of the record's pages: it takes focus when a part of the record opens. */
  title: ReactNode
  facts: IdentityFact[]
  actions?: ReactNode
}) {
  return (
    <section className="identity-bar" aria-label="Whose application this is">
      {title}
      <ul className="identity-bar__facts">
        {facts.map((fact) => (
          <li key={fact.label}>
            <span className="secondary-text">{fact.label}: </span>
            {fact.value}
          </li>
        ))}
      </ul>
      {actions ? <div className="identity-bar__actions">{actions}</div> : null}
    </section>
  )
}
