import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { forgetAll } from '#lib/remembered'

// Screens load lazily: on a busy two-core machine a findBy can take longer than a second.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  forgetAll()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.title = ''
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})
