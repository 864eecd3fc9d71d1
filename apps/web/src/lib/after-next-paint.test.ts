import { afterEach, expect, test, vi } from 'vitest'
import { afterNextPaint } from './after-next-paint'

afterEach(() => {
  vi.useRealTimers()
  Reflect.deleteProperty(document, 'hidden')
})

test('the work waits for the next frame, then runs once, after it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
  const work = vi.fn()
  afterNextPaint(work)
  await vi.advanceTimersByTimeAsync(0)
  expect(work).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(20)
  expect(work).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(100)
  expect(work).toHaveBeenCalledTimes(1)
})

test('in a hidden page, which paints no frames, the work runs at the next task', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
  Object.defineProperty(document, 'hidden', { value: true, configurable: true })
  const work = vi.fn()
  afterNextPaint(work)
  expect(work).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(0)
  expect(work).toHaveBeenCalledTimes(1)
})
