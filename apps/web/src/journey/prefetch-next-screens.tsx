// Rendered with every question screen: once the screen is shown and the browser is idle, the code
// of the screens that may follow is fetched (prefetch-next.ts), so Continue never waits for it
// (docs/decisions/1402).
import { useEffect } from 'react'
import { useLocation, useRouter, useSearch, type Parser } from 'wouter'
import { whenIdle } from '#lib/when-idle'
import { useBrand } from '#brand/use-brand'
import { getApplication } from '#lib/session-store'
import { pathsToPrefetch } from './prefetch-next'

export interface PrefetchNextScreensProps {
  /**
   * Starts loading the screen a path shows (route-screens.ts's preloadPath, passed in rather than
   * imported: a lazily loaded chunk importing the route table back made Rolldown split the entry).
   */
  preloadPath: (parser: Parser, path: string) => Promise<boolean>
}

export function PrefetchNextScreens({ preloadPath }: PrefetchNextScreensProps) {
  const { parser } = useRouter()
  const [location] = useLocation()
  const search = useSearch()
  const brand = useBrand()
  useEffect(
    () =>
      whenIdle(() => {
        for (const path of pathsToPrefetch(getApplication(), brand, location, search)) {
          void preloadPath(parser, path)
        }
      }),
    [parser, location, search, brand, preloadPath],
  )
  return null
}
