// The page title of one part of the application screen, kept apart from that screen so each part, which
// the screen loads, does not import the screen back.

import { usePageTitle } from '#app/page'

/** Sets the page title of a part: 'Application answers – Forecourt back office'. */
export function PartTitle({ title, hasErrors = false }: { title: string; hasErrors?: boolean }) {
  usePageTitle(title, hasErrors)
  return null
}
