// A press waits briefly for the next screen's code when it is still on its way, instead of showing
// the loading line (journey/screen-ready.tsx).
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ScreenReadyContext, useNavigateWhenReady, WAIT_FOR_SCREEN_MS } from './screen-ready'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setUp(ready: (path: string) => Promise<boolean> | undefined) {
  const navigate = vi.fn<(path: string) => void>()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ScreenReadyContext value={(_parser, path) => ready(path)}>{children}</ScreenReadyContext>
  )
  const hook = renderHook(() => useNavigateWhenReady(navigate), { wrapper })
  return { navigate, go: (path: string) => hook.result.current(path), unmount: hook.unmount }
}

test('a screen whose code is here is shown at once', () => {
  const { navigate, go } = setUp(() => undefined)
  go('/deposit')
  expect(navigate).toHaveBeenCalledWith('/deposit')
})

test('a screen whose code is on its way is shown when it arrives, not before', async () => {
  let arrive = (_loaded: boolean) => {}
  const { navigate, go } = setUp(() => new Promise<boolean>((resolve) => (arrive = resolve)))
  go('/deposit')
  // A second press while waiting goes nowhere else.
  go('/deposit')
  await act(async () => vi.advanceTimersByTimeAsync(100))
  expect(navigate).not.toHaveBeenCalled()
  await act(async () => arrive(true))
  expect(navigate).toHaveBeenCalledTimes(1)
  expect(navigate).toHaveBeenCalledWith('/deposit')
  await act(async () => vi.advanceTimersByTimeAsync(WAIT_FOR_SCREEN_MS))
  expect(navigate).toHaveBeenCalledTimes(1)
})

test('code that takes longer than the wait: the press goes anyway (and the screen shows its loading line)', async () => {
  const { navigate, go } = setUp(() => new Promise<boolean>(() => {}))
  go('/deposit')
  await act(async () => vi.advanceTimersByTimeAsync(WAIT_FOR_SCREEN_MS - 1))
  expect(navigate).not.toHaveBeenCalled()
  await act(async () => vi.advanceTimersByTimeAsync(1))
  expect(navigate).toHaveBeenCalledWith('/deposit')
})

test('code that failed to load: the press goes at once, to the screen’s error boundary', async () => {
  const { navigate, go } = setUp(() => Promise.resolve(false))
  go('/deposit')
  await act(async () => {})
  expect(navigate).toHaveBeenCalledWith('/deposit')
})

test('a screen left while waiting (Back) does not move on afterwards', async () => {
  let arrive = (_loaded: boolean) => {}
  const { navigate, go, unmount } = setUp(
    () => new Promise<boolean>((resolve) => (arrive = resolve)),
  )
  go('/deposit')
  unmount()
  await act(async () => arrive(true))
  await act(async () => vi.advanceTimersByTimeAsync(WAIT_FOR_SCREEN_MS))
  expect(navigate).not.toHaveBeenCalled()
})
