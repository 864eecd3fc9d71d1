import type { JSX } from 'react'

/** A named example of a component: it feeds the component's tests (axe on each). */
export interface Example {
  name: string
  render: () => JSX.Element
}
