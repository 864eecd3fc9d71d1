import { afterEach, expect, test, vi } from 'vitest'
import { IDLE_FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, whenIdle } from './when-idle'

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
  cancelIdleCallback?: (handle: number) => void
}
const idleWindow = window as unknown as IdleWindow

afterEach(() => {
  delete idleWindow.requestIdleCallback
  delete idleWindow.cancelIdleCallback
  vi.useRealTimers()
})

test('the work waits for the browser to be idle, for at most the idle timeout', () => {
  const requestIdleCallback = vi.fn((_callback: () => void, _options?: { timeout: number }) => 7)
  idleWindow.requestIdleCallback = requestIdleCallback
  idleWindow.cancelIdleCallback = vi.fn()
  const work = vi.fn()
  whenIdle(work)
  expect(work).not.toHaveBeenCalled()
  expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
    timeout: IDLE_TIMEOUT_MS,
  })
  requestIdleCallback.mock.calls[0]?.[0]()
  expect(work).toHaveBeenCalledTimes(1)
})

test('cancelling before the idle moment cancels the idle callback', () => {
  idleWindow.requestIdleCallback = vi.fn(() => 7)
  const cancelIdleCallback = vi.fn()
  idleWindow.cancelIdleCallback = cancelIdleCallback
  whenIdle(() => {})()
  expect(cancelIdleCallback).toHaveBeenCalledWith(7)
})

test('without requestIdleCallback the work runs after a short pause, unless cancelled', () => {
  vi.useFakeTimers()
  const work = vi.fn()
  whenIdle(work)
  vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS - 1)
  expect(work).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(work).toHaveBeenCalledTimes(1)

  const cancelled = vi.fn()
  whenIdle(cancelled)()
  vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS)
  expect(cancelled).not.toHaveBeenCalled()
})
