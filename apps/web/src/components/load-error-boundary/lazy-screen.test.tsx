import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { LoadErrorBoundary } from './load-error-boundary'
import { LoadTimeoutError, lazyScreen, withTimeout } from './lazy-screen'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  delete window.dataLayer
})

test('a load that settles in time passes its value through', async () => {
  await expect(withTimeout(Promise.resolve('screen'), 1000)).resolves.toBe('screen')
})

test('a load still pending after the timeout fails with a load error', async () => {
  vi.useFakeTimers()
  const result = withTimeout(new Promise(() => {}), 120_000).catch((error: unknown) => error)
  await vi.advanceTimersByTimeAsync(119_999)
  let settled = false
  void result.then(() => (settled = true))
  await Promise.resolve()
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await result).toEqual(new LoadTimeoutError(120_000))
})

test('a missing chunk shows a short message with Try again, and is reported', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const Missing = lazyScreen(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  )
  render(
    <LoadErrorBoundary part="/personal" asScreen>
      <Suspense fallback={<p>Loading…</p>}>
        <Missing />
      </Suspense>
    </LoadErrorBoundary>,
  )
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Sorry, this part of the page did not load.')
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'Sorry, this part of the page did not load.',
  )
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  expect(window.dataLayer).toContainEqual({
    event: 'Load Error',
    category: 'Application form',
    step: '/personal',
  })
})
