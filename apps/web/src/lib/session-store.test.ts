import { expect, test } from 'vitest'
import { createInitialState } from '@forecourt/domain/state/application-state'
import {
  STORAGE_KEY,
  applicationStore,
  createApplicationStore,
  getApplication,
  readStoredState,
  setApplication,
  update,
} from './session-store'

function storedWith(version: string, firstName: string): string {
  const state = createInitialState()
  return JSON.stringify({ ...state, version, GUID: 'g-1', form: { ...state.form, firstName } })
}

test('a stored state of version 1.0.0 is restored', () => {
  sessionStorage.setItem(STORAGE_KEY, storedWith('1.0.0', 'Ann'))
  const restored = readStoredState()
  expect(restored?.GUID).toBe('g-1')
  expect(restored?.form.firstName).toBe('Ann')
})

test.each(['0.9.0', '1.0.1', '2.0.0', ''])(
  'a stored state of version %j is not restored',
  (version) => {
    sessionStorage.setItem(STORAGE_KEY, storedWith(version, 'Ann'))
    expect(readStoredState()).toBeNull()
  },
)

test('nothing stored, or something unreadable, restores nothing', () => {
  expect(readStoredState()).toBeNull()
  sessionStorage.setItem(STORAGE_KEY, '{not json')
  expect(readStoredState()).toBeNull()
})

test('every change is saved to session storage under forecourt.application', () => {
  const store = createApplicationStore(createInitialState(), sessionStorage)
  store.setState({ ...store.getState(), GUID: 'g-2' }, true)
  const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as {
    version: string
    GUID: string
  }
  expect(saved).toMatchObject({ version: '1.0.0', GUID: 'g-2' })
})

test('update changes a copy and saves it, leaving the previous state untouched', () => {
  setApplication(createInitialState())
  const before = getApplication()
  update((draft) => {
    draft.form.firstName = 'Ann'
  })
  expect(getApplication().form.firstName).toBe('Ann')
  expect(before.form.firstName).toBe('')
  expect(applicationStore.getState()).not.toBe(before)
  expect(readStoredState()?.form.firstName).toBe('Ann')
})
