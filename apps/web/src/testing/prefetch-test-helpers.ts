// For the prefetching tests: an idle callback queue the test runs by hand, and which routes' code
// was asked for ahead of time (without loading it).
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { routeScreens } from '#app/route-screens'

type IdleWindow = {
  requestIdleCallback?: (callback: () => void) => number
  cancelIdleCallback?: (handle: number) => void
}

const idleWindow = window as unknown as IdleWindow
const pending = new Map<number, () => void>()
let nextHandle = 1

/** Installs the idle queue and spies on every route's preload, which then loads nothing. */
export function watchPreloads(): void {
  pending.clear()
  idleWindow.requestIdleCallback = (callback) => {
    const handle = nextHandle++
    pending.set(handle, callback)
    return handle
  }
  idleWindow.cancelIdleCallback = (handle) => {
    pending.delete(handle)
  }
  for (const routeScreen of routeScreens) vi.spyOn(routeScreen, 'preload').mockResolvedValue(true)
}

/** Every test of the calling file starts with the idle queue and the spies, and ends without them. */
export function watchPreloadsInEachTest(): void {
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
}

/** Removes the idle queue; vi.restoreAllMocks() removes the spies. */
export function stopWatchingPreloads(): void {
  pending.clear()
  delete idleWindow.requestIdleCallback
  delete idleWindow.cancelIdleCallback
}

export function idleCallbacks(): number {
  return pending.size
}

export function runIdleCallbacks(): void {
  const callbacks = [...pending.values()]
  pending.clear()
  for (const callback of callbacks) callback()
}

/** The route patterns whose screens were preloaded, in route table order. */
export function preloadedRoutes(): string[] {
  return routeScreens
    .filter((routeScreen) => vi.mocked(routeScreen.preload).mock.calls.length > 0)
    .map((routeScreen) => routeScreen.route.path)
}

/** How many preloads were asked for in all, repeats included. */
export function preloadCount(): number {
  return routeScreens.reduce(
    (sum, routeScreen) => sum + vi.mocked(routeScreen.preload).mock.calls.length,
    0,
  )
}
