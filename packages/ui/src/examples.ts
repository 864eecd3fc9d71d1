import type { JSX } from 'react'

/**
 * A named example of a component: its documentation, and the input of its tests (axe on each, and
 * the behaviour tests that render an example by name).
 */
export interface Example {
  name: string
  render: () => JSX.Element
}
