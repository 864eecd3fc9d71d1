import { render, screen } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { LoadErrorBoundary } from '#components/load-error-boundary/load-error-boundary'
import { preloadableScreen, type ScreenModule } from './preloadable-screen'

afterEach(() => {
  vi.restoreAllMocks()
})

function deferred() {
  let resolve: (module: ScreenModule) => void = () => {}
  let reject: (error: Error) => void = () => {}
  const promise = new Promise<ScreenModule>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const screenModule: ScreenModule = { default: () => <h1>The next question</h1> }

function show(Screen: ComponentType) {
  return render(
    <LoadErrorBoundary part="/next" asScreen>
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>
    </LoadErrorBoundary>,
  )
}

test('a preloaded screen appears at once, without the loading message', async () => {
  const load = vi.fn(() => Promise.resolve(screenModule))
  const { Screen, preload } = preloadableScreen(load)
  await expect(preload()).resolves.toBe(true)
  show(Screen)
  expect(screen.getByRole('heading', { name: 'The next question' })).toBeInTheDocument()
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(1)
})

test('a screen shown before its code is here shows the loading message, then the screen', async () => {
  const pending = deferred()
  const load = vi.fn(() => pending.promise)
  const { Screen } = preloadableScreen(load)
  show(Screen)
  expect(screen.getByText('Loading…')).toBeInTheDocument()
  pending.resolve(screenModule)
  expect(await screen.findByRole('heading', { name: 'The next question' })).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(1)
})

test('a screen shown while its preload is on the way waits for that same load', async () => {
  const pending = deferred()
  const load = vi.fn(() => pending.promise)
  const { Screen, preload } = preloadableScreen(load)
  const preloaded = preload()
  show(Screen)
  pending.resolve(screenModule)
  expect(await screen.findByRole('heading', { name: 'The next question' })).toBeInTheDocument()
  await expect(preloaded).resolves.toBe(true)
  expect(load).toHaveBeenCalledTimes(1)
})

test('a failed preload is forgotten: showing the screen loads it again', async () => {
  const load = vi
    .fn<() => Promise<ScreenModule>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce(screenModule)
  const { Screen, preload } = preloadableScreen(load)
  await expect(preload()).resolves.toBe(false)
  show(Screen)
  expect(await screen.findByRole('heading', { name: 'The next question' })).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(2)
})

test('a screen whose code fails to load while shown gets the load error', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const pending = deferred()
  const { Screen, preload } = preloadableScreen(() => pending.promise)
  show(Screen)
  pending.reject(new TypeError('Failed to fetch dynamically imported module'))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Sorry, this part of the page did not load.',
  )
  // The failure stays: a later preload does not pretend the screen is ready.
  await expect(preload()).resolves.toBe(false)
})

test('a load still pending after the timeout fails like any other', async () => {
  const { preload } = preloadableScreen(() => new Promise<ScreenModule>(() => {}), 50)
  await expect(preload()).resolves.toBe(false)
})
