// What every question route renders around its screen: the deep-link guard, and the prefetching of
// the screens that may follow. Loaded with the first question screen, never with the start page.
import type { ComponentType } from 'react'
import { DeepLinkGuard } from './DeepLinkGuard'
import { PrefetchNextScreens, type PrefetchNextScreensProps } from './PrefetchNextScreens'

export function questionScreen(
  Screen: ComponentType,
  preloadPath: PrefetchNextScreensProps['preloadPath'],
): ComponentType {
  return function QuestionScreen() {
    return (
      <DeepLinkGuard>
        <Screen />
        <PrefetchNextScreens preloadPath={preloadPath} />
      </DeepLinkGuard>
    )
  }
}
