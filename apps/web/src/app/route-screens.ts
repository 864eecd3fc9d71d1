// Each route's screen, loaded on demand and fetchable ahead of time. A question screen arrives with
// the deep-link guard and the prefetching of the screens that may follow it (question-screen.tsx):
// both need the whole journey table, which is why they load with the question screens and not
// with the page (the start screen's budget, docs/requirements.md#performance).

import { matchRoute, type Parser } from 'wouter'
import { preloadableScreen, type PreloadableScreen, type ScreenModule } from './preloadable-screen'
import { routes, type AppRoute } from './routes'

export interface RouteScreen extends PreloadableScreen {
  route: AppRoute
  isQuestion: boolean
}

function loadQuestion(load: AppRoute['load']): () => Promise<ScreenModule> {
  return () =>
    Promise.all([import('#journey/question-screen'), load()]).then(
      ([{ questionScreen }, { default: Screen }]) => ({
        default: questionScreen(Screen, preloadPath, screenReady),
      }),
    )
}

export const routeScreens: readonly RouteScreen[] = routes.map((route) => {
  const isQuestion = route.kind === 'question'
  return {
    route,
    isQuestion,
    ...preloadableScreen(isQuestion ? loadQuestion(route.load) : route.load),
  }
})

/**
 * Starts loading the screen that `path` (query and fragment ignored) shows. Resolves false when
 * no route shows it or its code did not load.
 */
export function preloadPath(parser: Parser, path: string): Promise<boolean> {
  const found = screenFor(parser, path)
  return found ? found.preload() : Promise.resolve(false)
}

/**
 * Undefined when the screen `path` shows can be shown at once (its code is here, or no route shows
 * it); otherwise starts loading it and returns when that settles (journey/screen-ready.tsx).
 */
export function screenReady(parser: Parser, path: string): Promise<boolean> | undefined {
  const found = screenFor(parser, path)
  return found === undefined || found.isLoaded() ? undefined : found.preload()
}

function screenFor(parser: Parser, path: string): RouteScreen | undefined {
  const pathname = path.split(/[?#]/)[0] ?? ''
  return routeScreens.find(({ route }) => matchRoute(parser, route.path, pathname)[0])
}
