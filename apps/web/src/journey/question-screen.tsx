// What every question route renders around its screen: the deep-link guard, the progress bar, and
// the prefetching of the screens that may follow. Loaded with the first question screen, never
// with the start page: all three need the whole journey table.
import type { ComponentType } from 'react'
import type { Brand } from '@forecourt/domain/brands/brand'
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { ProgressBar } from './progress-bar'
import { DeepLinkGuard } from './deep-link-guard'
import { KeepOpenPaths } from './keep-open-paths'
import { PrefetchNextScreens, type PrefetchNextScreensProps } from './prefetch-next-screens'
import { ScreenReadyContext, type ScreenReady } from './screen-ready'

/**
 * `preloadPath` and `screenReady` are route-screens.ts's, passed in rather than imported (a lazily
 * loaded chunk importing the route table back made Rolldown split the entry).
 */
export function questionScreen(
  Screen: ComponentType,
  preloadPath: PrefetchNextScreensProps['preloadPath'],
  screenReady: ScreenReady,
): ComponentType {
  return function QuestionScreen() {
    return (
      <ScreenReadyContext value={screenReady}>
        <DeepLinkGuard>
          <ProgressBar />
          <Screen />
          <PrefetchNextScreens preloadPath={preloadPath} />
          <KeepOpenPaths />
        </DeepLinkGuard>
      </ScreenReadyContext>
    )
  }
}

/**
 * What the browser's first render waits for on a question's pre-rendered page (main.tsx,
 * docs/decisions/1941): the question's screen and, when the deep-link guard will send this
 * applicant elsewhere, the screen it sends them to, so the render replaces the pre-rendered page in
 * one commit, with no "Loading…" between. Here, with the guard, because the start page never needs
 * it. A failed load is left to the error boundary.
 */
export async function preloadArrival(
  path: string,
  state: ApplicationState,
  brand: Brand,
  preloadPath: (path: string) => Promise<boolean>,
): Promise<void> {
  if (!(await preloadPath(path))) return
  const target = redirectForDeepLink(state, brand, path)
  if (target !== undefined && target !== path) await preloadPath(target)
}
