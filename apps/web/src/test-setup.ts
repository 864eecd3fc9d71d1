import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Screens load lazily (their code, then the journey's guard): on a busy two-core machine that can take
// longer than Testing Library's default second for a findBy. Waits end as soon as the element is there.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  // Web test files share one jsdom per worker (isolate: false): leave nothing for the next file.
  localStorage.clear()
  delete (window as { dataLayer?: unknown }).dataLayer
  document.title = ''
  document.documentElement.removeAttribute('style')
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})
