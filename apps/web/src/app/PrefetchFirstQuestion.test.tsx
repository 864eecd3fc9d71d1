import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderApp } from '../testing/render'
import {
  idleCallbacks,
  preloadedRoutes,
  runIdleCallbacks,
  stopWatchingPreloads,
  watchPreloads,
} from './prefetch-test-helpers'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  watchPreloads()
})

afterEach(() => {
  // Unmount first: leaving screens cancel their idle callbacks.
  cleanup()
  stopWatchingPreloads()
  vi.restoreAllMocks()
})

test('the start page fetches no other screen before the first input, even when idle', async () => {
  givenState('carfinance')
  renderApp('/')
  await screen.findByRole('link', { name: 'Start your application' }, LAZY_SCREEN)
  expect(idleCallbacks()).toBe(0)
  runIdleCallbacks()
  expect(preloadedRoutes()).toEqual([])
})

test.each([
  ['carfinance', 'keyDown', '/looking-to-borrow'],
  ['harbourlend', 'pointerDown', '/looking-to-buy'],
] as const)(
  'on %s the first %s fetches the first question once the browser is idle',
  async (brandId, event, firstQuestion) => {
    givenState(brandId)
    renderApp('/')
    const start = await screen.findByRole('link', { name: 'Start your application' }, LAZY_SCREEN)
    fireEvent[event](start)
    expect(preloadedRoutes()).toEqual([])
    expect(idleCallbacks()).toBe(1)
    runIdleCallbacks()
    await waitFor(() => expect(preloadedRoutes()).toEqual([firstQuestion]))
    // Only the first input counts.
    fireEvent[event](start)
    expect(idleCallbacks()).toBe(0)
  },
)
