import { expect, test, vi } from 'vitest'
import { onFirstInput } from './first-input'

test('the work waits for the first key or pointer press, then runs exactly once', () => {
  const work = vi.fn()
  onFirstInput(work)
  window.dispatchEvent(new Event('scroll'))
  expect(work).not.toHaveBeenCalled()
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
  expect(work).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event('pointerdown'))
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
  expect(work).toHaveBeenCalledTimes(1)
})

test('a pointer press counts as the first input too', () => {
  const work = vi.fn()
  onFirstInput(work)
  window.dispatchEvent(new Event('pointerdown'))
  expect(work).toHaveBeenCalledTimes(1)
})
