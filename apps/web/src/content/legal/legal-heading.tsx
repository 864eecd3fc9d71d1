import type { ReactNode } from 'react'

/** 2 on a legal page (under its h1), 3 in a modal (under the dialog's h2). */
export type SectionLevel = 2 | 3

export function SectionHeading({ level, children }: { level: SectionLevel; children: ReactNode }) {
  return level === 2 ? <h2>{children}</h2> : <h3>{children}</h3>
}
