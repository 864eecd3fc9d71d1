import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { LAZY_SCREEN, LAZY_TEST_TIMEOUT_MS, givenState, renderApp } from '#testing/render'
import {
  idleCallbacks,
  preloadCount,
  preloadedRoutes,
  runIdleCallbacks,
  watchPreloadsInEachTest,
} from '#testing/prefetch-test-helpers'

vi.setConfig({ testTimeout: LAZY_TEST_TIMEOUT_MS })

watchPreloadsInEachTest()

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
  'on %s the first %s fetches the first question',
  async (brandId, event, firstQuestion) => {
    givenState(brandId)
    renderApp('/')
    const start = await screen.findByRole('link', { name: 'Start your application' }, LAZY_SCREEN)
    expect(preloadedRoutes()).toEqual([])
    fireEvent[event](start)
    await waitFor(() => expect(preloadedRoutes()).toEqual([firstQuestion]))
  },
)

test('only the first input fetches', async () => {
  givenState('carfinance')
  renderApp('/')
  const start = await screen.findByRole('link', { name: 'Start your application' }, LAZY_SCREEN)
  fireEvent.keyDown(start)
  fireEvent.pointerDown(start)
  await waitFor(() => expect(preloadedRoutes()).toEqual(['/looking-to-borrow']))
  fireEvent.keyDown(start)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(preloadCount()).toBe(1)
})
