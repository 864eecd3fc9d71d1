// The screens of the route table in a wouter <Switch>, each loaded on demand (route-screens.ts);
// any other path goes to the start screen, replacing the history entry (docs/requirements.md#screens-and-routes).

import { Suspense, useEffect, useRef, type ComponentType } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { entryTitle } from '@forecourt/domain/journey/step-list'
import { useApplication } from '#lib/session-store'
import { endEarlyClicks } from '#lib/early-click'
import { LoadErrorBoundary } from '#components/load-error-boundary/load-error-boundary'
import { PrefetchFirstQuestion } from './prefetch-first-question'
import { routeScreens } from './route-screens'
import { useCurrentRoute } from './use-current-route'
import { focusScreenHeading, useRouteAnnouncement } from './use-route-announcement'

export function AppRouter() {
  const [location] = useLocation()
  const route = useCurrentRoute()
  // A title that follows the answers (the employer screen's) is read from the state, like the
  // screen's heading, so the two never disagree.
  const brand = useBrand()
  // An earlier entry of a history asks in the past ("What was your previous address?"): so does its title.
  const title = useApplication((state) =>
    route?.titleFor
      ? route.titleFor({ state, brand }, entryIndex(location))
      : route && entryTitle(route, entryIndex(location)),
  )
  const { navigated } = useRouteAnnouncement(title)

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
          {routeScreens.map(({ route, Screen }) => (
            <Route key={route.path} path={route.path}>
              {/* A question screen brings its deep-link guard (route-screens.ts). */}
              <ScreenFrame navigated={navigated} Screen={Screen} />
              {route.kind === 'start' && <PrefetchFirstQuestion />}
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
    // The screen's own effects, which act on a press made before the app took over, ran first.
    endEarlyClicks()
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

/** The entry index of a repeated step's path ('/employment-add/2' → 2); 1 otherwise. */
function entryIndex(path: string): number {
  return Number(/\/(\d+)$/.exec(path)?.[1] ?? 1) || 1
}
