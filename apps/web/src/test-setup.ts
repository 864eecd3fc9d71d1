import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { reportedEvidence } from '#testing/evidence-reports'

// Screens report what they show for the evidence record (lib/evidence-report.ts): tests record the
// reports instead of sending them (the queue has its own tests in lib/evidence.test.ts).
vi.mock('#lib/evidence-report', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#lib/evidence-report')>()),
  reportEvidence: (
    screen: string,
    reports: readonly import('#lib/evidence-types').EvidenceReport[],
  ) => {
    if (reports.length > 0) reportedEvidence.push({ screen, reports: [...reports] })
  },
}))

// Screens load lazily (their code, then the journey's guard): on a busy two-core machine that can take
// longer than Testing Library's default second for a findBy. Waits end as soon as the element is there.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  reportedEvidence.length = 0
  sessionStorage.clear()
  // Web test files share one jsdom per worker (isolate: false): leave nothing for the next file.
  localStorage.clear()
  delete (window as { dataLayer?: unknown }).dataLayer
  document.title = ''
  document.documentElement.removeAttribute('style')
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})
