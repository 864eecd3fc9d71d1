import { lazy, type ComponentType } from 'react'
import { PAGE_PART_LOAD_TIMEOUT_MS } from '@forecourt/domain/fields/timing'

export class LoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading timed out after ${ms}ms`)
    this.name = 'LoadTimeoutError'
  }
}

/** Rejects with a LoadTimeoutError when `promise` has not settled within `ms` (docs/requirements.md#error-catalogue, docs/requirements.md#constants-and-limits). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError(ms)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** A lazily loaded component whose loading fails on a missing file or after the docs/requirements.md#constants-and-limits timeout. */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  timeoutMs: number = PAGE_PART_LOAD_TIMEOUT_MS,
) {
  return lazy(() => withTimeout(load(), timeoutMs))
}
