// The application state (docs/requirements.md#application-state) in one zustand store, saved to session storage on every change and
// restored at load only when its version is 1.0.0 (docs/requirements.md#persistence).

import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { restoreState, serialiseState } from '@forecourt/domain/state/restore-state'

export const STORAGE_KEY = 'forecourt.application'

export type ApplicationStore = StoreApi<ApplicationState> & {
  /** Stops saving, so nothing written after start-new can bring the old answers back. */
  stopSaving: () => void
}

/** The state saved in this tab, or null when there is none or it is of another version. */
export function readStoredState(storage: Storage | undefined = safeSessionStorage()) {
  try {
    return restoreState(storage?.getItem(STORAGE_KEY) ?? null)
  } catch {
    return null
  }
}

/** A store that writes every new state to `storage`. */
export function createApplicationStore(
  initial: ApplicationState,
  storage: Storage | undefined = safeSessionStorage(),
): ApplicationStore {
  const store = createStore<ApplicationState>()(() => initial)
  const unsubscribe = store.subscribe((state) => save(state, storage))
  return Object.assign(store, { stopSaving: unsubscribe })
}

function save(state: ApplicationState, storage: Storage | undefined): void {
  try {
    storage?.setItem(STORAGE_KEY, serialiseState(state))
  } catch {
    // Storage full or blocked (private mode): the form still works for this page's lifetime.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** The one store of the page; main.tsx replaces its state with the start-up result. */
export const applicationStore = createApplicationStore(readStoredState() ?? createInitialState())

export function getApplication(): ApplicationState {
  return applicationStore.getState()
}

/** Replaces the whole state (start-up, tests). */
export function setApplication(state: ApplicationState): void {
  applicationStore.setState(state, true)
}

/**
 * Changes the state through a mutator working on a copy, so components never see a half-made
 * change and every change is saved: `update((draft) => { draft.form.firstName = 'Ann' })`.
 */
export function update(mutator: (draft: ApplicationState) => void): void {
  const draft = structuredClone(applicationStore.getState())
  mutator(draft)
  applicationStore.setState(draft, true)
}

/**
 * Start-new (docs/requirements.md#shell): clears session storage and stops saving, so the reload that follows
 * starts a fresh application.
 */
export function discardSavedApplication(): void {
  applicationStore.stopSaving()
  try {
    sessionStorage.clear()
  } catch {
    // Storage blocked: there is nothing saved to clear.
  }
}

/** Subscribes a component to the part of the state that `selector` picks. */
export function useApplication<T>(selector: (state: ApplicationState) => T): T {
  return useStore(applicationStore, selector)
}
