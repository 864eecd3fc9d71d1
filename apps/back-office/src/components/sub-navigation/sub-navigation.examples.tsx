import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Example } from '../examples'
import { SubNavigation } from './SubNavigation'

export const subNavigationExamples: Example[] = [
  {
    name: 'application parts',
    render: () => (
      <Router hook={memoryLocation({ path: '/a/timeline' }).hook}>
        <SubNavigation
          label="Application"
          items={[
            { href: '/a', text: 'Answers', current: false },
            { href: '/a/timeline', text: 'Timeline', current: true },
            { href: '/a/deliveries', text: 'Deliveries', current: false },
            { href: '/a/notes', text: 'Notes', current: false },
          ]}
        />
      </Router>
    ),
  },
]
