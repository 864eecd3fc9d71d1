// The deep-link guard (docs/requirements.md#deep-links): a question opened before the questions ahead of it are answered
// sends the applicant to the first unanswered one, so no application is sent half empty. It needs
// the whole journey table, so it comes with the question screens (question-screen.tsx), not with
// the page.
import { redirectForDeepLink } from '@forecourt/domain/journey/navigation'
import { useState, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { getApplication } from '#lib/session-store'

export function DeepLinkGuard({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const brand = useBrand()
  // Judged once, on arrival: answering this screen must not move the applicant elsewhere.
  const [target] = useState(() => redirectForDeepLink(getApplication(), brand, location))
  if (target && target !== location) return <Redirect to={target} replace />
  return <>{children}</>
}
