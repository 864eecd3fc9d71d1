// The screens of the route table in a wouter <Switch>, each loaded on demand; any other path
// goes to the start screen, replacing the history entry (§2).

import { Suspense, useEffect, useRef, type ComponentType } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { LoadErrorBoundary } from './LoadErrorBoundary'
import { lazyScreen } from './lazy-screen'
import { routes } from './routes'
import { DeepLinkGuard } from '../journey/DeepLinkGuard'
import { useCurrentRoute } from './use-current-route'
import { focusScreenHeading, useRouteAnnouncement } from './use-route-announcement'

const screens = routes.map((route) => ({
  path: route.path,
  Screen: lazyScreen(route.load),
  isQuestion: (route.kind ?? 'question') === 'question',
}))

export function AppRouter() {
  const [location] = useLocation()
  const route = useCurrentRoute()
  const { navigated } = useRouteAnnouncement(route?.title)

  return (
    // Keyed by path: a new screen gets a fresh error boundary, its own state and the fade.
    <LoadErrorBoundary key={location} part={location} asScreen>
      <Suspense
        fallback={
          <p className="loading" role="status">
            Loading…
          </p>
        }
      >
        <Switch>
          {screens.map(({ path, Screen, isQuestion }) => (
            <Route key={path} path={path}>
              {isQuestion ? (
                <DeepLinkGuard>
                  <ScreenFrame navigated={navigated} Screen={Screen} />
                </DeepLinkGuard>
              ) : (
                <ScreenFrame navigated={navigated} Screen={Screen} />
              )}
            </Route>
          ))}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </LoadErrorBoundary>
  )
}

/**
 * Wraps a screen inside the Suspense boundary, so its effect runs once the lazily loaded screen
 * has rendered: then focus can move to the screen's heading.
 */
function ScreenFrame({ navigated, Screen }: { navigated: boolean; Screen: ComponentType }) {
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (navigated) focusScreenHeading(frame.current)
    // Once per screen: the frame is remounted for every path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    // The fade marks a move between screens; the first screen of a visit appears at once, so its
    // largest paint (and an accessibility scan of it) never waits for or sees a half-faded screen.
    <div className={navigated ? 'screen screen--arrived' : 'screen'} ref={frame}>
      <Screen />
    </div>
  )
}
