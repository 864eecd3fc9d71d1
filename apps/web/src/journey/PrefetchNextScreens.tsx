// Rendered with every question screen: once the screen is shown and the browser is idle, the code
// of the screens that may follow is fetched (prefetch-next.ts), so Continue never waits for it.
import { useEffect } from 'react'
import { useLocation, useRouter, useSearch } from 'wouter'
import { preloadPath } from '../app/route-screens'
import { whenIdle } from '../app/when-idle'
import { useBrand } from '../brand/use-brand'
import { getApplication } from '../lib/session-store'
import { pathsToPrefetch } from './prefetch-next'

export function PrefetchNextScreens() {
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
    [parser, location, search, brand],
  )
  return null
}
