// The deep-link guard (docs/requirements.md#deep-links): a question opened before the questions ahead of it are answered
// sends the applicant to the first unanswered one, so no application is sent half empty. It needs
// the whole journey table, so it comes with the question screens (question-screen.tsx), not with
// the page.
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import { useState, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { getApplication } from '#lib/session-store'
import { usePrerendering } from './prerendering'

export function DeepLinkGuard({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const brand = useBrand()
  const prerendering = usePrerendering()
  // Judged once, on arrival: answering this screen must not move the applicant elsewhere. The
  // page rendered at build time shows the screen itself: the answers that decide are in the
  // browser, which judges again before its own render replaces the page (docs/decisions/1941).
  const [target] = useState(() =>
    prerendering ? undefined : redirectForDeepLink(getApplication(), brand, location),
  )
  if (target && target !== location) return <Redirect to={target} replace />
  return <>{children}</>
}
