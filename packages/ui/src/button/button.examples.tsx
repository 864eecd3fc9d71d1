import type { Example } from '../examples'
import { Button, buttonClass } from './button'

export const buttonExamples: Example[] = [
  { name: 'primary', render: () => <Button>Continue</Button> },
  { name: 'submit', render: () => <Button type="submit">Send application</Button> },
  {
    name: 'secondary',
    render: () => <Button variant="secondary">Save and come back later</Button>,
  },
  { name: 'warning', render: () => <Button variant="warning">Yes, start again</Button> },
  {
    name: 'start, as a link with the kit classes',
    render: () => (
      <a className={buttonClass('start')} href="#first-question">
        Start now
      </a>
    ),
  },
  { name: 'small', render: () => <Button small>Assign</Button> },
  {
    name: 'disabled while waiting',
    render: () => (
      <Button type="submit" disabled>
        Signing in…
      </Button>
    ),
  },
  { name: 'link', render: () => <Button variant="link">Sign out</Button> },
]
