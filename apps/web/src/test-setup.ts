import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

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
