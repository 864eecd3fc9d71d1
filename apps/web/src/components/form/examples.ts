import type { JSX } from 'react'

/** A named example of a control: it feeds the control's tests (axe on each) and any gallery. */
export interface Example {
  name: string
  render: () => JSX.Element
}
