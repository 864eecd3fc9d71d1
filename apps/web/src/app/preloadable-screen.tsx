import { lazy, useState, type ComponentType } from 'react'
import { PAGE_PART_LOAD_TIMEOUT_MS } from '@forecourt/domain/fields/timing'
import { withTimeout } from '#components/load-error-boundary/lazy-screen'

export interface ScreenModule {
  default: ComponentType
}

export interface PreloadableScreen {
  /** The screen: suspends while its code loads; a failed load goes to the nearest error boundary. */
  Screen: ComponentType
  /**
   * Loads the screen's code ahead of time (once), so showing it later waits for nothing. Resolves
   * true when the code is ready and false when it did not load: that failure is forgotten, and the
   * screen tries again when it is shown.
   */
  preload: () => Promise<boolean>
  /** True once the code is here: the screen renders at once, without the loading message. */
  isLoaded: () => boolean
}

/**
 * Like lazyScreen (the same docs/requirements.md#constants-and-limits timeout), plus `preload` for fetching the next screen's code while
 * the current one is idle (docs/requirements.md#quality-bars). A screen whose code is already here renders at once,
 * without passing through the loading message.
 */
export function preloadableScreen(
  load: () => Promise<ScreenModule>,
  timeoutMs: number = PAGE_PART_LOAD_TIMEOUT_MS,
): PreloadableScreen {
  let loading: Promise<ScreenModule> | undefined
  let loaded: ComponentType | undefined
  // Once React has waited on a load, its failure stays (React keeps a failed lazy load, and the
  // error boundary's Try again reloads the page); a failed preload nobody waited on is forgotten.
  let awaited = false

  const start = () => {
    const promise = withTimeout(load(), timeoutMs)
    promise.then(
      (module) => {
        loaded = module.default
      },
      () => {
        if (loading === promise && !awaited) loading = undefined
      },
    )
    return promise
  }

  const Lazy = lazy(() => {
    awaited = true
    return (loading ??= start())
  })

  function Screen() {
    // Chosen once per visit, so the screen never changes identity (and loses its state) when
    // its code arrives while it is shown.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy)
    return <Component />
  }

  const preload = (): Promise<boolean> =>
    (loading ??= start()).then(
      () => true,
      () => false,
    )

  return { Screen, preload, isLoaded: () => loaded !== undefined }
}
