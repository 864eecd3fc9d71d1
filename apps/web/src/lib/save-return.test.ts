import { afterEach, expect, test, vi } from 'vitest'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { startSavedAnswersRefresh, stopSavedAnswersRefresh } from './save-return'
import { wasSavedForLater } from './saved-for-later-flag'

afterEach(() => {
  stopSavedAnswersRefresh()
  vi.useRealTimers()
})

function store() {
  let state: ApplicationState = { ...createInitialState(), GUID: 'guid-1' }
  const listeners = new Set<(state: ApplicationState) => void>()
  return {
    getState: () => state,
    subscribe: (listener: (state: ApplicationState) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    change(firstName: string) {
      state = { ...state, form: { ...state.form, firstName } }
      for (const listener of listeners) listener(state)
    },
  }
}

test('after a save, changes are sent at once, then at most every 2 s with the last one trailing', async () => {
  vi.useFakeTimers()
  const answers = store()
  const post = vi.fn(async (_url: string, _body: unknown) => ({ status: 'saved' }))
  startSavedAnswersRefresh({ ...answers, post })
  expect(wasSavedForLater()).toBe(true)
  expect(post).not.toHaveBeenCalled()

  answers.change('A')
  expect(post).toHaveBeenCalledTimes(1)
  expect(post.mock.calls[0]![0]).toBe('/api/saved-answers/guid-1')
  answers.change('Ad')
  answers.change('Ada')
  expect(post).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(2000)
  expect(post).toHaveBeenCalledTimes(2)
  expect((post.mock.calls[1]![1] as { state: ApplicationState }).state.form.firstName).toBe('Ada')
  await vi.advanceTimersByTimeAsync(4000)
  expect(post).toHaveBeenCalledTimes(2)

  stopSavedAnswersRefresh()
  expect(wasSavedForLater()).toBe(false)
  answers.change('Ada L')
  expect(post).toHaveBeenCalledTimes(2)
})

test('nothing is sent once the application is being submitted', () => {
  const answers = store()
  const post = vi.fn(async () => ({}))
  startSavedAnswersRefresh({ ...answers, post })
  const locked = answers.getState()
  locked.isLocked = true
  answers.change('A')
  expect(post).not.toHaveBeenCalled()
})
