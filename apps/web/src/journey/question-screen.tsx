// What every question route renders around its screen: the deep-link guard, the progress bar, and
// the prefetching of the screens that may follow. Loaded with the first question screen, never
// with the start page: all three need the whole journey table.
import type { ComponentType } from 'react'
import { ProgressBar } from './progress-bar'
import { DeepLinkGuard } from './deep-link-guard'
import { PrefetchNextScreens, type PrefetchNextScreensProps } from './prefetch-next-screens'

export function questionScreen(
  Screen: ComponentType,
  preloadPath: PrefetchNextScreensProps['preloadPath'],
): ComponentType {
  return function QuestionScreen() {
    return (
      <DeepLinkGuard>
        <ProgressBar />
        <Screen />
        <PrefetchNextScreens preloadPath={preloadPath} />
      </DeepLinkGuard>
    )
  }
}
